import { APPLICATION_STATUSES, type ApplicationStatus } from '@plataforma/shared';
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useCandidates } from '../../../entities/application/api/get-candidates';
import { countByStatus, filterByStatus, isApplicationStatus } from '../utils/candidates';
import { ApiErrorAlert } from './api-error-alert';
import { CandidateCard } from './candidate-card';

/** The address parameter holding the status filter. */
export const STATUS_PARAM = 'estado';

interface CandidatesReviewProps {
  projectId: number;
  /**
   * "Escribir a los candidatos" (ADR 0046), given the status the list is filtered by: the
   * announcements' dialog, which the route brings in (features do not import each other).
   */
  writeToCandidates?: (status: ApplicationStatus | null) => ReactNode;
}

/**
 * The applications to one project (newest first) with a status filter kept in the address
 * (`?estado=`), so a filtered list can be reloaded and shared; with candidates, a way to write
 * to them.
 */
export function CandidatesReview({ projectId, writeToCandidates }: CandidatesReviewProps) {
  const candidates = useCandidates(projectId);
  const [params, setParams] = useSearchParams();
  const filterId = useId();
  const chosen = params.get(STATUS_PARAM);
  const status = isApplicationStatus(chosen) ? chosen : null;

  if (candidates.isPending) return <LoadingStatus />;
  if (candidates.isError) {
    return (
      <ApiErrorAlert
        error={candidates.error}
        fallback="No se han podido cargar las candidaturas. Inténtalo de nuevo en unos minutos."
      />
    );
  }
  const all = candidates.data;
  if (all.length === 0) {
    return <p className="text-base text-slate-700">Todavía no hay candidaturas a este proyecto.</p>;
  }
  const counts = countByStatus(all);
  const shown = filterByStatus(all, status);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex w-full flex-col gap-1.5 sm:max-w-xs">
          <label htmlFor={filterId} className="text-sm font-semibold text-slate-900">
            Filtrar por estado
          </label>
          <select
            id={filterId}
            value={status ?? ''}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              if (event.target.value) next.set(STATUS_PARAM, event.target.value);
              else next.delete(STATUS_PARAM);
              setParams(next, { replace: true });
            }}
            className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
          >
            <option value="">Todas ({all.length})</option>
            {APPLICATION_STATUSES.map((option) => (
              <option key={option} value={option}>
                {option} ({counts[option] ?? 0})
              </option>
            ))}
          </select>
        </div>
        {writeToCandidates?.(status)}
      </div>
      <p role="status" className="text-sm text-slate-700">
        {shown.length === 1 ? '1 candidatura' : `${shown.length} candidaturas`}
        {status ? ` en «${status}»` : ''}
      </p>
      <div className="flex flex-col gap-4">
        {shown.map((candidate) => (
          <CandidateCard key={candidate.id} candidate={candidate} />
        ))}
      </div>
    </div>
  );
}
