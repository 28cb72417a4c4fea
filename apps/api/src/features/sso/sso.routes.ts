import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  idParamsSchema,
  linkedIdentitiesAnswerSchema,
  type LinkedIdentitiesAnswer,
} from '@plataforma/shared';
import type { Queryable } from '../../db/handles';
import { users } from '../../db/schema';
import { signedIn } from '../../lib/route-guards';
import { routeSchema, type RouteDoc } from '../../lib/route-schema';
import { identitiesOf, unlinkIdentity, type AuthIdentity } from './sso.state';

const doc = (summary: string, more: Omit<RouteDoc, 'tag' | 'summary'> = {}): RouteDoc => ({
  tag: 'auth',
  summary,
  access: 'bearer',
  ...more,
});

/** How a person recognises a provider by its key: the host of its entity ID or issuer. */
export function providerName(provider: string): string {
  const address = provider.replace(/^(saml|oidc):/, '');
  try {
    return new URL(address).host || address;
  } catch {
    return address;
  }
}

const toLinked = (identity: AuthIdentity) => ({
  id: identity.id,
  provider: identity.provider,
  providerName: providerName(identity.provider),
  since: identity.createdAt.toISOString(),
  lastUsedAt: identity.lastUsedAt.toISOString(),
});

async function linkedIdentities(db: Queryable, userId: number): Promise<LinkedIdentitiesAnswer> {
  const [identities, [account]] = await Promise.all([
    identitiesOf(db, userId),
    db.select({ password: users.password }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    data: identities.map(toLinked),
    meta: { hasPassword: account?.password != null },
  };
}

/**
 * The caller's ways in through a university's sign-in (ADR 0074): listed in the profile's
 * security section, and unlinked there while another way in remains.
 */
export async function ssoRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const userIdOf = (actor: { kind: string; userId?: number }) =>
    actor.kind === 'user' ? (actor.userId ?? 0) : 0;

  app.get(
    '/api/auth/identities',
    {
      preValidation: signedIn,
      schema: routeSchema(
        doc('The caller’s linked university identities', {
          description:
            'Provider, since when and when last used; never the identity’s key. `meta.hasPassword` says whether a password is another way in.',
          errors: [401],
        }),
        { response: { 200: linkedIdentitiesAnswerSchema } },
      ),
    },
    (request) => linkedIdentities(app.db, userIdOf(request.actor)),
  );

  app.delete(
    '/api/auth/identities/:id',
    {
      preValidation: signedIn,
      schema: routeSchema(
        doc('Unlink one of the caller’s university identities; answers those left', {
          description:
            'Refused with 409 (in Spanish) when it is the account’s last way in (no password, no other identity); 404 for an identity that is not the caller’s.',
          errors: [400, 401, 404, 409],
        }),
        { params: idParamsSchema, response: { 200: linkedIdentitiesAnswerSchema } },
      ),
    },
    (request) => {
      const userId = userIdOf(request.actor);
      return app.entities.writeTransaction(async (tx) => {
        await unlinkIdentity(tx, { userId, identityId: request.params.id });
        return linkedIdentities(tx, userId);
      });
    },
  );
}
