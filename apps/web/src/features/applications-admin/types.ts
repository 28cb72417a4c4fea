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

export type { Pagination } from '../../entities/project/types';

/** A teacher offered as tutor (`GET /api/teachers/names`). */
export interface TeacherOption {
  id: number;
  name: string;
}
