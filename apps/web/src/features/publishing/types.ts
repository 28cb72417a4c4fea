import type { ApplicationStatus, CompetenceScores, ProjectStatus } from '@plataforma/shared';

/** A related record as `populate` answers it (Strapi v4: `{data:{id, attributes}}`). */
export interface Relation<T> {
  data: { id: number; attributes: T } | null;
}

/** A media file as `populate` answers it. */
export type MediaRelation = Relation<{ url: string; name?: string; mime?: string }>;

/** The project's attributes the publishing screens read and write (spec §3 Project). */
export interface ProjectAttributes {
  title: string;
  description?: string | null;
  status: ProjectStatus;
  type?: string | null;
  objectives?: string | null;
  ods?: number[] | null;
  ods_explanation?: string | null;
  academic_profile?: string | null;
  requirements?: string | null;
  working_method?: string | null;
  tags?: string[] | null;
  internship?: boolean | null;
  language?: string | null;
  presentiality?: string | null;
  location?: string | null;
  locality?: string | null;
  remuneration?: boolean | null;
  dedication?: string | null;
  study_areas?: string[] | null;
  study_subareas?: string[] | null;
  visibility_consent?: boolean | null;
  application_deadline?: string | null;
  rejection_reason?: string | null;
  publishedAt?: string | null;
  createdAt?: string;
  updatedAt?: string;
  campus?: Relation<{ name: string; university?: Relation<{ name: string }> }>;
}

/** What a project's body sends (`POST/PUT /api/projects`, `{data}`); the API fills the owner. */
export type ProjectPayload = Partial<
  Omit<ProjectAttributes, 'campus' | 'createdAt' | 'updatedAt' | 'publishedAt' | 'rejection_reason'>
> & { campus?: number | null };

/** Candidate counts of `GET /api/projects/mine` (pending = Enviada + En revisión). */
export interface CandidateCounts {
  total: number;
  pending: number;
  byStatus: Partial<Record<ApplicationStatus, number>>;
}

/** One row of `GET /api/projects/mine`. */
export interface MyProject {
  id: number;
  attributes: ProjectAttributes & { candidates?: CandidateCounts };
}

/** The student of an application, populated with their user, degree and university. */
export interface CandidateStudent {
  province?: string | null;
  other_university?: string | null;
  other_degree?: string | null;
  competences?: CompetenceScores | null;
  user?: Relation<{ name?: string | null; surname?: string | null; username?: string }>;
  degree?: Relation<{ name: string }>;
  university?: Relation<{ name: string }>;
  CV?: MediaRelation;
}

/** An application (spec §3 Application) as the candidates page reads it. */
export interface Candidate {
  id: number;
  attributes: {
    status: ApplicationStatus;
    status_message?: string | null;
    supermatch?: boolean | null;
    CV_url?: string | null;
    video?: string | null;
    interest?: string | null;
    motivation?: string | null;
    good_candidate?: string | null;
    availability?: string | null;
    createdAt?: string;
    CV?: MediaRelation;
    student?: Relation<CandidateStudent>;
  };
}

/** What a reviewer changes in an application (`PUT /api/applys/:id`). */
export interface CandidateChange {
  status?: ApplicationStatus;
  status_message?: string | null;
  supermatch?: boolean;
}

/** The organisation's body (`POST /api/organizations`, spec §3 Organization + private contact). */
export interface OrganizationPayload {
  name: string;
  type?: string;
  sector?: string;
  size?: string;
  description?: string;
  location?: string;
  web?: string;
  linkedin?: string;
  reachedUsHow?: string;
  logo?: number | null;
  contact_phone?: string;
  contact_mail?: string;
  contact_name?: string;
}
