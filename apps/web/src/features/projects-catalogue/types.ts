/**
 * Who is looking at the catalogue. Features do not read the session themselves (house style
 * rule 1): the route module resolves it and passes this down.
 */
export interface CatalogueViewer {
  role: 'visitor' | 'student' | 'admin' | 'other';
  /** The student record (`UserDetails.profileId`) for students; null otherwise. */
  studentId: number | null;
}

/** The facets of `GET /api/projects/search` that hold several values (OR within a facet). */
export const LIST_FACETS = [
  'type',
  'ods',
  'study_area',
  'study_subarea',
  'presentiality',
  'location',
  'dedication',
  'language',
  'status',
] as const;
export type ListFacet = (typeof LIST_FACETS)[number];

/** The yes/no facets (`true` | `false`). */
export const BOOLEAN_FACETS = ['remuneration', 'internship'] as const;
export type BooleanFacet = (typeof BOOLEAN_FACETS)[number];

export type FacetName = ListFacet | BooleanFacet;

export const SORTS = ['recent', 'title', 'deadline', 'relevance'] as const;
export type CatalogueSort = (typeof SORTS)[number];

/** Everything a search is: the URL holds exactly this (ADR 0027). */
export interface CatalogueFilters {
  q: string;
  locality: string;
  facets: Record<FacetName, string[]>;
  sort: CatalogueSort;
  page: number;
}

/** A degree a call is for, with the university that teaches it (through its campus). */
export interface CallDegree {
  id: number;
  name: string;
  /** The universities of the degree's campuses (a degree row belongs to one campus). */
  universities: string[];
}

/** A call (convocatoria) a student may apply under. */
export interface Call {
  id: number;
  name: string;
  requiresDni: boolean;
  /** `academic_period_start` / `academic_period_end`, "yyyy-MM-dd". */
  periodStart: string | null;
  periodEnd: string | null;
  description: string | null;
  degrees: CallDegree[];
}
