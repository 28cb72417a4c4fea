import type { ApplicationStatus, CompetenceScores } from '@plataforma/shared';
import type { Pagination, ProjectSummary, Relation } from '../project/types';

/** A media file as `populate` answers it. */
export type MediaRelation = Relation<{ url: string; name?: string; mime?: string }>;

/** The viewer's own application to one project, if any. */
export interface OwnApplication {
  id: number;
  status: string;
}

/** One application as the admin lists show it. */
export interface AdminApplication {
  id: number;
  status: ApplicationStatus;
  createdAt: string;
  studentId: number | null;
  studentName: string | null;
  studentEmail: string | null;
  university: string | null;
  degree: string | null;
  projectId: number | null;
  projectTitle: string | null;
  organization: string | null;
  tutor: { id: number; name: string | null } | null;
}

export interface ApplicationsPage {
  applications: AdminApplication[];
  pagination: Pagination;
}

/** The student of an application, populated with their user, degree and university. */
export interface CandidateStudent {
  province?: string | null;
  other_university?: string | null;
  other_degree?: string | null;
  competences?: CompetenceScores | null;
  user?: Relation<{ name?: string | null; surname?: string | null }>;
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

/**
 * What a reviewer, the student or an admin changes in an application (`PUT /api/applys/:id`);
 * the API decides who may change which (ADR 0025).
 */
export interface ApplicationChange {
  status?: ApplicationStatus;
  status_message?: string | null;
  supermatch?: boolean;
  /** A teacher's id: the tutor an admin assigns. */
  tutorAsigned?: number;
}

/** Spec §3 Project progress: the five milestones of a project under way. */
export interface ProjectProgress {
  id: number;
  objectives: boolean;
  frame: boolean;
  conclusions: boolean;
  defense: boolean;
  final: boolean;
}

/** Spec §3 Application, as the student's own lists show it. */
export interface StudentApplication {
  id: number;
  status: ApplicationStatus;
  statusMessage: string | null;
  createdAt: string;
  project: ProjectSummary | null;
  /** The tutor an admin assigned (spec §3 Application.tutorAsigned), by full name. */
  tutorName: string | null;
  /** The project's progress record, once the student is selected (the server creates it). */
  progress: ProjectProgress | null;
}
