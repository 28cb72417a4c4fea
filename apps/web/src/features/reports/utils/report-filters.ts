import { isCalendarDay, type ReportsQuery } from '@plataforma/shared';
import type { ReportFilters } from '../types';

/** The address's parameters of /admin/informes. */
export const FILTER_PARAMS = { university: 'universidad', from: 'desde', to: 'hasta' } as const;

export const NO_FILTERS: ReportFilters = { university: null, from: null, to: null };

/**
 * The filters in the address. What the API would refuse is dropped, so a hand-edited link never
 * ends in an error: an id that is no positive integer, a day that is not one, an end before the
 * start (the end is dropped).
 */
export function readReportFilters(params: URLSearchParams): ReportFilters {
  const id = Number(params.get(FILTER_PARAMS.university));
  const day = (key: 'from' | 'to') => {
    const value = params.get(FILTER_PARAMS[key]);
    return value !== null && isCalendarDay(value) ? value : null;
  };
  const from = day('from');
  const to = day('to');
  return {
    university: Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null,
    from,
    to: from !== null && to !== null && to < from ? null : to,
  };
}

/** The address's parameters for `filters` (those given only). */
export function writeReportFilters(filters: ReportFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.university !== null) params.set(FILTER_PARAMS.university, String(filters.university));
  if (filters.from !== null) params.set(FILTER_PARAMS.from, filters.from);
  if (filters.to !== null) params.set(FILTER_PARAMS.to, filters.to);
  return params;
}

/** The API's query (`GET /api/reports/*`) for `filters`. */
export function apiQueryOf(filters: ReportFilters): string {
  const query: Record<keyof ReportsQuery, string | null> = {
    university: filters.university === null ? null : String(filters.university),
    from: filters.from,
    to: filters.to,
  };
  return new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== null),
  ).toString();
}

export const hasReportFilters = (filters: ReportFilters) =>
  filters.university !== null || filters.from !== null || filters.to !== null;
