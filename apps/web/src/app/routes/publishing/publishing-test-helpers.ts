import { vi } from 'vitest';
import { brandingEnvelope, jsonResponse, noMenuLogoEnvelope } from '../../../../test/render-app';
import { NO_PERMISSIONS, type FeaturePermissions } from '../../../features/permissions/types';
import { saveSession } from '../../../lib/session-tokens';

type Role = 'student' | 'teacher' | 'coordinator' | 'admin';

export interface RecordedCall {
  method: string;
  url: URL;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

const EMPTY_LIST = {
  data: [],
  meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } },
};

/** The publishing switches on, as the demo roles have them. */
export const PUBLISHING_PERMISSIONS: FeaturePermissions = {
  ...NO_PERMISSIONS,
  projects: { enabled: true, create: true, update: false },
  organizations: { enabled: true, create: true, update: false },
};

export const list = (data: unknown[]) =>
  jsonResponse({ data, meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } });

interface StubOptions {
  role?: Role | null;
  /** The coordinator's organisation (details); a function so it can change after a write. */
  organization?: () => { id: number; name: string } | null;
  permissions?: FeaturePermissions;
  /** Extra answers by `METHOD /path?query` prefix (the longest prefix wins). */
  handlers?: Record<string, Handler>;
}

/**
 * Signs in a user of `role` (none: signed out) and answers the page frame, the session and the
 * given calls; every request is recorded with its parsed body.
 */
export function stubPublishingApi({
  role = 'teacher',
  organization = () => null,
  permissions = PUBLISHING_PERMISSIONS,
  handlers = {},
}: StubOptions = {}) {
  if (role) saveSession({ jwt: 'token-de-prueba', refreshToken: 'refresco' }, false);
  const profile = (attributes: Record<string, unknown>) => list([{ id: 30, attributes }]);
  const table: Record<string, Handler> = {
    'GET /api/branding-saas': () => jsonResponse(brandingEnvelope()),
    'GET /api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    'GET /api/banners': () => jsonResponse(EMPTY_LIST),
    'GET /api/footer-sections': () => jsonResponse(EMPTY_LIST),
    'GET /api/permissions/status': () => jsonResponse({ permissions }),
    'GET /api/users/me': () =>
      jsonResponse({
        id: 9,
        username: 'publica',
        email: 'publica@example.org',
        name: 'Carmen',
        surname: 'López',
        phone: '+34 600000000',
        profileType: role,
        confirmed: true,
      }),
    'GET /api/teachers?': () => profile({ teacher_area: 'Humanidades' }),
    'GET /api/students?': () => profile({ province: 'Murcia' }),
    'GET /api/coordinators?': () => {
      const org = organization();
      return profile({
        organization: { data: org ? { id: org.id, attributes: { name: org.name } } : null },
      });
    },
    ...handlers,
  };
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://test');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    const call = { method, url, body };
    calls.push(call);
    const target = `${method} ${url.pathname}${url.search}`;
    const key = Object.keys(table)
      .filter((prefix) => target.startsWith(prefix))
      .sort((a, b) => b.length - a.length)[0];
    return key
      ? table[key]!(call)
      : jsonResponse(
          { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } },
          404,
        );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The calls made with `method` to exactly `path`. */
export const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.url.pathname === path);
