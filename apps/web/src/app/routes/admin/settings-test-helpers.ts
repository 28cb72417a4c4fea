import type { SessionUser } from '../../../features/auth/types';
import { saveSession } from '../../../lib/session-tokens';
import {
  brandingEnvelope,
  jsonResponse,
  menuLogoEnvelope,
  stubApi,
} from '../../../../test/render-app';

/** A signed-in user of the given profile type, as `GET /api/users/me` answers it. */
export function sessionUser(profileType: SessionUser['profileType']): SessionUser {
  return {
    id: 1,
    username: 'marta',
    email: 'admin@demo.es',
    name: 'Marta',
    surname: 'Gil',
    phone: null,
    profileType,
    confirmed: true,
  };
}

type Handler = () => Response | Promise<Response>;

/**
 * The API as the settings area reads it, for a signed-in user (admin by default): branding, menu
 * logo, permissions and the profile lookups answer; `handlers` add or replace paths.
 */
export function stubSettingsApi(
  handlers: Record<string, Handler> = {},
  { profileType = 'admin' }: { profileType?: SessionUser['profileType'] } = {},
) {
  saveSession({ jwt: 'token-de-prueba', refreshToken: 'refresco' }, false);
  const defaults: Record<string, Handler> = {
    '/api/users/me': () => jsonResponse(sessionUser(profileType)),
    '/api/students': () => jsonResponse({ data: [], meta: {} }),
    '/api/permissions/status': () => jsonResponse({ permissions: {} }),
    '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
    '/api/brandings': () => jsonResponse(menuLogoEnvelope()),
    '/api/banners': () => jsonResponse({ data: [], meta: {} }),
    '/api/footer-sections': () => jsonResponse({ data: [], meta: {} }),
  };
  // stubApi answers with the first prefix that matches: the test's own paths go first, so
  // `/api/brandings/1` is not taken by the default `/api/brandings`.
  return stubApi({
    ...handlers,
    ...Object.fromEntries(Object.entries(defaults).filter(([path]) => !(path in handlers))),
  });
}

/** The calls the page made with a method other than GET: `[method, path, parsed body]`. */
export function writes(fetchMock: ReturnType<typeof stubApi>): [string, string, unknown][] {
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
