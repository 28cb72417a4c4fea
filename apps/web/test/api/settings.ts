import type { ProfileType } from '@plataforma/shared';
import type { Mock } from 'vitest';
import type { SessionUser } from '../../src/features/auth/types';
import { account } from './accounts';
import { menuLogoEnvelope } from './branding';
import { emptyList, jsonResponse } from './envelopes';
import { fakeApi, type Route } from './fake-api';

/** The admin of the settings area as `GET /api/users/me` answers it. */
export const sessionUser = (profileType: ProfileType | null): SessionUser =>
  account(profileType, { id: 1, username: 'marta', email: 'admin@demo.es' });

/**
 * The API as the settings area reads it, for a signed-in user (admin by default): branding, a menu
 * logo, no switches, no banners or footer sections; `handlers` add or replace paths.
 */
export function stubSettingsApi(
  handlers: Record<string, Route> = {},
  { profileType = 'admin' }: { profileType?: ProfileType | null } = {},
) {
  return fakeApi({
    user: sessionUser(profileType),
    routes: {
      'GET /api/brandings': () => jsonResponse(menuLogoEnvelope()),
      'GET /api/permissions/status': () => jsonResponse({ permissions: {} }),
      '/api/students': () => jsonResponse(emptyList()),
      ...handlers,
    },
  }).fetchMock;
}

/** The calls the page made with a method other than GET: `[method, path, parsed body]`. */
export function writes(fetchMock: Mock): [string, string, unknown][] {
  return fetchMock.mock.calls
    .map((call) => {
      const [input, init] = call as unknown as [RequestInfo | URL, RequestInit | undefined];
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const body = init?.body;
      return [
        init?.method ?? 'GET',
        url,
        typeof body === 'string' ? (JSON.parse(body) as unknown) : body,
      ] as [string, string, unknown];
    })
    .filter(([method]) => method !== 'GET');
}
