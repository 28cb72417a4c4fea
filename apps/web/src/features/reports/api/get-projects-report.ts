import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportsProjectsAnswer } from '@plataforma/shared';
import type { ReportFilters } from '../types';
import { getReport, reportQueryKey } from './reports-query';

/** `GET /api/reports/projects`: projects by status, type, organisation type and ODS. */
export const getProjectsReport = (filters: ReportFilters, options: { signal?: AbortSignal } = {}) =>
  getReport<ReportsProjectsAnswer>('projects', filters, options);

export const projectsReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: reportQueryKey('projects', filters),
    queryFn: ({ signal }) => getProjectsReport(filters, { signal }),
    // The figures of the last filters stay on screen, marked as updating, while the new ones load.
    placeholderData: keepPreviousData,
  });

export const useProjectsReport = (filters: ReportFilters) =>
  useQuery(projectsReportQueryOptions(filters));
