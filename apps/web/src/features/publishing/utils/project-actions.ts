import { allowedTransitions, type ProjectStatus } from '@plataforma/shared';

/** What a publisher can do with one of their projects from the lists (ADR 0028). */
export type ProjectActionKey = 'submit' | 'resubmit' | 'withdraw' | 'finish' | 'delete';

export interface ProjectAction {
  key: ProjectActionKey;
  label: string;
  /** The status the action moves the project to; none for deleting. */
  target?: ProjectStatus;
  confirmTitle: string;
  confirmText: string;
  confirmLabel: string;
  isDanger?: boolean;
}

/** What each publisher's move says and asks before it is made. */
export const PROJECT_ACTIONS: Record<ProjectActionKey, ProjectAction> = {
  submit: {
    key: 'submit',
    label: 'Enviar a revisión',
    target: 'Por validar',
    confirmTitle: '¿Enviar el proyecto a revisión?',
    confirmText:
      'El equipo de la plataforma lo revisará antes de publicarlo. Mientras tanto podrás retirarlo para seguir editándolo.',
    confirmLabel: 'Enviar a revisión',
  },
  resubmit: {
    key: 'resubmit',
    label: 'Reenviar a revisión',
    target: 'Por validar',
    confirmTitle: '¿Reenviar el proyecto a revisión?',
    confirmText: 'Asegúrate de haber corregido lo que se indicaba en el motivo del rechazo.',
    confirmLabel: 'Reenviar a revisión',
  },
  withdraw: {
    key: 'withdraw',
    label: 'Retirar',
    target: 'Pendiente',
    confirmTitle: '¿Retirar el proyecto?',
    confirmText:
      'Volverá a estar en borrador: dejará de verse en el listado de proyectos y tendrás que enviarlo de nuevo a revisión para publicarlo.',
    confirmLabel: 'Retirar',
    isDanger: true,
  },
  finish: {
    key: 'finish',
    label: 'Marcar como terminado',
    target: 'Terminada',
    confirmTitle: '¿Marcar el proyecto como terminado?',
    confirmText: 'Dejará de aceptar candidaturas. Este cambio no se puede deshacer.',
    confirmLabel: 'Marcar como terminado',
  },
  delete: {
    key: 'delete',
    label: 'Borrar',
    confirmTitle: '¿Borrar el proyecto?',
    confirmText: 'Se borrará para siempre. Este cambio no se puede deshacer.',
    confirmLabel: 'Borrar',
    isDanger: true,
  },
};

/** The order the lists offer the actions in: moving forward first, deleting last. */
const ACTION_ORDER: readonly ProjectActionKey[] = ['submit', 'resubmit', 'finish', 'withdraw'];

/** The action that makes a publisher's move: sending to review again after a rejection reads so. */
function actionFor(from: ProjectStatus, to: ProjectStatus): ProjectActionKey | null {
  if (to === 'Por validar') return from === 'Rechazada' ? 'resubmit' : 'submit';
  if (to === 'Pendiente') return 'withdraw';
  if (to === 'Terminada') return 'finish';
  return null;
}

/**
 * The actions a project offers in its status: the publisher's moves of the workflow table
 * (`PUBLISHER_TRANSITIONS`, ADR 0024), which the API enforces; deleting only while nobody has
 * applied (the API refuses it otherwise).
 */
export function getProjectActions(status: ProjectStatus, candidates: number): ProjectAction[] {
  const moves = allowedTransitions(status, 'publisher').map((to) => actionFor(status, to));
  const keys: ProjectActionKey[] = ACTION_ORDER.filter((key) => moves.includes(key));
  if (candidates === 0 && status !== 'Terminada') keys.push('delete');
  return keys.map((key) => PROJECT_ACTIONS[key]);
}

/** Whether the publisher can still change the project's content (not once it is finished). */
export function canEditProject(status: ProjectStatus): boolean {
  return status !== 'Terminada';
}

/** Whether the candidates page is worth offering: someone applied or the project was published. */
export function hasCandidatesPage(status: ProjectStatus, candidates: number): boolean {
  return candidates > 0 || status === 'Publicada' || status === 'Terminada';
}

/** Badge colours per status: text and background that keep a 4.5:1 contrast. */
export const STATUS_TONES: Record<ProjectStatus, string> = {
  Pendiente: 'bg-slate-100 text-slate-800 ring-slate-300',
  'Por validar': 'bg-amber-50 text-amber-900 ring-amber-300',
  Validada: 'bg-sky-50 text-sky-900 ring-sky-300',
  Rechazada: 'bg-red-50 text-red-800 ring-red-300',
  Publicada: 'bg-green-50 text-green-900 ring-green-300',
  Terminada: 'bg-violet-50 text-violet-900 ring-violet-300',
};
