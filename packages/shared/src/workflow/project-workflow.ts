import type { ProjectStatus } from '../constants/vocabularies';

/**
 * The project workflow of ADR 0024, one table for the API (which enforces it on every write of a
 * project) and the web (which offers only the moves it allows).
 */

/** Statuses a teacher or coordinator may create a project with (a draft, or sent to review). */
export const PROJECT_CREATE_STATUSES: readonly ProjectStatus[] = ['Pendiente', 'Por validar'];

/** Moves a project's publisher may make: send to review, take back, withdraw, finish. */
export const PUBLISHER_TRANSITIONS: Readonly<Record<ProjectStatus, readonly ProjectStatus[]>> = {
  Pendiente: ['Por validar'],
  'Por validar': ['Pendiente'],
  Rechazada: ['Por validar'],
  // Withdrawing a validated or published project takes it back to a draft (and unpublishes it).
  Validada: ['Pendiente'],
  Publicada: ['Pendiente', 'Terminada'],
  Terminada: [],
};

/** What an admin may do besides what a publisher may: validate, reject, publish. */
export const ADMIN_EXTRA_TRANSITIONS: Readonly<
  Partial<Record<ProjectStatus, readonly ProjectStatus[]>>
> = {
  'Por validar': ['Validada', 'Rechazada', 'Publicada'],
  Validada: ['Publicada'],
};

/** Statuses from which a project counts as validated (`validated` = true). */
export const VALIDATED_STATUSES: readonly ProjectStatus[] = ['Validada', 'Publicada', 'Terminada'];

export type ProjectWorkflowRole = 'publisher' | 'admin';

/** The statuses a role may move a project to from `from`. */
export function allowedTransitions(
  from: ProjectStatus,
  role: ProjectWorkflowRole,
): readonly ProjectStatus[] {
  const publisher = PUBLISHER_TRANSITIONS[from];
  if (role === 'publisher') return publisher;
  return [...publisher, ...(ADMIN_EXTRA_TRANSITIONS[from] ?? [])];
}

/** Whether a role may move a project from one status to another. */
export function canTransition(
  from: ProjectStatus,
  to: ProjectStatus,
  role: ProjectWorkflowRole,
): boolean {
  return allowedTransitions(from, role).includes(to);
}
