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

/** The project as its detail page shows it. */
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
