/**
 * Addresses of the web app that the API also writes (in emails and communication entries) and
 * several screens link to (spec §2 routes).
 */

/** A teacher's own projects (spec §2 "Teacher's own projects"). */
export const TEACHER_PROJECTS_PATH = '/projects/personal';
/** A coordinator's organisation and its projects (spec §2). */
export const COORDINATOR_PROJECTS_PATH = '/organizations';
/** The profile-completion wizard of students and teachers (spec §2 Modals, ADR 0022). */
export const PROFILE_COMPLETION_PATH = '/profile/completar';
/** Where a coordinator edits their organisation (ADR 0033). */
export const ORGANIZATION_EDIT_PATH = '/organizations/editar';

/** Where a publisher manages their projects: coordinators at their organisation, others at theirs. */
export const ownProjectsPath = (profileType: string | null | undefined): string =>
  profileType === 'coordinator' ? COORDINATOR_PROJECTS_PATH : TEACHER_PROJECTS_PATH;
