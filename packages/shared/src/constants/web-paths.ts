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
/**
 * The page the setup link opens on a new installation (ADR 0064). Here, with the light paths, so
 * the route table that every visit loads does not bring the setup form's rules (and zod) along.
 */
export const SETUP_PATH = '/setup';
/** Where a coordinator edits their organisation (ADR 0033). */
export const ORGANIZATION_EDIT_PATH = '/organizations/editar';

/** Where a publisher manages their projects: coordinators at their organisation, others at theirs. */
export const ownProjectsPath = (profileType: string | null | undefined): string =>
  profileType === 'coordinator' ? COORDINATOR_PROJECTS_PATH : TEACHER_PROJECTS_PATH;
