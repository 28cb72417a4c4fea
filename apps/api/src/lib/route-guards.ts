import type { preValidationAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from './errors';
import type { Role } from './strapi/actor';

/**
 * A custom route's "who may call it", checked before its schema validates the request: a caller
 * the route refuses learns nothing of its input rules, and gets 403 whatever they sent, as the
 * engine answers the generic routes (ADR 0004, ADR 0030). Put it in the route's `preValidation`.
 */
export function onlyRoles(
  roles: readonly Role[],
  { visitor = 'forbidden' }: { visitor?: 'forbidden' | 'unauthorized' } = {},
): preValidationAsyncHookHandler {
  return async (request) => {
    const actor = request.actor;
    if (actor.kind === 'visitor' && visitor === 'unauthorized') {
      throw unauthorized();
    }
    if (actor.kind !== 'user' || !(roles as readonly string[]).includes(actor.role)) {
      throw forbidden();
    }
  };
}

/** Any signed-in user; a visitor gets 401 before the request is validated. */
export const signedIn: preValidationAsyncHookHandler = async (request) => {
  if (request.actor.kind !== 'user') {
    throw unauthorized();
  }
};
