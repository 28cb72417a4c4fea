import { ApiError } from '../../../lib/api-client';

/** Why the API refused a setup link (`details.reason` of its 403, ADR 0064). */
export type SetupRefusal = 'missing' | 'invalid' | 'expired' | 'used';

const REASONS: readonly string[] = ['missing', 'invalid', 'expired', 'used'];

/** The reason of a refused setup link, or undefined when the error is something else. */
export function refusalOf(error: unknown): SetupRefusal | undefined {
  if (!(error instanceof ApiError) || error.status !== 403) return undefined;
  const reason = error.details.reason;
  return typeof reason === 'string' && REASONS.includes(reason)
    ? (reason as SetupRefusal)
    : 'invalid';
}

/** Whether the platform has an administrator already: the setup is no more (404). */
export const isSetupClosed = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;
