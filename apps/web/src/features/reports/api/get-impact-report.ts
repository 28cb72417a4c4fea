import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportsImpactAnswer } from '@plataforma/shared';
import type { ReportFilters } from '../types';
import { getReport, reportQueryKey } from './reports-query';

/** `GET /api/reports/impact`: hours, organisations active and the ODS summary. */
export const getImpactReport = (filters: ReportFilters, options: { signal?: AbortSignal } = {}) =>
  getReport<ReportsImpactAnswer>('impact', filters, options);

export const impactReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: reportQueryKey('impact', filters),
    queryFn: ({ signal }) => getImpactReport(filters, { signal }),
    // The figures of the last filters stay on screen, marked as updating, while the new ones load.
    placeholderData: keepPreviousData,
  });

export const useImpactReport = (filters: ReportFilters) =>
  useQuery(impactReportQueryOptions(filters));
