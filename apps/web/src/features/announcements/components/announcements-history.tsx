import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { Pagination } from '../../../components/ui/pagination';
import { useAnnouncements } from '../api/get-announcements';
import { communicationPath, NEW_COMMUNICATION_PATH } from '../paths';
import type { Announcement } from '../types';
import { authorName, countOf, formatCount, whenText } from '../utils/delivery';
import { AnnouncementStatusBadge } from './status-badge';
import { PageFrame } from './page-frame';

/** Whether the send has run: before it, its counts are not known. */
const hasRun = (status: Announcement['attributes']['status']) =>
  status !== 'scheduled' && status !== 'cancelled';

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-semibold text-slate-600">{term}</dt>
      <dd className="text-base font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

function HistoryItem({ announcement }: { announcement: Announcement }) {
  const { attributes } = announcement;
  const ran = hasRun(attributes.status);
  const figure = (count: number) => (ran ? formatCount(count) : '—');
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-base font-semibold break-words text-slate-900">
          <Link
            to={communicationPath(announcement.id)}
            className="text-main-ink underline-offset-2 hover:underline"
          >
            {attributes.subject}
          </Link>
        </h2>
        <AnnouncementStatusBadge status={attributes.status} />
      </div>
      <p className="text-sm text-slate-700">
        {whenText(attributes)} · Por {authorName(attributes.author?.data)}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure term="Destinatarios" value={figure(attributes.recipients)} />
        <Figure term="Correos enviados" value={figure(attributes.emailsSent)} />
        <Figure term="Correos fallidos" value={figure(attributes.emailsFailed)} />
        <Figure term="Leídas" value={figure(attributes.entriesRead)} />
      </dl>
    </li>
  );
}

/**
 * `/admin/comunicaciones` (ADR 0046): every communication, newest first, with its state, author,
 * moment and delivery; a page with a send under way is read again every few seconds. The page is
 * in the address.
 */
export function AnnouncementsHistory() {
  const [params] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const list = useAnnouncements(page);
  const headingId = useId();

  return (
    <PageFrame
      title={<span id={headingId}>Comunicaciones</span>}
      intro="Lo que la administración, el profesorado y las organizaciones han escrito a los estudiantes: a quién, cuándo y cómo ha llegado."
      actions={<ButtonLink to={NEW_COMMUNICATION_PATH}>Nueva comunicación</ButtonLink>}
    >
      {list.isPending ? (
        <LoadingStatus />
      ) : list.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>No se ha podido cargar el historial. Inténtalo de nuevo en unos minutos.</span>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : list.data.data.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center">
          <p className="max-w-md text-base text-slate-700">
            {page > 1
              ? 'Esta página no tiene comunicaciones.'
              : 'Todavía no se ha enviado ninguna comunicación.'}
          </p>
          {page > 1 ? (
            <ButtonLink to="?" variant="secondary">
              Ir a la primera página
            </ButtonLink>
          ) : (
            <ButtonLink to={NEW_COMMUNICATION_PATH}>Escribir la primera</ButtonLink>
          )}
        </div>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-700">
            {countOf(list.data.meta.pagination.total, 'comunicación', 'comunicaciones')}
          </p>
          <ul aria-labelledby={headingId} className="flex flex-col gap-3">
            {list.data.data.map((announcement) => (
              <HistoryItem key={announcement.id} announcement={announcement} />
            ))}
          </ul>
          <Pagination
            page={list.data.meta.pagination.page}
            pageCount={list.data.meta.pagination.pageCount}
            hrefFor={(n) => (n > 1 ? `?page=${n}` : '?')}
          />
        </>
      )}
    </PageFrame>
  );
}
