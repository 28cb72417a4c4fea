import { apiRequest } from '../../../lib/api-client';
import type { ReportFilters } from '../types';
import { apiQueryOf } from '../utils/report-filters';

/** The reports' queries start with the resource as the API names it (ADR 0030). */
export const REPORTS_ROOT = 'reports';

export type ReportName = 'overview' | 'students' | 'projects' | 'applications' | 'impact';

/** `GET /api/reports/<name>` (admins, ADR 0049) for the filters. */
export function getReport<T>(
  name: ReportName,
  filters: ReportFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<T> {
  const query = apiQueryOf(filters);
  return apiRequest<T>(`/api/reports/${name}${query ? `?${query}` : ''}`, { signal });
}

export const reportQueryKey = (name: ReportName, filters: ReportFilters) =>
  [REPORTS_ROOT, name, filters] as const;
