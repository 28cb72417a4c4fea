import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportsStudentsAnswer } from '@plataforma/shared';
import type { ReportFilters } from '../types';
import { getReport, reportQueryKey } from './reports-query';

/** `GET /api/reports/students`: students by degree, thesis stage and goal. */
export const getStudentsReport = (filters: ReportFilters, options: { signal?: AbortSignal } = {}) =>
  getReport<ReportsStudentsAnswer>('students', filters, options);

export const studentsReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: reportQueryKey('students', filters),
    queryFn: ({ signal }) => getStudentsReport(filters, { signal }),
    // The figures of the last filters stay on screen, marked as updating, while the new ones load.
    placeholderData: keepPreviousData,
  });

export const useStudentsReport = (filters: ReportFilters) =>
  useQuery(studentsReportQueryOptions(filters));
