import Cookies from 'js-cookie';
import { vi } from 'vitest';
import type { SessionUser } from '../../../features/auth/types';
import type { FeaturePermissions } from '../../../features/permissions/types';
import {
  markWelcomeShownThisSession,
  WELCOME_SHOWN_COOKIE,
} from '../../../features/welcome/utils/welcome-storage';
import { clearSession, saveSession } from '../../../lib/session-tokens';
import { brandingEnvelope, jsonResponse, noMenuLogoEnvelope } from '../../../../test/render-app';

export type Answer = (url: URL, init: RequestInit) => Response | Promise<Response>;

export interface Call {
  method: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

export function account(profileType: SessionUser['profileType']): SessionUser {
  return {
    id: 7,
    username: 'persona',
    email: `${profileType ?? 'nadie'}@demo.es`,
    name: 'Marta',
    surname: 'Gil',
    phone: null,
    profileType,
    confirmed: true,
    picture: null,
  };
}

export function allPermissions(): FeaturePermissions {
  return {
    projects: { enabled: true, create: true, update: true },
    tfxes: { enabled: true, create: true, update: true },
    tfx: { enabled: true },
    externalTfxes: { enabled: false },
    resources: { enabled: true },
    organizations: { enabled: true, create: false, update: false },
    notifications: { enabled: true },
  };
}

export const collection = (data: unknown[], page = 1, pageCount = 1, total = data.length) => ({
  data,
  meta: { pagination: { page, pageSize: 20, pageCount, total } },
});

function pathOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * Signs in as `profileType` and answers the API: keys are "METHOD /path?query" prefixes (the
 * longest matching one answers); everything else is the Strapi 404. Returns every call made.
 */
export function stubRouteApi(
  profileType: SessionUser['profileType'],
  routes: Record<string, Answer>,
  { permissions = allPermissions() }: { permissions?: FeaturePermissions } = {},
) {
  saveSession({ jwt: 'token-de-prueba', refreshToken: 'refresco' }, false);
  // The welcome modals are another test's subject: keep them from covering these screens.
  markWelcomeShownThisSession(account(profileType).id);
  const table: Record<string, Answer> = {
    'GET /api/branding-saas': () => jsonResponse(brandingEnvelope()),
    'GET /api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    'GET /api/permissions/status': () => jsonResponse({ permissions }),
    'GET /api/users/me': () => jsonResponse(account(profileType)),
    'GET /api/students?': () => jsonResponse(collection([])),
    'GET /api/teachers?': () =>
      jsonResponse(
        collection([
          { id: 4, attributes: { teacher_area: 'Informática', university: { data: null } } },
        ]),
      ),
    'GET /api/coordinators?': () => jsonResponse(collection([])),
    'GET /api/communication-centers': () => jsonResponse(collection([])),
    'GET /api/banners': () => jsonResponse(collection([])),
    'GET /api/footer-sections': () => jsonResponse(collection([])),
    ...routes,
  };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(pathOf(input), 'http://test');
      const method = init.method ?? 'GET';
      const body =
        typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
      calls.push({ method, url, body, headers: (init.headers ?? {}) as Record<string, string> });
      const target = `${method} ${url.pathname}${url.search}`;
      const key = Object.keys(table)
        .filter((prefix) => target.startsWith(prefix))
        .sort((a, b) => b.length - a.length)[0];
      if (key) return table[key]!(url, init);
      return jsonResponse(
        { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } },
        404,
      );
    }),
  );
  return calls;
}

/** Ends the session and forgets the welcome, so tests stay independent. */
export function resetRouteApi() {
  clearSession();
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
  localStorage.clear();
}
