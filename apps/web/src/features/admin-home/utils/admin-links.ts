import type { AdminOverviewImport, ProjectStatus } from '@plataforma/shared';

/**
 * Where each figure of the administration home is dealt with (ADR 0066). The addresses belong to
 * other screens, which this feature may not import (features stay apart): each is written as the
 * screen reads it, and the route tests follow them to the screen they name.
 */

const projectsWithStatus = (status: ProjectStatus) =>
  `/projects?${new URLSearchParams({ status }).toString()}`;

export const ADMIN_HOME_LINKS = {
  /** The teachers' «Pendientes» tab (`vista=pendientes`, ADR 0051). */
  pendingTeachers: '/teachers/load?vista=pendientes',
  /** The staff review's «Pendientes» section (ADR 0041). */
  pendingWorks: '/admin/biblioteca/pendientes',
  /** The catalogue with the admins' status facet (ADR 0027). */
  projectsToValidate: projectsWithStatus('Por validar'),
  /** The outbox by state (`estado`, ADR 0009). */
  failedEmails: '/admin/ajustes/correo?estado=failed',
  waitingEmails: '/admin/ajustes/correo?estado=pending',
  outbox: '/admin/ajustes/correo',
  /** The people lists (ADR 0050). */
  students: '/students/load',
  teachers: '/teachers/load',
  organizations: '/organizations/load',
  publishedProjects: projectsWithStatus('Publicada'),
  /** The impact dashboard (ADR 0049). */
  reports: '/admin/informes',
} as const;

/**
 * An import followed live on its people page: the load tab (`vista=cargar`) with the import's id
 * (`carga`), as the page itself keeps it (ADR 0050).
 */
export function importHref({ kind, id }: Pick<AdminOverviewImport, 'kind' | 'id'>): string {
  return `/${kind}/load?${new URLSearchParams({ vista: 'cargar', carga: String(id) }).toString()}`;
}
