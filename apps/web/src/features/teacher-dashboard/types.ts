import type { ApplicationStatus, ProjectStatus } from '@plataforma/shared';

/** `GET /api/teachers/dashboard` → `data` (ADR 0025): what the teacher's panel shows. */
export interface TeacherDashboard {
  counts: { projects: number; published: number; pendingCandidates: number; tutored: number };
  projects: DashboardProject[];
  candidates: DashboardCandidate[];
  tutored: TutoredStudent[];
}

export interface DashboardProject {
  id: number;
  title: string;
  status: ProjectStatus;
  type: string;
  application_deadline: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  candidates: { total: number; pending: number };
}

export interface DashboardCandidate {
  id: number;
  status: ApplicationStatus;
  supermatch: boolean;
  createdAt: string;
  student: { id: number; name: string; degree: string | null; university: string | null };
  project: { id: number; title: string };
}

export interface DashboardProgress {
  id: number;
  objectives: boolean;
  frame: boolean;
  conclusions: boolean;
  defense: boolean;
  final: boolean;
}

export interface TutoredStudent {
  application: { id: number; status: ApplicationStatus; createdAt: string; updatedAt: string };
  student: { id: number; name: string; email: string; phone: string | null };
  project: { id: number; title: string; status: ProjectStatus };
  progress: DashboardProgress | null;
}
