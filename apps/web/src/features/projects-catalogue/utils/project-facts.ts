import { allowedTransitions, VALIDATED_STATUSES, type ProjectStatus } from '@plataforma/shared';
import { odsLabel } from '../../../lib/ods';
import type { FacetName } from '../types';

/** Spanish headings of the facets (the filter panel's legends). */
export const FACET_LABELS: Record<FacetName, string> = {
  type: 'Tipo de proyecto',
  ods: 'Objetivos de Desarrollo Sostenible (ODS)',
  study_area: 'Área de estudio',
  study_subarea: 'Subárea de estudio',
  presentiality: 'Presencialidad',
  location: 'Provincia',
  dedication: 'Dedicación',
  language: 'Idioma',
  status: 'Estado',
  remuneration: 'Remuneración',
  internship: 'Prácticas',
};

/** Key of each facet in `meta.facets` (the attribute names; the study areas are plural there). */
export const FACET_COUNT_KEYS: Record<FacetName, string> = {
  type: 'type',
  ods: 'ods',
  study_area: 'study_areas',
  study_subarea: 'study_subareas',
  presentiality: 'presentiality',
  location: 'location',
  dedication: 'dedication',
  language: 'language',
  status: 'status',
  remuneration: 'remuneration',
  internship: 'internship',
};

const BOOLEAN_LABELS: Partial<Record<FacetName, Record<'true' | 'false', string>>> = {
  remuneration: { true: 'Remunerado', false: 'No remunerado' },
  internship: { true: 'Con prácticas', false: 'Sin prácticas' },
};

/** How a facet value is shown: ODS by number and name, yes/no facets in words. */
export function facetValueLabel(name: FacetName, value: string): string {
  if (name === 'ods') return odsLabel(value);
  const words = BOOLEAN_LABELS[name];
  if (words && (value === 'true' || value === 'false')) return words[value];
  return value;
}

/** "Murcia (Murcia)", "Cartagena", "Murcia" or null: the locality and its province. */
export function placeLabel(locality: string | null, province: string | null): string | null {
  if (locality && province && locality !== province) return `${locality} (${province})`;
  return locality || province || null;
}

/** Today's date as `yyyy-MM-dd` in local time (the deadline is a calendar day). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether the application deadline (last day to apply, inclusive) has passed. */
export function isDeadlinePassed(deadline: string | null, now = new Date()): boolean {
  if (!deadline) return false;
  return deadline.slice(0, 10) < todayIso(now);
}

/** Spec §3: dates in Spanish as "day de month-name year" ("15 de diciembre de 2026"). */
export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return null;
  return new Date(year, month - 1, day).toLocaleDateString('es-ES', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** A workflow step an admin can take on a project from the detail page. */
export interface AdminAction {
  /** The button's text. */
  label: 'Validar' | 'Rechazar' | 'Publicar' | 'Terminar' | 'Retirar';
  to: ProjectStatus;
  /** What the confirmation dialog explains. */
  explanation: string;
  /** Success message. */
  done: string;
  needsReason?: boolean;
  /** Hard to undo or harmful to others: asks for confirmation in a dialog first. */
  isDestructive?: boolean;
}

const VALIDATE: AdminAction = {
  label: 'Validar',
  to: 'Validada',
  explanation: 'El proyecto quedará validado y listo para publicarse.',
  done: 'Proyecto validado.',
};
const REJECT: AdminAction = {
  label: 'Rechazar',
  to: 'Rechazada',
  explanation: 'Quien lo publicó recibirá el motivo por correo y podrá corregirlo y reenviarlo.',
  done: 'Proyecto rechazado.',
  needsReason: true,
  isDestructive: true,
};
const PUBLISH: AdminAction = {
  label: 'Publicar',
  to: 'Publicada',
  explanation: 'El proyecto aparecerá en el catálogo y los estudiantes podrán inscribirse.',
  done: 'Proyecto publicado.',
};
const FINISH: AdminAction = {
  label: 'Terminar',
  to: 'Terminada',
  explanation: 'El proyecto dejará de aceptar inscripciones y constará como terminado.',
  done: 'Proyecto terminado.',
  isDestructive: true,
};
const WITHDRAW: AdminAction = {
  label: 'Retirar',
  to: 'Pendiente',
  explanation:
    'El proyecto se retirará del catálogo y volverá a estado Pendiente para que quien lo publicó lo revise.',
  done: 'Proyecto retirado.',
  isDestructive: true,
};

/** The admin's decisions, in the order they are offered. */
const ADMIN_DECISIONS: readonly AdminAction[] = [VALIDATE, REJECT, PUBLISH, FINISH, WITHDRAW];

/**
 * The admin actions offered for a status: the moves the workflow table allows an admin
 * (`allowedTransitions(status, 'admin')`, ADR 0024) that are an admin's decision: validate,
 * reject, publish, finish, and withdraw a project once validated or published (taking back a
 * request for review is its publisher's move, not offered here).
 */
export function adminActionsFor(status: ProjectStatus): AdminAction[] {
  const allowed = allowedTransitions(status, 'admin');
  return ADMIN_DECISIONS.filter(
    (action) =>
      allowed.includes(action.to) &&
      (action !== WITHDRAW || (VALIDATED_STATUSES.includes(status) && status !== 'Terminada')),
  );
}
