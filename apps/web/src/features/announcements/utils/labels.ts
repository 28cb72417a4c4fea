import type { AnnouncementKind, AnnouncementStatus } from '@plataforma/shared';

/**
 * The kind of notice an announcement is, in the words the student's notification preferences use
 * (features/profile's preferences form, ADR 0017): the sender sees which switch decides who also
 * gets it by email. Features do not import each other, so the labels are repeated (ADR 0022).
 */
export const KIND_LABELS: Record<AnnouncementKind, string> = {
  u4i_advice: 'Hay consejos y recursos nuevos para mi TFG o TFM',
  professional_offers: 'Hay ofertas de empleo o prácticas para mí',
  new_matching_projects: 'Se publican proyectos que encajan conmigo',
  selected: 'Me seleccionan en un proyecto',
  pre_selected: 'Me preseleccionan en un proyecto',
  not_selected: 'No me seleccionan en un proyecto',
  save_projects_with_candidates: 'Un proyecto que he guardado recibe candidaturas',
  save_projects_selected: 'Un proyecto que he guardado cierra su selección',
};

/** The kinds in the order the composer offers them: the platform's own advice first. */
export const KIND_ORDER: readonly AnnouncementKind[] = [
  'u4i_advice',
  'professional_offers',
  'new_matching_projects',
  'selected',
  'pre_selected',
  'not_selected',
  'save_projects_with_candidates',
  'save_projects_selected',
];

export const STATUS_LABELS: Record<AnnouncementStatus, string> = {
  scheduled: 'Programada',
  sending: 'Enviándose',
  sent: 'Enviada',
  failed: 'Fallida',
  cancelled: 'Cancelada',
};
