import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey, consumeRateLimit, type Limit } from '../../lib/rate-limit';

/**
 * How often each authentication action may be attempted (ADR 0008). Per client address, so one
 * machine cannot spray many accounts, and per identifier (email or username in lower case, or the
 * signed-in user), so many machines cannot hammer one account. Every attempt counts, right or
 * wrong.
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Higher than the per-identifier limit: a classroom behind one university address signs in at
 * once. Raise it where a whole campus leaves through a single address.
 */
const PER_ADDRESS: readonly Limit[] = [{ limit: 30, windowSeconds: MINUTE }];
const PER_IDENTIFIER: readonly Limit[] = [{ limit: 10, windowSeconds: MINUTE }];
/**
 * Actions that check a password: also an hourly cap, so one account cannot be guessed at ten
 * tries a minute around the clock (600 an hour) from many addresses (ADR 0052).
 */
const PER_ACCOUNT: readonly Limit[] = [
  { limit: 10, windowSeconds: MINUTE },
  { limit: 30, windowSeconds: HOUR },
];
/** Actions that send an email: also an hourly cap, so nobody can flood a mailbox. */
const PER_MAILBOX: readonly Limit[] = [
  { limit: 10, windowSeconds: MINUTE },
  { limit: 30, windowSeconds: HOUR },
];

/**
 * Actions without an identifier (a reset code, a sign-in link) are limited by address only: their
 * tokens carry 256 bits, guessing them is hopeless, and the address limit stops the trying.
 */
export const AUTH_RATE_LIMITS = {
  login: { address: PER_ADDRESS, identifier: PER_ACCOUNT },
  register: { address: PER_ADDRESS, identifier: PER_IDENTIFIER },
  forgotPassword: { address: PER_ADDRESS, identifier: PER_MAILBOX },
  resetPassword: { address: PER_ADDRESS },
  sendEmailConfirmation: { address: PER_ADDRESS, identifier: PER_MAILBOX },
  requestMessage: { address: PER_ADDRESS, identifier: PER_MAILBOX },
  loginLink: { address: PER_ADDRESS },
  changePassword: { address: PER_ADDRESS, identifier: PER_ACCOUNT },
  // Deleting the own account asks for the password too: without a limit, a stolen token could
  // guess it there (ADR 0054).
  deleteAccount: { address: PER_ADDRESS, identifier: PER_ACCOUNT },
} satisfies Record<string, { address: readonly Limit[]; identifier?: readonly Limit[] }>;

export type RateLimitedAction = keyof typeof AUTH_RATE_LIMITS;

/**
 * Counts the attempt against the client's address and, when given, the identifier; throws 429 with
 * Retry-After past a limit. The address is `request.ip`: the socket's, or X-Forwarded-For only
 * when TRUST_PROXY says how many proxies to believe (app.ts), so the header cannot be forged.
 */
export async function limitAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  action: RateLimitedAction,
  identifier?: string,
): Promise<void> {
  if (!app.config.rateLimits) return;
  const limits: { address: readonly Limit[]; identifier?: readonly Limit[] } =
    AUTH_RATE_LIMITS[action];
  await consumeRateLimit(app.db, [
    { key: `${action}:ip:${clientKey(request.ip)}`, limits: limits.address },
    ...(identifier === undefined || !limits.identifier
      ? []
      : [{ key: `${action}:id:${identifier.trim().toLowerCase()}`, limits: limits.identifier }]),
  ]);
}
