import type { ProfileType } from '@plataforma/shared';
import type { Mock } from 'vitest';
import { NO_PERMISSIONS, publicUser } from './accounts';
import { brandingEnvelope, noMenuLogoEnvelope } from './branding';
import { emptyList, jsonResponse } from './envelopes';
import { legalTextVersionList } from './legal';

/** The privacy text's version the registration page offers in these fakes. */
export const PRIVACY_VERSION = 3;

/**
 * What the page frame reads on every screen of the sign-in flows: the branding, no menu logo, no
 * feature switched on, no banner, no footer sections (for `stubApi`, which adds nothing itself);
 * and the privacy text registration accepts (version 3).
 */
export const BASE_HANDLERS = {
  '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
  '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
  '/api/permissions/status': () => jsonResponse({ permissions: NO_PERMISSIONS }),
  '/api/banners': () => jsonResponse(emptyList()),
  '/api/footer-sections': () => jsonResponse(emptyList()),
  '/api/legal-text-versions': () =>
    jsonResponse(legalTextVersionList('privacy', [{ version: PRIVACY_VERSION }])),
};

/** A user as the sign-in flows read it (a session's `user`, or `GET /api/users/me`). */
export const sessionUser = (profileType: ProfileType | null, id = 41) =>
  publicUser(profileType, id);

export { sessionAnswer } from './accounts';

/** The JSON bodies sent to `path` (exact path, no query). */
export function bodiesSentTo(fetchMock: Mock, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input) === path)
    .map(([, init]) => JSON.parse((init as RequestInit).body as string) as unknown);
}
