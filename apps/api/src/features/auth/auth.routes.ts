import { getTableName } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import { limitAttempt } from './auth.rate-limits';
import {
  adminRegisterSchema,
  changePasswordSchema,
  emailBodySchema,
  loginLinkSchema,
  loginSchema,
  parseData,
  parseInput,
  refreshSchema,
  registerSchema,
  requestMessageSchema,
  resetPasswordSchema,
} from './auth.schemas';
import {
  adminRegister,
  changePassword,
  confirmationRedirect,
  confirmEmail,
  exchangeLoginLink,
  forgotPassword,
  loginWithPassword,
  logout,
  refreshSession,
  register,
  requestLoginLink,
  resendConfirmation,
  resetPassword,
  type AuthDeps,
} from './auth.service';

/** Routes that open a session or work without one ignore any bearer token (plugins/actor.ts). */
const PUBLIC = { config: { auth: false } };

/**
 * Authentication (spec §7 Authentication; users-permissions compatible). Tokens, lifetimes and
 * limits: ADR 0008.
 */
export async function authRoutes(app: FastifyInstance) {
  const deps = (request: FastifyRequest): AuthDeps => ({
    db: app.db,
    tokens: app.tokens,
    publicUrl: app.config.publicUrl,
    log: request.log,
    usersChanged: () => app.responseCache.invalidate(getTableName(users)),
  });

  /** `POST /api/auth/local {identifier, password}` answers `{jwt, user, refreshToken}`. */
  app.post('/api/auth/local', PUBLIC, async (request) => {
    const { identifier, password } = parseInput(loginSchema, request.body);
    await limitAttempt(app, request, 'login', identifier);
    return loginWithPassword(deps(request), identifier, password);
  });

  /** Self sign-up as student, teacher or coordinator; answers `{user}` (unconfirmed). */
  app.post('/api/users-permissions/register-partialy', PUBLIC, async (request) => {
    const input = parseData(registerSchema, request.body);
    await limitAttempt(app, request, 'register', input.email);
    return { user: await register(deps(request), input) };
  });

  /** An admin creates an account of any profile type; answers `{user}`. */
  app.post('/api/users-permissions/admin-register', async (request) => {
    const user = await adminRegister(deps(request), request.actor, () =>
      parseData(adminRegisterSchema, request.body),
    );
    return { user };
  });

  /** The link of the confirmation email: confirms and redirects to the web's login page. */
  app.get('/api/auth/email-confirmation', PUBLIC, async (request, reply) => {
    const { confirmation } = request.query as { confirmation?: unknown };
    const outcome = await confirmEmail(deps(request), confirmation);
    return reply.redirect(confirmationRedirect(deps(request), outcome), 302);
  });

  /** Sends a new confirmation link; answers the same whether or not the account exists. */
  app.post('/api/auth/send-email-confirmation', PUBLIC, async (request) => {
    const { email } = parseInput(emailBodySchema, request.body);
    await limitAttempt(app, request, 'sendEmailConfirmation', email);
    await resendConfirmation(deps(request), email);
    return { email, sent: true };
  });

  /** Sends a reset link; answers `{ok: true}` whether or not the account exists. */
  app.post('/api/auth/forgot-password', PUBLIC, async (request) => {
    const { email } = parseInput(emailBodySchema, request.body);
    await limitAttempt(app, request, 'forgotPassword', email);
    await forgotPassword(deps(request), email);
    return { ok: true };
  });

  /** `{password, passwordConfirmation, code}` answers `{jwt, user, refreshToken}`. */
  app.post('/api/auth/reset-password', PUBLIC, async (request) => {
    const input = parseInput(resetPasswordSchema, request.body);
    await limitAttempt(app, request, 'resetPassword');
    return resetPassword(deps(request), input);
  });

  /** Bearer; `{currentPassword, password, passwordConfirmation}` answers a fresh session. */
  app.post('/api/auth/change-password', async (request) => {
    const actor = request.actor;
    // Who asks comes before what they send: without a session the answer is 401, as /users/me.
    if (actor.kind !== 'user') throw unauthorized();
    const input = parseInput(changePasswordSchema, request.body);
    await limitAttempt(app, request, 'changePassword', `user:${actor.userId}`);
    return changePassword(deps(request), actor, input);
  });

  /**
   * `POST /auth/request-message {userData: {email}}` (spec §7, without /api): sends a one-time
   * sign-in link; answers the same whether or not the account exists.
   */
  app.post('/auth/request-message', PUBLIC, async (request) => {
    const { userData } = parseInput(requestMessageSchema, request.body);
    await limitAttempt(app, request, 'requestMessage', userData.email);
    await requestLoginLink(deps(request), userData.email);
    return { email: userData.email, sent: true };
  });

  /** The web's login page exchanges the link's token: answers `{jwt, user, refreshToken}`. */
  app.post('/api/auth/login-link', PUBLIC, async (request) => {
    const { token } = parseInput(loginLinkSchema, request.body);
    await limitAttempt(app, request, 'loginLink');
    return exchangeLoginLink(deps(request), token);
  });

  /**
   * `POST /auth {refreshToken}` (spec §7): a new access token and a new refresh token. The bearer
   * the web sends is ignored (it has usually expired: that is why it refreshes).
   */
  app.post('/auth', PUBLIC, async (request) => {
    const { refreshToken } = parseInput(refreshSchema, request.body);
    return refreshSession(deps(request), refreshToken);
  });

  /** Ends the session of a refresh token; answers `{ok: true}` whatever the token. */
  app.post('/api/auth/logout', PUBLIC, async (request) => {
    const { refreshToken } = parseInput(refreshSchema, request.body);
    await logout(deps(request), refreshToken);
    return { ok: true };
  });
}
