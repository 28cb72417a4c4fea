import type { ProjectStatus } from '@plataforma/shared';

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

/** `{id, name}` of a related record as the search answers it. */
export interface SearchRef {
  id: number;
  name: string;
}

/** The attributes `GET /api/projects/search` answers for each project (contract issue 6). */
export interface SearchProjectAttributes {
  title: string;
  description: string | null;
  status: ProjectStatus;
  type: string | null;
  ods: number[] | null;
  tags: string[] | null;
  study_areas: string[] | null;
  study_subareas: string[] | null;
  presentiality: string | null;
  location: string | null;
  locality: string | null;
  remuneration: boolean | null;
  dedication: string | null;
  language: string | null;
  internship: boolean | null;
  application_deadline: string | null;
  publishedAt: string | null;
  createdAt: string;
  organization: (SearchRef & { logoUrl?: string | null }) | null;
  teacher: SearchRef | null;
  /** Students only. */
  saved?: boolean;
  applied?: boolean;
}

export interface FacetCount {
  value: string;
  count: number;
}

/** `meta.facets`: keyed by the attribute names (plural for study areas). */
export type FacetCounts = Partial<Record<string, FacetCount[]>>;

/** A project card's data. */
export interface ProjectCardData {
  id: number;
  title: string;
  description: string | null;
  status: ProjectStatus;
  type: string | null;
  location: string | null;
  locality: string | null;
  organizationName: string | null;
  teacherName: string | null;
  ods: number[];
  applicationDeadline: string | null;
  saved: boolean;
  applied: boolean;
}

export interface SearchResult {
  projects: ProjectCardData[];
  pagination: { page: number; pageSize: number; pageCount: number; total: number };
  facets: FacetCounts;
}

export interface RecommendedProject {
  project: ProjectCardData;
  score: number;
  reasons: string[];
}

/** The project as its detail page shows it (`GET /api/projects/:id` with populate). */
export interface ProjectDetail {
  id: number;
  title: string;
  description: string | null;
  status: ProjectStatus;
  type: string | null;
  objectives: string | null;
  ods: number[];
  odsExplanation: string | null;
  academicProfile: string | null;
  requirements: string | null;
  workingMethod: string | null;
  tags: string[];
  internship: boolean;
  language: string | null;
  presentiality: string | null;
  location: string | null;
  locality: string | null;
  remuneration: boolean;
  dedication: string | null;
  studyAreas: string[];
  studySubareas: string[];
  applicationDeadline: string | null;
  rejectionReason: string | null;
  publishedAt: string | null;
  organization: {
    id: number;
    name: string;
    description: string | null;
    web: string | null;
    logoUrl: string | null;
  } | null;
  teacherName: string | null;
}

/** The viewer's own application to one project, if any. */
export interface OwnApplication {
  id: number;
  status: string;
}

/** A call (convocatoria) a student may apply under. */
export interface Call {
  id: number;
  name: string;
  requiresDni: boolean;
}
