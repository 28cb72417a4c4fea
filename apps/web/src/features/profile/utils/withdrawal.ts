import type { ApplicationStatus } from '@plataforma/shared';

/**
 * Statuses from which a student may still withdraw (contract of issue 6: any but Seleccionado,
 * No seleccionado and Retirada). The server decides again; this only hides a button that would
 * be refused.
 */
const FINAL_STATUSES: readonly ApplicationStatus[] = [
  'Seleccionado',
  'No seleccionado',
  'Retirada',
];

export function canWithdraw(status: ApplicationStatus): boolean {
  return !FINAL_STATUSES.includes(status);
}
