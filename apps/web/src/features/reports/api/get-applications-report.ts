import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportsApplicationsAnswer } from '@plataforma/shared';
import type { ReportFilters } from '../types';
import { getReport, reportQueryKey } from './reports-query';

/** `GET /api/reports/applications`: applications and selections by month. */
export const getApplicationsReport = (
  filters: ReportFilters,
  options: { signal?: AbortSignal } = {},
) => getReport<ReportsApplicationsAnswer>('applications', filters, options);

export const applicationsReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: reportQueryKey('applications', filters),
    queryFn: ({ signal }) => getApplicationsReport(filters, { signal }),
    // The figures of the last filters stay on screen, marked as updating, while the new ones load.
    placeholderData: keepPreviousData,
  });

export const useApplicationsReport = (filters: ReportFilters) =>
  useQuery(applicationsReportQueryOptions(filters));
