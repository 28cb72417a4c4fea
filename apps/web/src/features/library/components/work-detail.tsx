import { bytesOfStrapiSize, fileSizeText } from '@plataforma/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { OdsTiles } from '../../../components/ui/ods-tiles';
import { ReviewStatusBadge } from '../../../entities/tfx/components/review-status-badge';
import type { TfxRecord } from '../../../entities/tfx/types';
import { UPLOAD_WORK_PATH } from '../../../entities/tfx/utils/paths';
import { formatMonthYear } from '../../../lib/dates';
import { LazyPdfViewer } from './pdf-viewer/lazy-pdf-viewer';
import { SaveWorkToggle } from './save-work-toggle';
import { AwardedBadge, ExternalLink, TagList } from './work-badges';

const COUNT = new Intl.NumberFormat('es-ES');

/** `GET /api/tfxes/:id/download`: 302 to the PDF, counting a download (ADR 0036). */
export const downloadPath = (id: number) => `/api/tfxes/${id}/download`;

function Fact({ label, value }: { label: string; value: string | number | null }) {
  if (value === null || value === '') return null;
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-base text-slate-900">{value}</dd>
    </div>
  );
}

interface WorkDetailProps {
  work: TfxRecord;
  /** Students get the save button. */
  studentId: number | null;
  isSaved: boolean;
  /** The student is its author (a pending or rejected work is shown to them alone). */
  isOwn: boolean;
  backHref: string;
  backLabel: string;
  /** The related works, below the document. */
  related: ReactNode;
}

/**
 * A work's page: title, summary, the author's degree and university (never their contact
 * data; an external work's author by name), topics, ODS, "Premiado", views and downloads, the
 * PDF in the inline viewer with its download, and the related works.
 */
export function WorkDetail({
  work,
  studentId,
  isSaved,
  isOwn,
  backHref,
  backLabel,
  related,
}: WorkDetailProps) {
  const a = work.attributes;
  const file = work.file;
  const year = formatMonthYear(a.release_month) ?? (a.tfxDate ? a.tfxDate.slice(0, 4) : null);
  const unpublished = a.review_status !== 'published';
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-3 py-5 sm:px-6 sm:py-10">
      <Link
        to={backHref}
        className="self-start text-sm font-semibold text-main-ink underline underline-offset-2"
      >
        {backLabel}
      </Link>

      {isOwn && unpublished ? (
        <Alert tone={a.review_status === 'rejected' ? 'error' : 'info'}>
          {a.review_status === 'rejected' ? (
            <>
              El equipo de la plataforma ha rechazado tu trabajo
              {a.rejection_reason ? `: ${a.rejection_reason}` : '.'}{' '}
              <Link to={UPLOAD_WORK_PATH} className="font-semibold underline underline-offset-2">
                Corregir y reenviar
              </Link>
            </>
          ) : (
            'Tu trabajo está pendiente de revisión: solo tú y el equipo de la plataforma lo veis hasta que se publique.'
          )}
        </Alert>
      ) : null}

      <header className="flex flex-col gap-3">
        {a.awarded || (isOwn && unpublished) ? (
          <div className="flex flex-wrap gap-2">
            {isOwn ? <ReviewStatusBadge status={a.review_status} /> : null}
            {a.awarded ? <AwardedBadge /> : null}
          </div>
        ) : null}
        <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
          {a.title}
        </h1>
        {studentId !== null && !unpublished ? (
          <div>
            <SaveWorkToggle
              studentId={studentId}
              workId={work.id}
              workTitle={a.title}
              isSaved={isSaved}
            />
          </div>
        ) : null}
      </header>

      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {a.summary ? (
            <section aria-labelledby="trabajo-resumen" className="flex flex-col gap-2">
              <h2 id="trabajo-resumen" className="text-lg font-bold text-slate-900">
                Resumen
              </h2>
              <p className="text-base whitespace-pre-line text-slate-800">{a.summary}</p>
            </section>
          ) : null}
          {a.tags && a.tags.length > 0 ? (
            <section aria-labelledby="trabajo-temas" className="flex flex-col gap-2">
              <h2 id="trabajo-temas" className="text-lg font-bold text-slate-900">
                Temas
              </h2>
              <TagList tags={a.tags} />
            </section>
          ) : null}
          {a.ods && a.ods.length > 0 ? (
            <section aria-labelledby="trabajo-ods" className="flex flex-col gap-2">
              <h2 id="trabajo-ods" className="text-lg font-bold text-slate-900">
                Objetivos de Desarrollo Sostenible
              </h2>
              <OdsTiles ods={a.ods} />
            </section>
          ) : null}
        </div>

        <aside
          aria-label="Datos del trabajo"
          className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:self-start"
        >
          <dl className="flex flex-col gap-3">
            {a.external ? <Fact label="Autoría" value={a.author_name} /> : null}
            <Fact label="Titulación" value={a.degree_name} />
            <Fact label="Universidad" value={a.institution} />
            <Fact label="Área de estudio" value={a.study_area} />
            <Fact label="Presentado en" value={year} />
            <Fact label="Idioma" value={a.language} />
            <Fact label="Sector" value={a.sector} />
          </dl>
          <dl className="flex gap-6 border-t border-slate-200 pt-3">
            <Fact label="Visitas" value={COUNT.format(a.views_count)} />
            <Fact label="Descargas" value={COUNT.format(a.downloads_count)} />
          </dl>
        </aside>
      </div>

      <section aria-labelledby="trabajo-documento" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="trabajo-documento" className="text-lg font-bold text-slate-900">
            Documento
          </h2>
          {file ? (
            <a href={downloadPath(work.id)} className={buttonClasses('primary')}>
              {/* One text: the button's flex gap would split its words from the size. */}
              <span>
                Descargar PDF<span className="sr-only">: {a.title}</span> (
                {fileSizeText(bytesOfStrapiSize(file.size))})
              </span>
            </a>
          ) : null}
        </div>
        {file ? (
          <LazyPdfViewer
            url={file.url}
            title={a.title}
            onFailedHint="Puedes descargarlo con el botón «Descargar PDF»."
          />
        ) : a.file_URL ? (
          <div className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
            <p className="text-sm text-slate-800">
              Este trabajo se consulta en su sitio de origen.
            </p>
            <ExternalLink href={a.file_URL} className={buttonClasses('primary')}>
              Ver trabajo
            </ExternalLink>
          </div>
        ) : (
          <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
            Este trabajo no tiene ningún documento disponible.
          </p>
        )}
      </section>

      {related}
    </div>
  );
}
