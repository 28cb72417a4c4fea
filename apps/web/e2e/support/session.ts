import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

/** Password of every demo account (apps/api/src/seed/demo.ts). */
export const DEMO_PASSWORD = 'Demostracion2026';

/** The demo accounts (apps/api/src/seed/demo.ts DEMO_ACCOUNTS), by audience. */
export const DEMO = {
  student: 'estudiante@demo.es',
  /** A student without province and phone: sees the welcome modal. */
  newStudent: 'estudiante.nuevo@demo.es',
  teacher: 'profesor@demo.es',
  coordinator: 'coordinador@demo.es',
  /** A coordinator without an organisation. */
  newCoordinator: 'coordinador.nuevo@demo.es',
  admin: 'admin@demo.es',
} as const;

export interface SignedIn {
  jwt: string;
  refreshToken: string;
  userId: number;
}

/** Signs in through the API (`POST /api/auth/local`). */
export async function apiSignIn(baseUrl: string, email: string): Promise<SignedIn> {
  const response = await fetch(`${baseUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  }
  const body = (await response.json()) as {
    jwt: string;
    refreshToken: string;
    user: { id: number };
  };
  return { jwt: body.jwt, refreshToken: body.refreshToken, userId: body.user.id };
}

/**
 * The cookies of a session as the browser holds them after signing in without remember-me: the
 * `token` cookie the web sets (spec §4) and the API's HttpOnly `refreshToken` cookie, scoped to
 * the refresh calls under `/auth` (ADR 0055).
 */
export function sessionCookies(baseUrl: string, session: Pick<SignedIn, 'jwt' | 'refreshToken'>) {
  const { hostname, protocol } = new URL(baseUrl);
  return [
    { name: 'token', value: session.jwt, url: baseUrl, sameSite: 'Lax' as const },
    {
      name: 'refreshToken',
      value: session.refreshToken,
      domain: hostname,
      path: '/auth',
      httpOnly: true,
      secure: protocol === 'https:',
      sameSite: 'Strict' as const,
    },
  ];
}

/**
 * Puts a session into the browser context the way the web app keeps it (see `sessionCookies`),
 * for journeys that are not about the login screen itself.
 */
export async function signInAs(
  context: BrowserContext,
  baseUrl: string,
  email: string,
): Promise<SignedIn> {
  const session = await apiSignIn(baseUrl, email);
  await context.addCookies(sessionCookies(baseUrl, session));
  return session;
}

/** The version of the privacy text in force, as the registration page reads it (ADR 0035). */
export async function currentPrivacyVersion(baseUrl: string): Promise<number> {
  const response = await fetch(
    `${baseUrl}/api/legal-text-versions?filters[legalText][kind][$eq]=privacy&sort=version:desc&pagination[pageSize]=1`,
  );
  const { data } = (await response.json()) as { data: { attributes: { version: number } }[] };
  expect(data[0], 'the privacy text exists on every installation').toBeTruthy();
  return data[0]!.attributes.version;
}
