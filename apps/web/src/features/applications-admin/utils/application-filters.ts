import { APPLICATION_STATUSES, type ApplicationStatus } from '@plataforma/shared';
import type { ApplicationFilters } from '../types';

/** The search parameters of /projects/applys, one per filter, plus `page`. */
export const FILTER_KEYS = [
  'status',
  'project',
  'organization',
  'university',
  'degree',
  'from',
  'to',
] as const satisfies readonly (keyof ApplicationFilters)[];

export const PAGE_PARAM = 'page';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

function isStatus(value: string): value is ApplicationStatus {
  return (APPLICATION_STATUSES as readonly string[]).includes(value);
}

function isDay(value: string): boolean {
  if (!DAY_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

/**
 * Reads the filters out of the URL. Blank texts, unknown statuses and impossible dates are
 * dropped, so a hand-edited link never makes the API answer 400.
 */
export function readFilters(params: URLSearchParams): ApplicationFilters {
  const filters: ApplicationFilters = {};
  const status = params.get('status');
  if (status && isStatus(status)) filters.status = status;
  for (const key of ['project', 'organization', 'university', 'degree'] as const) {
    const text = params.get(key)?.trim();
    if (text) filters[key] = text;
  }
  for (const key of ['from', 'to'] as const) {
    const day = params.get(key);
    if (day && isDay(day)) filters[key] = day;
  }
  return filters;
}

/** The page asked for in the URL: a positive integer, 1 otherwise. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The URL search parameters for `filters` (page 1: new filters start from the first page). */
export function writeFilters(filters: ApplicationFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

export function hasFilters(filters: ApplicationFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined);
}

/** Local midnight of a YYYY-MM-DD day, `addDays` later, as the ISO instant the API compares. */
function localMidnight(day: string, addDays = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + addDays).toISOString();
}

/**
 * The Strapi `filters` query parameters of GET /api/applys and GET /api/applys/export for
 * `filters`: status `$eq`; project title, organisation, university and degree names
 * `$containsi`; "from" and "to" as whole local days on createdAt (`$gte` from's midnight, `$lt`
 * the midnight after "to").
 */
export function toStrapiFilters(filters: ApplicationFilters): [string, string][] {
  const entries: [string, string][] = [];
  if (filters.status) entries.push(['filters[status][$eq]', filters.status]);
  if (filters.project) entries.push(['filters[project][title][$containsi]', filters.project]);
  if (filters.organization) {
    entries.push(['filters[project][organization][name][$containsi]', filters.organization]);
  }
  if (filters.university) {
    entries.push(['filters[student][university][name][$containsi]', filters.university]);
  }
  if (filters.degree) {
    entries.push(['filters[student][degree][name][$containsi]', filters.degree]);
  }
  if (filters.from) entries.push(['filters[createdAt][$gte]', localMidnight(filters.from)]);
  if (filters.to) entries.push(['filters[createdAt][$lt]', localMidnight(filters.to, 1)]);
  return entries;
}

/** The name of the exported file: `candidaturas-YYYY-MM-DD.csv` (local date). */
export function exportFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `candidaturas-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
