import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SETUP_TOKEN_TTL_HOURS,
  sessionAnswerSchema,
  setupBodySchema,
  setupQuerySchema,
  setupStatusAnswerSchema,
} from '@plataforma/shared';
import { clientKey, consumeRateLimit, type Limit } from '../../lib/rate-limit';
import { routeSchema, type RouteDoc } from '../../lib/route-schema';
import { REFRESH_TTL_MS } from '../auth/auth.common';
import { setRefreshCookie } from '../auth/auth.cookies';
import { checkSetupToken, completeSetup } from './setup.service';

/** Works without a session: any bearer token is ignored (plugins/actor.ts). */
const PUBLIC = { auth: false };

/**
 * Per client address, as the sign-in calls (ADR 0008): the tokens carry 256 bits, so guessing is
 * hopeless, and the limit stops the trying.
 */
const PER_ADDRESS: readonly Limit[] = [{ limit: 30, windowSeconds: 60 }];

const doc = (summary: string, more: Omit<RouteDoc, 'tag' | 'summary'>): RouteDoc => ({
  tag: 'setup',
  summary,
  access: 'public',
  ...more,
});

/**
 * The first start (ADR 0064): the page `/setup` checks its link and sends the form. Both calls
 * answer 404 once an administrator exists.
 */
export async function setupRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const limit = async (request: FastifyRequest) => {
    if (!app.config.rateLimits) return;
    await consumeRateLimit(app.db, [
      { key: `setup:ip:${clientKey(request.ip)}`, limits: PER_ADDRESS },
    ]);
  };

  app.get(
    '/api/setup',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('Whether a setup link works (the first start of an installation)', {
          description: `The server prints a setup link on each start while no account has profileType \`admin\`; it works once, for ${SETUP_TOKEN_TTL_HOURS} hours. 200 while it works; 403 (Spanish, \`details.reason\`: missing, invalid, expired or used) when it does not; 404 once an administrator exists.`,
          errors: [403, 404, 429],
        }),
        { querystring: setupQuerySchema, response: { 200: setupStatusAnswerSchema } },
      ),
    },
    async (request) => {
      await limit(request);
      return checkSetupToken(app.db, request.query.token);
    },
  );

  app.post(
    '/api/setup',
    {
      // The administrator's password is hashed (argon2id): the lane of sign-ins (ADR 0069).
      config: { ...PUBLIC, admission: 'auth' },
      schema: routeSchema(
        doc('Create the first administrator and the installation’s basics, and sign in', {
          description:
            'With the setup link’s token: the administrator (name, surname, email, password twice under the usual rules), the installation’s name (branding `projectName`), its universities (rows of `universities`; the branding’s `university_name` names them all), the main and secondary colours (each must reach WCAG AA as the branding editor measures it) and the contact address `mailTo` (optional); the default feature switches when there are none. One transaction, serialised: of two setups sent at once one succeeds and the other gets 404. Answers the session as `POST /api/auth/local` does, the refresh token also as the cookie `refreshToken` (ADR 0055), not remembered. 400 lists every problem at its field, in Spanish; nothing is written then.',
          errors: [400, 403, 404, 429],
        }),
        { body: setupBodySchema, response: { 200: sessionAnswerSchema } },
      ),
    },
    async (request, reply) => {
      await limit(request);
      const answer = await completeSetup(
        {
          db: app.db,
          tokens: app.tokens,
          publicUrl: app.config.publicUrl,
          log: request.log,
          entities: app.entities,
        },
        request.body,
      );
      // As a sign-in that is not remembered (ADR 0055): the cookie ends with the browser.
      setRefreshCookie(reply, app.config.publicUrl, answer.refreshToken, {
        remember: false,
        expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
      });
      return answer;
    },
  );
}
