import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailOutbox, userTokens, users } from '../../src/db/schema';
import { hashOpaqueToken } from '../../src/lib/tokens';
import { getTestDatabase } from './db';
import { unique } from './factories';

/**
 * Helpers of the authentication tests. Rate limits count per client address and identifier in
 * the shared database, so each test sends from its own address and uses its own emails.
 */

let addressSequence = 0;
/** A client address no other test of this worker uses (TEST-NET-2 and -3 and 10/8 ranges). */
export function uniqueIp(): string {
  addressSequence += 1;
  const n = (process.pid % 250) * 65536 + addressSequence;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A fresh email address (lower case, as registration stores it). */
export function uniqueEmail(prefix = 'persona'): string {
  return `${unique(prefix)}@correo.test`.toLowerCase();
}

/** A password every rule accepts, different on each call. */
export function strongPassword(): string {
  return `Tortuga saltarina ${unique('clave')} en el río`;
}

export interface Sent {
  status: number;
  body: Record<string, unknown> & {
    jwt?: string;
    refreshToken?: string;
    user?: Record<string, unknown>;
    error?: {
      status: number;
      name: string;
      message: string;
      details: { errors?: { path: string[]; message: string }[]; retryAfter?: number };
    };
  };
  headers: Record<string, unknown>;
}

/** A JSON request from a client address (default: a fresh one). */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: unknown; ip?: string; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const res = await app.inject({
    method,
    url,
    remoteAddress: options.ip ?? uniqueIp(),
    headers: options.headers ?? {},
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
  return {
    status: res.statusCode,
    body: res.body ? res.json<Sent['body']>() : {},
    headers: res.headers,
  };
}

export const bearerOf = (jwt: string | undefined) => ({ authorization: `Bearer ${jwt ?? ''}` });

/** Emails queued for a recipient, oldest first. */
export async function emailsTo(recipient: string) {
  const { db } = await getTestDatabase();
  return db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.recipient, recipient))
    .orderBy(asc(emailOutbox.id));
}

/** The link of an email's text that starts with `prefix`, or throws. */
export function linkIn(text: string, prefix: string): URL {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\S*`).exec(text);
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return new URL(match[0]);
}

/** The user row of an email. */
export async function userRow(email: string) {
  const { db } = await getTestDatabase();
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** Moves a one-time token's expiry (to test expiry without waiting). */
export async function setTokenExpiry(token: string, expiresAt: Date): Promise<void> {
  const { db } = await getTestDatabase();
  await db
    .update(userTokens)
    .set({ expiresAt })
    .where(eq(userTokens.tokenHash, hashOpaqueToken(token)));
}

/** Moves the instant a token was spent (to step past the refresh reuse grace time). */
export async function setTokenUsedAt(token: string, usedAt: Date): Promise<void> {
  const { db } = await getTestDatabase();
  await db
    .update(userTokens)
    .set({ usedAt })
    .where(eq(userTokens.tokenHash, hashOpaqueToken(token)));
}

/** The token rows of a user and purpose. */
export async function tokensOf(
  userId: number,
  purpose: 'confirmation' | 'reset' | 'login' | 'refresh',
) {
  const { db } = await getTestDatabase();
  return db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose)));
}
