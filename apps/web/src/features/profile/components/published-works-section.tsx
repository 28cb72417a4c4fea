import { useId, useRef, type ReactNode } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import { useSavedWorks } from '../../../entities/student-favorites/api/get-saved-works';
import { useToggleSavedWork } from '../../../entities/student-favorites/api/toggle-saved-work';
import { useOwnWorks } from '../../../entities/tfx/api/get-own-works';
import { ReviewStatusBadge } from '../../../entities/tfx/components/review-status-badge';
import type { TfxRecord } from '../../../entities/tfx/types';
import { UPLOAD_WORK_PATH, workPath } from '../../../entities/tfx/utils/paths';
import { formatMonthYear } from '../../../lib/dates';
import { EmptyState, SectionError } from './section-states';

interface PublishedWorksSectionProps {
  studentId: number;
  /** Spec §2: offered when tfxes is enabled, create is allowed and the student has none yet. */
  canUploadWork: boolean;
  /** Where the library is, when one is on for the student (/tfx, else /tfx/external). */
  libraryHref: string | null;
  /**
   * The saved resources (`favorites_resources`) list, shown after the saved works; the route
   * brings it from the resources feature (features do not import each other).
   */
  savedResources?: ReactNode;
}

function Subheading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="text-lg font-bold text-slate-900">
      {children}
    </h3>
  );
}

/** One of the student's own works with where it stands in the review (ADR 0036). */
function OwnWork({ work }: { work: TfxRecord }) {
  const a = work.attributes;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h4 className="min-w-48 flex-1 text-base font-semibold text-balance text-slate-900">
          {a.title}
        </h4>
        <div className="flex flex-wrap gap-2">
          <ReviewStatusBadge status={a.review_status} />
          {a.awarded ? (
            <span className="rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-200 ring-inset">
              Premiado
            </span>
          ) : null}
        </div>
      </div>
      {a.summary ? <p className="line-clamp-3 text-sm text-slate-700">{a.summary}</p> : null}
      {formatMonthYear(a.release_month) ? (
        <p className="text-sm text-slate-600">Presentado en {formatMonthYear(a.release_month)}</p>
      ) : null}
      {a.review_status === 'pending' ? (
        <p className="text-sm text-slate-700">
          El equipo de la plataforma lo está revisando. Te avisaremos cuando lo publique.
        </p>
      ) : null}
      {a.review_status === 'rejected' ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">
            {a.rejection_reason
              ? `Motivo del rechazo: ${a.rejection_reason}`
              : 'El equipo de la plataforma lo ha rechazado.'}
          </Alert>
          <ButtonLink to={UPLOAD_WORK_PATH}>Corregir y reenviar</ButtonLink>
        </div>
      ) : null}
      {a.review_status === 'published' ? (
        <div>
          <ButtonLink
            to={workPath(work.id)}
            variant="secondary"
            aria-label={`Ver en la biblioteca: ${a.title}`}
          >
            Ver en la biblioteca
          </ButtonLink>
        </div>
      ) : null}
    </li>
  );
}

/** "Tu trabajo final": the student's own work, or the way to upload it. */
function OwnWorks({ studentId, canUploadWork }: { studentId: number; canUploadWork: boolean }) {
  const works = useOwnWorks(studentId);
  if (works.isPending) return <LoadingStatus />;
  if (works.isError) return <SectionError onRetry={() => void works.refetch()} />;
  if (works.data.length === 0) {
    return (
      <EmptyState
        action={
          canUploadWork ? <ButtonLink to={UPLOAD_WORK_PATH}>Subir mi proyecto</ButtonLink> : null
        }
      >
        Todavía no has publicado ningún trabajo final. Cuando termines tu TFG o TFM, compártelo para
        que inspire a otros estudiantes.
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {works.data.map((work) => (
        <OwnWork key={work.id} work={work} />
      ))}
    </ul>
  );
}

/**
 * "Trabajos guardados": the works the student saved, the platform's and external ones alike
 * (spec §3 favorites_tfxes), each with its page and "Quitar de guardados" (no confirmation: saving
 * again undoes it; a toast confirms it and the focus stays in the list).
 */
function SavedWorks({ studentId, libraryHref }: { studentId: number; libraryHref: string | null }) {
  const saved = useSavedWorks(studentId);
  const unsave = useToggleSavedWork();
  const listRef = useRef<HTMLDivElement>(null);
  if (saved.isPending) return <LoadingStatus />;
  if (saved.isError) return <SectionError onRetry={() => void saved.refetch()} />;
  return (
    <div ref={listRef} tabIndex={-1} className="flex flex-col gap-3 focus:outline-none">
      {unsave.isError ? (
        <Alert tone="error">
          No se ha podido quitar el trabajo de tus guardados. Inténtalo de nuevo en unos minutos.
        </Alert>
      ) : null}
      {saved.data.length === 0 ? (
        <EmptyState
          action={
            libraryHref ? (
              <ButtonLink to={libraryHref} variant="secondary">
                Ir a la biblioteca
              </ButtonLink>
            ) : null
          }
        >
          Todavía no has guardado ningún trabajo. Guarda los que te sirvan de inspiración y los
          tendrás siempre a mano aquí.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {saved.data.map((work) => {
            const facts = [
              work.external ? work.authorName : null,
              work.degreeName,
              work.institution,
              formatMonthYear(work.releaseMonth),
            ].filter(Boolean);
            return (
              <li
                key={work.id}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 sm:p-5"
              >
                <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                  <h4 className="min-w-0 flex-1 text-base font-semibold text-balance text-slate-900">
                    {work.title}
                  </h4>
                  {work.external ? (
                    <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset">
                      Externo
                    </span>
                  ) : null}
                </div>
                {facts.length > 0 ? (
                  <p className="text-sm text-slate-700">{facts.join(' · ')}</p>
                ) : null}
                <div className="flex flex-wrap gap-3">
                  <ButtonLink
                    to={workPath(work.id)}
                    variant="secondary"
                    aria-label={`Ver trabajo: ${work.title}`}
                  >
                    Ver trabajo
                  </ButtonLink>
                  <Button
                    variant="secondary"
                    isPending={unsave.isPending && unsave.variables.workId === work.id}
                    aria-label={`Quitar de guardados: ${work.title}`}
                    onClick={() =>
                      unsave.mutate(
                        { studentId, workId: work.id, save: false },
                        {
                          onSuccess: () => {
                            showToast(`Has quitado «${work.title}» de tus trabajos guardados.`);
                            // The button is gone with its item: keep the focus in the list.
                            listRef.current?.focus();
                          },
                        },
                      )
                    }
                  >
                    Quitar de guardados
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * Spec §2 section `tfx` ("Proyectos publicados" in the profile menu): the student's own final
 * work with where it stands in the review ("Pendiente de revisión", "Publicado", "Rechazado" with
 * the reason and "Corregir y reenviar"), then the works they saved, then the saved resources.
 */
export function PublishedWorksSection({
  studentId,
  canUploadWork,
  libraryHref,
  savedResources,
}: PublishedWorksSectionProps) {
  const ownId = useId();
  const savedId = useId();
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby={ownId} className="flex flex-col gap-3">
        <Subheading id={ownId}>Tu trabajo final</Subheading>
        <OwnWorks studentId={studentId} canUploadWork={canUploadWork} />
      </section>
      <section aria-labelledby={savedId} className="flex flex-col gap-3">
        <Subheading id={savedId}>Trabajos guardados</Subheading>
        <SavedWorks studentId={studentId} libraryHref={libraryHref} />
      </section>
      {savedResources}
    </div>
  );
}
