import { ButtonLink } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useStudentWorks } from '../api/get-student-works';
import { EmptyState, SectionError } from './section-states';

/** Spec §2: where a student uploads their finished work. */
export const UPLOAD_WORK_PATH = '/tfx/create/form?status=finished';

interface PublishedWorksSectionProps {
  studentId: number;
  /** Spec §2: offered when tfxes is enabled, create is allowed and the student has none yet. */
  canUploadWork: boolean;
}

/** "Proyectos publicados": the student's own final works (TFG/TFM) in the library. */
export function PublishedWorksSection({ studentId, canUploadWork }: PublishedWorksSectionProps) {
  const works = useStudentWorks(studentId);
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
        <li
          key={work.id}
          className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 sm:p-5"
        >
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <h3 className="min-w-0 flex-1 text-base font-semibold text-balance">{work.title}</h3>
            {work.awarded ? (
              <span className="rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-200 ring-inset">
                Premiado
              </span>
            ) : null}
          </div>
          {work.summary ? (
            <p className="line-clamp-3 text-sm text-slate-700">{work.summary}</p>
          ) : null}
          {work.releaseMonth ? (
            <p className="text-sm text-slate-600">Publicado en {work.releaseMonth}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
