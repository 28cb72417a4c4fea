import type { ApplicationStatus } from '@plataforma/shared';

/**
 * The filters of /projects/applys (ADR 0029), as kept in the URL: the status exactly, the texts
 * as "contains, ignoring case" and the dates as days (YYYY-MM-DD) in the browser's time zone.
 */
export interface ApplicationFilters {
  status?: ApplicationStatus;
  project?: string;
  organization?: string;
  university?: string;
  degree?: string;
  from?: string;
  to?: string;
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

/** Strapi v4 pagination meta. */
export interface Pagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

export interface ApplicationsPage {
  applications: AdminApplication[];
  pagination: Pagination;
}

/** A teacher offered as tutor (`GET /api/teachers/names`). */
export interface TeacherOption {
  id: number;
  name: string;
}
