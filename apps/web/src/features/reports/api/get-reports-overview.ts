import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportsOverviewAnswer } from '@plataforma/shared';
import type { ReportFilters } from '../types';
import { getReport, reportQueryKey } from './reports-query';

/** `GET /api/reports/overview`: the headline figures. */
export const getReportsOverview = (
  filters: ReportFilters,
  options: { signal?: AbortSignal } = {},
) => getReport<ReportsOverviewAnswer>('overview', filters, options);

export const reportsOverviewQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: reportQueryKey('overview', filters),
    queryFn: ({ signal }) => getReportsOverview(filters, { signal }),
    // The figures of the last filters stay on screen, marked as updating, while the new ones load.
    placeholderData: keepPreviousData,
  });

export const useReportsOverview = (filters: ReportFilters) =>
  useQuery(reportsOverviewQueryOptions(filters));
