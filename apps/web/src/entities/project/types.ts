import type {
  MyProjectsAnswer,
  Pagination,
  ProjectAttributes as ProjectFields,
  ProjectCard,
  ProjectStatus,
  ProjectWrite,
} from '@plataforma/shared';

/** A related record as `populate` answers it (Strapi v4: `{data:{id, attributes}}`). */
export interface Relation<T> {
  data: { id: number; attributes: T } | null;
}

/** Strapi v4 page pagination (`meta.pagination`). */
export type { Pagination };

export interface RelationList<T> {
  data: { id: number; attributes: T }[];
}

/**
 * A project's attributes as the generic routes answer them (spec §3 Project, the shared
 * contract's fields; any of them may be left out by `fields`), and the relations
 * `GET /api/projects/:id` populates (ADR 0030: one project read for the detail page and the
 * publisher's form).
 */
export type ProjectAttributes = Partial<ProjectFields> &
  Pick<ProjectFields, 'title' | 'status'> & {
    organization?: Relation<{
      name: string;
      description?: string | null;
      web?: string | null;
      logo?: Relation<{ url: string }>;
    }>;
    teacher?: Relation<{ user?: Relation<{ name?: string | null; surname?: string | null }> }>;
    campus?: Relation<{ name: string; university?: Relation<{ name: string }> }>;
  };

/** One project entry (`{id, attributes}`). */
export interface ProjectRecord {
  id: number;
  attributes: ProjectAttributes;
}

/** What a project's body sends (`POST/PUT /api/projects`, `{data}`); the API fills the owner. */
export type ProjectPayload = ProjectWrite;

/** The contract's lists the wire may answer as null; the page reads them as lists. */
type DetailLists = 'ods' | 'tags' | 'study_areas' | 'study_subareas';

/**
 * The project as its detail page shows it: the shared contract's fields under their wire names
 * (a field added to the contract reaches the page without an edit here), its nullable lists as
 * lists, and the relations flattened: the organisation (web link and logo made safe to use) and
 * the teacher's full name.
 */
export type ProjectDetail = { id: number } & Omit<ProjectFields, DetailLists> & {
    [K in DetailLists]: NonNullable<ProjectFields[K]>;
  } & {
    organization: {
      id: number;
      name: string;
      description: string | null;
      web: string | null;
      logoUrl: string | null;
    } | null;
    teacher_name: string | null;
  };

/** The attributes `GET /api/projects/search` and `/recommended` answer for each project. */
export type SearchProjectAttributes = ProjectCard;

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
  /** Where a text search found its words in the description: HTML with them in <mark>. */
  snippet?: string | null;
}

export interface SearchResult {
  projects: ProjectCardData[];
  pagination: Pagination;
  facets: FacetCounts;
}

export interface RecommendedProject {
  project: ProjectCardData;
  score: number;
  reasons: string[];
}

/** One row of `GET /api/projects/mine`. */
export type MyProject = MyProjectsAnswer['data'][number];
export type MyProjectsPage = MyProjectsAnswer;

/** The project fields the profile lists show (title, where, who publishes it). */
export interface ProjectSummary {
  id: number;
  title: string;
  type: string | null;
  locality: string | null;
  organizationName: string | null;
}
