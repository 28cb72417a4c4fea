import type { TfxReviewStatus } from '@plataforma/shared';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { Pagination } from '../../../components/ui/pagination';
import { showToast } from '../../../components/ui/toast';
import { formatLongDate } from '../../../lib/dates';
import { useDownloadWorkFile } from '../api/download-work-file';
import { useReviewWorks } from '../api/get-review-works';
import { useReviewWork } from '../api/review-work';
import type { ReviewWork } from '../types';
import { formatReleaseMonth } from '../utils/to-review-work';
import { RejectDialog } from './reject-dialog';

const TITLES: Record<TfxReviewStatus, string> = {
  pending: 'Pendientes de revisión',
  published: 'Publicados',
  rejected: 'Rechazados',
};

const EMPTY: Record<TfxReviewStatus, string> = {
  pending:
    'No hay trabajos pendientes de revisión. Cuando un estudiante suba su trabajo final, aparecerá aquí.',
  published: 'Todavía no se ha publicado ningún trabajo de estudiantes.',
  rejected: 'No hay trabajos rechazados.',
};

const countLabel = (total: number) => (total === 1 ? '1 trabajo' : `${total} trabajos`);

function Fact({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div>
      <dt className="inline font-semibold text-slate-900">{label}: </dt>
      <dd className="inline">{value}</dd>
    </div>
  );
}

interface WorkCardProps {
  work: ReviewWork;
  actions: ReactNode;
}

/** One work under review: what the staff needs to decide, and the way to its PDF. */
function WorkCard({ work, actions }: WorkCardProps) {
  const download = useDownloadWorkFile();
  const dated =
    work.reviewStatus === 'published' && work.publishedAt
      ? { label: 'Publicado el', at: work.publishedAt }
      : work.reviewStatus === 'rejected'
        ? { label: 'Rechazado el', at: work.updatedAt }
        : { label: 'Enviado el', at: work.createdAt };
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h3 className="min-w-0 flex-1 text-base font-semibold text-balance text-slate-900">
          {work.title}
        </h3>
        {work.textStatus === 'empty' ? (
          <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
            sin texto indexable
          </span>
        ) : null}
      </div>
      <dl className="flex flex-col gap-1 text-sm text-slate-700">
        <Fact label="Autor o autora" value={work.author} />
        <Fact label="Titulación" value={work.degree} />
        <Fact label="Universidad" value={work.university} />
        <Fact label="Fecha del trabajo" value={formatReleaseMonth(work.releaseMonth)} />
        <div>
          <dt className="inline font-semibold text-slate-900">{dated.label}: </dt>
          <dd className="inline">
            <time dateTime={dated.at}>{formatLongDate(dated.at)}</time>
          </dd>
        </div>
      </dl>
      {work.textStatus === 'empty' ? (
        <p className="text-sm text-slate-700">
          No se ha podido leer texto en el PDF (escaneado, protegido o dañado): se publica igual,
          pero no se encontrará buscando palabras de su interior.
        </p>
      ) : null}
      {work.reviewStatus === 'rejected' && work.rejectionReason ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
          <strong>Motivo del rechazo:</strong> {work.rejectionReason}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {work.file ? (
          <Button
            variant="secondary"
            isPending={download.isPending}
            aria-label={`Descargar el PDF de «${work.title}»`}
            onClick={() => download.mutate(work.file!)}
          >
            Descargar PDF
          </Button>
        ) : null}
        {work.externalUrl ? (
          <a
            href={work.externalUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-semibold text-main-ink underline underline-offset-2"
          >
            Abrir el enlace del trabajo
            <span className="sr-only"> (se abre en otra pestaña)</span>
          </a>
        ) : null}
        {!work.file && !work.externalUrl ? (
          <span className="text-sm text-slate-600">Sin PDF</span>
        ) : null}
        {actions}
      </div>
      {download.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          No se ha podido descargar el PDF: {download.error.message}
        </p>
      ) : null}
    </li>
  );
}

/**
 * One list of the staff review (ADR 0036): the works pending review, with "Publicar" and
 * "Rechazar" (which asks the reason), or the latest published or rejected ones. Each decision is
 * confirmed with a toast; the work leaves the list and the focus stays in it.
 */
export function ReviewList({ status }: { status: TfxReviewStatus }) {
  const [params] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const list = useReviewWorks(status, page);
  const review = useReviewWork();
  const headingId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const [rejecting, setRejecting] = useState<ReviewWork | null>(null);

  function done(message: string) {
    showToast(message);
    setRejecting(null);
    setTimeout(() => listRef.current?.focus(), 0);
  }

  function publish(work: ReviewWork) {
    review.mutate(
      { workId: work.id, decision: 'publish' },
      {
        onSuccess: () =>
          done(`Has publicado «${work.title}». Ya aparece en la biblioteca y su autor lo sabe.`),
      },
    );
  }

  function reject(reason: string) {
    if (!rejecting) return;
    const work = rejecting;
    review.mutate(
      { workId: work.id, decision: 'reject', reason },
      { onSuccess: () => done(`Has rechazado «${work.title}». Le hemos enviado el motivo.`) },
    );
  }

  let body;
  if (list.isPending) body = <LoadingStatus />;
  else if (list.isError) {
    body = (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>No se han podido cargar los trabajos. Inténtalo de nuevo en unos minutos.</span>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  } else if (list.data.works.length === 0 && page > 1) {
    // The last work of a later page was just decided, or the link is old.
    body = (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center">
        <p className="text-base text-slate-700">Esta página no tiene trabajos.</p>
        <ButtonLink to="?" variant="secondary">
          Ir a la primera página
        </ButtonLink>
      </div>
    );
  } else if (list.data.works.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center text-base text-slate-700">
        {EMPTY[status]}
      </p>
    );
  } else {
    body = (
      <>
        <ul aria-labelledby={headingId} className="flex flex-col gap-3">
          {list.data.works.map((work) => (
            <WorkCard
              key={work.id}
              work={work}
              actions={
                status === 'pending' ? (
                  <span className="flex flex-wrap gap-2 sm:ml-auto">
                    <Button
                      isPending={
                        review.isPending &&
                        rejecting === null &&
                        review.variables.workId === work.id
                      }
                      disabled={review.isPending}
                      aria-label={`Publicar «${work.title}»`}
                      onClick={() => {
                        review.reset();
                        publish(work);
                      }}
                    >
                      Publicar
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={review.isPending}
                      aria-label={`Rechazar «${work.title}»`}
                      onClick={() => {
                        review.reset();
                        setRejecting(work);
                      }}
                    >
                      Rechazar
                    </Button>
                  </span>
                ) : null
              }
            />
          ))}
        </ul>
        <Pagination
          page={list.data.pagination.page}
          pageCount={list.data.pagination.pageCount}
          hrefFor={(n) => (n > 1 ? `?page=${n}` : '?')}
        />
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {TITLES[status]}
        </h2>
        <p role="status" className="text-sm text-slate-700">
          {list.data ? countLabel(list.data.pagination.total) : ''}
        </p>
      </div>
      {review.isError && rejecting === null ? (
        <Alert tone="error">No se ha podido publicar el trabajo: {review.error.message}</Alert>
      ) : null}
      <div ref={listRef} tabIndex={-1} className="flex flex-col gap-4 focus:outline-none">
        {body}
      </div>
      <RejectDialog
        key={rejecting?.id ?? 'closed'}
        workTitle={rejecting?.title ?? null}
        isPending={review.isPending}
        error={review.isError && rejecting !== null ? review.error.message : null}
        onConfirm={reject}
        onClose={() => {
          setRejecting(null);
          review.reset();
        }}
      />
    </section>
  );
}
