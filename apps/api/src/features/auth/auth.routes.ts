import { getTableName } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REMEMBER_ME_DAYS,
  adminRegisterSchema,
  changePasswordSchema,
  emailBodySchema,
  linkSentAnswerSchema,
  loginLinkSchema,
  loginSchema,
  okAnswerSchema,
  refreshSchema,
  refreshedAnswerSchema,
  registerSchema,
  registeredAnswerSchema,
  requestMessageSchema,
  resetPasswordSchema,
  sessionAnswerSchema,
} from '@plataforma/shared';
import { users } from '../../db/schema';
import { onlyRoles, signedIn } from '../../lib/route-guards';
import { routeSchema, type RouteDoc } from '../../lib/route-schema';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../lib/tokens';
import { dataBody } from '../../lib/validation';
import { limitAttempt } from './auth.rate-limits';
import type { AuthDeps } from './auth.common';
import { changePassword, forgotPassword, resetPassword } from './passwords.service';
import {
  adminRegister,
  confirmationRedirect,
  confirmEmail,
  register,
  resendConfirmation,
} from './registration.service';
import {
  exchangeLoginLink,
  loginWithPassword,
  logout,
  refreshSession,
  requestLoginLink,
} from './sessions.service';

/** Routes that open a session or work without one ignore any bearer token (plugins/actor.ts). */
const PUBLIC = { auth: false };
const doc = (summary: string, more: Omit<RouteDoc, 'tag' | 'summary'> = {}): RouteDoc => ({
  tag: 'auth',
  summary,
  access: 'public',
  ...more,
});
const session = { 200: sessionAnswerSchema };

/**
 * Authentication (spec §7 Authentication; users-permissions compatible). Tokens, lifetimes and
 * limits: ADR 0008. Each route checks its body (its schema), counts the attempt (429 past the
 * limit), then calls one service function.
 */
export async function authRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = (request: FastifyRequest): AuthDeps => ({
    db: app.db,
    tokens: app.tokens,
    publicUrl: app.config.publicUrl,
    log: request.log,
    usersChanged: () => app.responseCache.invalidate(getTableName(users)),
  });

  app.post(
    '/api/auth/local',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('Sign in with email or username and password', {
          description: `Opens a session: an access token valid ${ACCESS_TOKEN_TTL_SECONDS / 60} minutes and a refresh token valid ${REMEMBER_ME_DAYS} days.`,
          errors: [400, 429],
        }),
        { body: loginSchema, response: session },
      ),
    },
    async (request) => {
      const { identifier, password } = request.body;
      await limitAttempt(app, request, 'login', identifier);
      return loginWithPassword(deps(request), identifier, password);
    },
  );

  app.post(
    '/api/users-permissions/register-partialy',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('Sign up as a student, teacher or coordinator (unconfirmed; a confirmation email)', {
          description:
            'The privacy policy must be accepted: `privacyAccepted: true` and `privacyVersion`, the version of the privacy text the person was shown (`GET /api/legal-texts?filters[kind][$eq]=privacy`). The consent (who, when, which version) is recorded in the account’s transaction; a version that is no longer the current one is a 409 (ADR 0035).',
          errors: [400, 409, 429],
        }),
        { body: dataBody(registerSchema), response: { 200: registeredAnswerSchema } },
      ),
    },
    async (request) => {
      const input = request.body.data;
      await limitAttempt(app, request, 'register', input.email);
      return { user: await register(deps(request), input) };
    },
  );

  app.post(
    '/api/users-permissions/admin-register',
    {
      // Decided before reading the body: a non-admin learns nothing about what it would accept.
      preValidation: onlyRoles(['admin']),
      schema: routeSchema(
        doc('An admin creates a confirmed account of any profile type (a reset link is sent)', {
          access: 'bearer',
          errors: [400, 401, 403],
        }),
        { body: dataBody(adminRegisterSchema), response: { 200: registeredAnswerSchema } },
      ),
    },
    async (request) => ({
      user: await adminRegister(deps(request), request.actor, request.body.data),
    }),
  );

  app.get(
    '/api/auth/email-confirmation',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('The link of the confirmation email: confirms and redirects to the login page'),
        {
          // Whatever the link carries, the person lands on the login page, told what happened.
          querystring: z.object({ confirmation: z.unknown().optional() }),
          response: {
            302: z.void().meta({
              description:
                'To <PUBLIC_URL>/user/auth/login?confirmed=true, or ?confirmed=false&reason=expired|invalid',
            }),
          },
        },
      ),
    },
    async (request, reply) => {
      const outcome = await confirmEmail(deps(request), request.query.confirmation);
      return reply.redirect(confirmationRedirect(deps(request), outcome), 302);
    },
  );

  app.post(
    '/api/auth/send-email-confirmation',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('Send a new confirmation link (same answer whether or not the account exists)', {
          errors: [400, 429],
        }),
        { body: emailBodySchema, response: { 200: linkSentAnswerSchema } },
      ),
    },
    async (request) => {
      const { email } = request.body;
      await limitAttempt(app, request, 'sendEmailConfirmation', email);
      await resendConfirmation(deps(request), email);
      return { email, sent: true as const };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('Send a password reset link (same answer whether or not the account exists)', {
          errors: [400, 429],
        }),
        { body: emailBodySchema, response: { 200: okAnswerSchema } },
      ),
    },
    async (request) => {
      const { email } = request.body;
      await limitAttempt(app, request, 'forgotPassword', email);
      await forgotPassword(deps(request), email);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('Set a new password with a reset code; ends every other session', {
          errors: [400, 429],
        }),
        { body: resetPasswordSchema, response: session },
      ),
    },
    async (request) => {
      await limitAttempt(app, request, 'resetPassword');
      return resetPassword(deps(request), request.body);
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      // Who asks comes before what they send: without a session the answer is 401, as /users/me.
      preValidation: signedIn,
      schema: routeSchema(
        doc('Change the own password; ends every other session', {
          access: 'bearer',
          errors: [400, 401, 403, 429],
        }),
        { body: changePasswordSchema, response: session },
      ),
    },
    async (request) => {
      const actor = request.actor;
      const key = actor.kind === 'user' ? `user:${actor.userId}` : undefined;
      await limitAttempt(app, request, 'changePassword', key);
      return changePassword(deps(request), actor, request.body);
    },
  );

  app.post(
    '/auth/request-message',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('Email a one-time sign-in link (same answer whether or not the account exists)', {
          description: 'Spec §7, without /api. `userData` is `{email}` or the email itself.',
          errors: [400, 429],
        }),
        { body: requestMessageSchema, response: { 200: linkSentAnswerSchema } },
      ),
    },
    async (request) => {
      const { email } = request.body.userData;
      await limitAttempt(app, request, 'requestMessage', email);
      await requestLoginLink(deps(request), email);
      return { email, sent: true as const };
    },
  );

  app.post(
    '/api/auth/login-link',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('Exchange the token of a sign-in link for a session', { errors: [400, 429] }),
        { body: loginLinkSchema, response: session },
      ),
    },
    async (request) => {
      await limitAttempt(app, request, 'loginLink');
      return exchangeLoginLink(deps(request), request.body.token);
    },
  );

  app.post(
    '/auth',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('Exchange a refresh token for a new access token and a new refresh token', {
          description:
            'Spec §7. The refresh token is single use; the new one keeps its expiry. A spent token presented again ends every session of its user. The bearer the web sends is ignored (it has usually expired: that is why it refreshes).',
          errors: [400, 401],
        }),
        { body: refreshSchema, response: { 200: refreshedAnswerSchema } },
      ),
    },
    async (request) => refreshSession(deps(request), request.body.refreshToken),
  );

  app.post(
    '/api/auth/logout',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('End the session of a refresh token (whatever the token, the answer is the same)', {
          errors: [400],
        }),
        { body: refreshSchema, response: { 200: okAnswerSchema } },
      ),
    },
    async (request) => {
      await logout(deps(request), request.body.refreshToken);
      return { ok: true as const };
    },
  );
}
