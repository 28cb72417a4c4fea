import { eq, getTableName } from 'drizzle-orm';
import type { ProfileType } from '@plataforma/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { users } from '../db/schema';
import { AdmissionRefused, answerRefusal } from './admission';
import { unauthorized } from '../lib/errors';
import { VISITOR, type Actor } from '../lib/strapi/actor';
import { createTokenService, type TokenService } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who makes the request: a visitor, or the user of a valid bearer token. */
    actor: Actor;
  }
  interface FastifyInstance {
    tokens: TokenService;
  }
  interface FastifyContextConfig {
    /**
     * `false`: the route ignores any bearer token (Strapi's `auth: false`). For the routes that
     * open a session: a stale token left in the browser must not stop anyone from signing in,
     * and `POST /auth` is called precisely when the access token has expired.
     */
    auth?: boolean;
  }
}

const invalidCredentials = () => unauthorized();

interface Account {
  id: number;
  profileType: ProfileType | null;
  blocked: boolean;
  /** Tokens issued (`iat`, seconds) before this second are refused; null: none is. */
  tokensValidAfter: number | null;
}

/**
 * The role and state of a token's user, read once and then kept in the answer cache until the
 * users table changes (a block or a role change reaches every process within a notification).
 * The read waits in the session lane of admission control (ADR 0069): one indexed row, which
 * every signed-in request needs before anything else, so it never queues behind searches.
 */
async function loadAccount(
  app: FastifyInstance,
  reply: FastifyReply,
  id: number,
): Promise<Account | undefined> {
  const key = `account ${id}`;
  const cached = app.responseCache.get(key, 'account');
  if (cached !== undefined) return JSON.parse(cached) as Account;
  const before = app.responseCache.snapshot();
  const [row] = await app.admission.run('session', reply, () =>
    app.db
      .select({
        id: users.id,
        profileType: users.profileType,
        blocked: users.blocked,
        tokensValidAfter: users.tokensValidAfter,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1),
  );
  if (!row) return undefined;
  const account: Account = {
    ...row,
    tokensValidAfter: row.tokensValidAfter
      ? Math.floor(row.tokensValidAfter.getTime() / 1000)
      : null,
  };
  app.responseCache.set(key, JSON.stringify(account), before, [getTableName(users)]);
  return account;
}

/**
 * Resolves the actor of every request. Without an Authorization header the request is a visitor's;
 * with one, it must be a valid bearer token of an existing, unblocked user, issued after the user's
 * last password change, or the answer is 401 (a wrong token is never silently downgraded to a
 * visitor). Routes with `config: {auth: false}` ignore the header.
 */
async function actorPlugin(app: FastifyInstance) {
  const tokens = createTokenService(app.config.jwtSecret);
  app.decorate('tokens', tokens);
  app.decorateRequest('actor');
  /** The user of a valid token, or null (malformed, tampered, expired, blocked, ended sessions). */
  async function actorOf(token: string, reply: FastifyReply): Promise<Actor | null> {
    const claims = tokens.verify(token);
    if (!claims) return null;
    const user = await loadAccount(app, reply, claims.id);
    if (!user || user.blocked) return null;
    // `iat` has second precision (ADR 0008): the token answered by a password change, signed in
    // the same second, must pass; an older token of that very second passes too.
    if (user.tokensValidAfter !== null && claims.iat < user.tokensValidAfter) return null;
    return { kind: 'user', userId: user.id, role: user.profileType ?? 'authenticated' };
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    request.actor = VISITOR;
    const { config } = request.routeOptions;
    const header = request.headers.authorization;
    // Every call is bearer-only (ADR 0030): no route reads the session cookie, so a cross-site
    // request can never act for the user.
    if (header === undefined || config.auth === false) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    let actor: Actor | null;
    try {
      actor = match ? await actorOf(match[1] as string, reply) : null;
    } catch (error) {
      // The session lane is full, or the client went while its account waited: 503 or nothing.
      if (error instanceof AdmissionRefused) return answerRefusal(request, reply, error.refusal);
      throw error;
    }
    if (!actor) throw invalidCredentials();
    request.actor = actor;
  });
}

export const actor = fp(actorPlugin, { name: 'actor', dependencies: ['admission'] });
