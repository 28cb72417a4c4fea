import type { CallUsage, CampusUsage, DegreeUsage, Pagination } from '@plataforma/shared';

/** An entry named by the catalogue: what a link, a breadcrumb or a checkbox shows. */
export interface NamedEntry {
  id: number;
  name: string;
}

/** A university of the first list (spec §3 University), with how many campuses it has. */
export interface UniversityItem extends NamedEntry {
  campusCount: number;
}

/** A campus or faculty (spec §3 Campus) with its university and how many degrees it offers. */
export interface CampusItem extends NamedEntry {
  university: NamedEntry | null;
  degreeCount: number;
}

/** A call (spec §3 Call): its academic period's days as "yyyy-MM-dd", either open when null. */
export interface CallItem extends NamedEntry {
  start: string | null;
  end: string | null;
  description: string | null;
  degrees: NamedEntry[];
}

/** A degree (spec §3 Degree) with the campuses that offer it and its calls. */
export interface DegreeItem extends NamedEntry {
  /** Years; null when the catalogue does not say. */
  duration: number | null;
  master: boolean;
  campuses: NamedEntry[];
  calls: CallItem[];
}

/** One page of a list and where it is. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/** What the admin may delete from the screen, and what its delete touches. */
export type DeleteTarget =
  | { kind: 'campus'; entry: NamedEntry }
  | { kind: 'degree'; entry: NamedEntry }
  | { kind: 'call'; entry: NamedEntry };

export type UsageOf<K extends DeleteTarget['kind']> = K extends 'campus'
  ? CampusUsage
  : K extends 'degree'
    ? DegreeUsage
    : CallUsage;

/** What `POST`/`PUT /api/campuses` are sent (spec §7 plus the university, ADR 0047). */
export interface CampusWriteData {
  name: string;
  university: number;
}

/** What `POST`/`PUT /api/degrees` are sent (spec §7). */
export interface DegreeWriteData {
  name: string;
  duration: number;
  master: boolean;
  campuses: number[];
}

/** What `POST`/`PUT /api/calls` are sent (spec §7). */
export interface CallWriteData {
  name: string;
  degrees: number[];
  academic_period_start: string;
  academic_period_end: string;
  description: string | null;
}
