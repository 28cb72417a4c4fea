import { z } from 'zod';
import type { JobDefinition } from '../../lib/jobs';
import { forgetExpiredSsoState } from './sso.state';

export const FORGET_EXPIRED_SSO_STATE = 'sso.forget-expired';

/**
 * `sso.forget-expired`: every 15 minutes, a recurring job of the queue (ADR 0042), removes the
 * sign-ins never answered within their ten minutes and the seen assertions past their
 * NotOnOrAfter (ADR 0074). Nothing depends on its timing: an expired row is refused when read
 * whether it is still there or not; the job only keeps both tables small.
 */
export const forgetExpiredSsoStateJob: JobDefinition<Record<string, never>> = {
  kind: FORGET_EXPIRED_SSO_STATE,
  payload: z.object({}).strict(),
  repeat: { everySeconds: 900, payload: {} },
  async run({ db, progress }) {
    return await forgetExpiredSsoState(db, { onBatch: (deleted) => progress(deleted) });
  },
};
