import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  refreshRequestSchema,
  refreshSchema,
  refreshedAnswerSchema,
  registerSchema,
  registeredAnswerSchema,
  requestMessageSchema,
  resetPasswordSchema,
  sessionAnswerSchema,
  type SessionAnswer,
} from '@plataforma/shared';
import { onlyRoles, signedIn } from '../../lib/route-guards';
import { routeSchema, type RouteDoc } from '../../lib/route-schema';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../lib/tokens';
import { dataBody } from '../../lib/validation';
import { limitAttempt } from './auth.rate-limits';
import { invalidRefreshToken, REFRESH_TTL_MS, type AuthDeps } from './auth.common';
import {
  assertSameOrigin,
  clearRefreshCookie,
  isRememberedByCookie,
  refreshTokenCookie,
  setRefreshCookie,
} from './auth.cookies';
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
/**
 * Routes that hash or check a password (argon2id, 20–30 ms of a core each) wait in admission
 * control's own lane for them, a few at a time, so a crowd signing in cannot starve everyone
 * already in (ADR 0069).
 */
const HASHES = { admission: 'auth' as const };
const doc = (summary: string, more: Omit<RouteDoc, 'tag' | 'summary'> = {}): RouteDoc => ({
  tag: 'auth',
  summary,
  access: 'public',
  ...more,
});
const session = { 200: sessionAnswerSchema };
const REFRESH_COOKIE_NOTE =
  'The refresh token is also set as the cookie `refreshToken` (HttpOnly; SameSite=Strict; Path=/auth; Secure over https), persistent when the session is remembered (ADR 0055).';

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
    entities: app.entities,
  });
  /** A new session's answer, its refresh token set as the browser's cookie too (ADR 0055). */
  const opened = (reply: FastifyReply, answer: SessionAnswer, remember: boolean) => {
    const expiresAt = new Date(Date.now() + REFRESH_TTL_MS);
    setRefreshCookie(reply, app.config.publicUrl, answer.refreshToken, { remember, expiresAt });
    return answer;
  };
  /**
   * The refresh token of a call to `/auth` or `/auth/logout`: the body's (API clients), else the
   * cookie's, which only the platform's own pages may use.
   */
  const presentedRefreshToken = (
    request: FastifyRequest,
    body?: { refreshToken?: string } | null,
  ) => {
    if (body?.refreshToken) return { token: body.refreshToken, byCookie: false };
    const token = refreshTokenCookie(request);
    if (token) assertSameOrigin(request, app.config.publicUrl);
    return { token, byCookie: true };
  };
  const endSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    body?: { refreshToken?: string } | null,
  ) => {
    const { token } = presentedRefreshToken(request, body);
    if (token) await logout(deps(request), token);
    clearRefreshCookie(reply, app.config.publicUrl);
    return { ok: true as const };
  };

  app.post(
    '/api/auth/local',
    {
      config: { ...PUBLIC, ...HASHES },
      schema: routeSchema(
        doc('Sign in with email or username and password', {
          description: `Opens a session: an access token valid ${ACCESS_TOKEN_TTL_SECONDS / 60} minutes and a refresh token valid ${REMEMBER_ME_DAYS} days. ${REFRESH_COOKIE_NOTE} \`remember: true\` makes it persistent.`,
          errors: [400, 429],
        }),
        { body: loginSchema, response: session },
      ),
    },
    async (request, reply) => {
      const { identifier, password, remember } = request.body;
      await limitAttempt(app, request, 'login', identifier);
      return opened(
        reply,
        await loginWithPassword(deps(request), identifier, password),
        !!remember,
      );
    },
  );

  app.post(
    '/api/users-permissions/register-partialy',
    {
      config: { ...PUBLIC, ...HASHES },
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
      config: { ...PUBLIC, ...HASHES },
      schema: routeSchema(
        doc('Set a new password with a reset code; ends every other session', {
          description: `${REFRESH_COOKIE_NOTE} Not remembered (ADR 0013).`,
          errors: [400, 429],
        }),
        { body: resetPasswordSchema, response: session },
      ),
    },
    async (request, reply) => {
      await limitAttempt(app, request, 'resetPassword');
      return opened(reply, await resetPassword(deps(request), request.body), false);
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      config: HASHES,
      // Who asks comes before what they send: without a session the answer is 401, as /users/me.
      preValidation: signedIn,
      schema: routeSchema(
        doc('Change the own password; ends every other session', {
          access: 'bearer',
          description: `${REFRESH_COOKIE_NOTE} Remembered when the web's \`rememberMe=true\` cookie says so.`,
          errors: [400, 401, 403, 429],
        }),
        { body: changePasswordSchema, response: session },
      ),
    },
    async (request, reply) => {
      const actor = request.actor;
      const key = actor.kind === 'user' ? `user:${actor.userId}` : undefined;
      await limitAttempt(app, request, 'changePassword', key);
      const answer = await changePassword(deps(request), actor, request.body);
      return opened(reply, answer, isRememberedByCookie(request));
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
        doc('Exchange the token of a sign-in link for a session', {
          description: `${REFRESH_COOKIE_NOTE} Not remembered (ADR 0013).`,
          errors: [400, 429],
        }),
        { body: loginLinkSchema, response: session },
      ),
    },
    async (request, reply) => {
      await limitAttempt(app, request, 'loginLink');
      return opened(reply, await exchangeLoginLink(deps(request), request.body.token), false);
    },
  );

  app.post(
    '/auth',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('Exchange a refresh token for a new access token and a new refresh token', {
          description:
            'Spec §7. The refresh token comes in the body `{refreshToken}` (API clients: the answer is `{jwt, refreshToken}`) or, with no body token, as the `refreshToken` cookie the sign-in set (the web: the answer is `{jwt}` and the new refresh token only a cookie, so no script can read it; the call must be same-origin, else 403; ADR 0055). The refresh token is single use; the new one keeps its expiry. A spent token presented again ends every session of its user. The bearer the web sends is ignored (it has usually expired: that is why it refreshes).',
          errors: [400, 401, 403],
        }),
        { body: refreshRequestSchema.nullish(), response: { 200: refreshedAnswerSchema } },
      ),
    },
    async (request, reply) => {
      const { token, byCookie } = presentedRefreshToken(request, request.body);
      const publicUrl = app.config.publicUrl;
      if (!token) throw invalidRefreshToken();
      let refreshed: Awaited<ReturnType<typeof refreshSession>>;
      try {
        refreshed = await refreshSession(deps(request), token);
      } catch (error) {
        // A refused cookie is of no more use: the browser drops it.
        if (byCookie) clearRefreshCookie(reply, publicUrl);
        throw error;
      }
      const { jwt, refreshToken, expiresAt } = refreshed;
      const remember = isRememberedByCookie(request);
      setRefreshCookie(reply, publicUrl, refreshToken, { remember, expiresAt });
      return byCookie ? { jwt } : { jwt, refreshToken };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('End the session of the refresh cookie (or of a body token) and drop the cookie', {
          description:
            'The web’s sign-out (ADR 0055): under the cookie’s path, so the `refreshToken` cookie comes along. Whatever the token, the answer is the same.',
          errors: [400, 403],
        }),
        { body: refreshRequestSchema.nullish(), response: { 200: okAnswerSchema } },
      ),
    },
    async (request, reply) => endSession(request, reply, request.body),
  );

  app.post(
    '/api/auth/logout',
    {
      config: PUBLIC,
      schema: routeSchema(
        doc('End the session of a refresh token (whatever the token, the answer is the same)', {
          description: 'Drops the refresh cookie too (ADR 0055).',
          errors: [400],
        }),
        { body: refreshSchema, response: { 200: okAnswerSchema } },
      ),
    },
    async (request, reply) => endSession(request, reply, request.body),
  );
}
