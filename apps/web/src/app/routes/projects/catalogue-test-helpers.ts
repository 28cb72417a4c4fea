import { vi } from 'vitest';
import type { SessionUser } from '../../../features/auth/types';
import type { FeaturePermissions } from '../../../features/permissions/types';
import { saveSession } from '../../../lib/session-tokens';
import { brandingEnvelope, jsonResponse, noMenuLogoEnvelope } from '../../../../test/render-app';

export const STUDENT_ID = 31;

export const PERMISSIONS: FeaturePermissions = {
  projects: { enabled: true, create: true, update: true },
  tfxes: { enabled: false, create: false, update: false },
  tfx: { enabled: false },
  externalTfxes: { enabled: false },
  resources: { enabled: false },
  organizations: { enabled: true, create: false, update: false },
  notifications: { enabled: false },
};

export function account(profileType: SessionUser['profileType']): SessionUser {
  return {
    id: 7,
    username: 'lucia',
    email: 'estudiante@demo.es',
    name: 'Lucía',
    surname: 'Martínez',
    phone: '+34 612 345 678',
    profileType,
    confirmed: true,
    picture: null,
  };
}

/** A project as `GET /api/projects/:id?populate=...` answers it. */
export function projectAnswer(id: number, extra: Record<string, unknown> = {}) {
  return {
    data: {
      id,
      attributes: {
        title: 'Huertos escolares comunitarios',
        description: 'Diseñar huertos con los colegios del barrio.',
        status: 'Publicada',
        type: 'Impacto social',
        objectives: 'Que cada colegio tenga su huerto.',
        ods: [2, 4],
        ods_explanation: 'Alimentación sana y educación ambiental.',
        academic_profile: 'Ciencias ambientales o Magisterio',
        requirements: null,
        working_method: 'Reuniones quincenales',
        tags: ['huerto', 'educación'],
        internship: true,
        language: 'Español',
        presentiality: 'Híbrido',
        location: 'Murcia',
        locality: 'Lorca',
        remuneration: false,
        dedication: 'Menos de 5 horas semanales',
        study_areas: ['Educación y Magisterio'],
        study_subareas: [],
        application_deadline: '2099-06-30',
        rejection_reason: null,
        publishedAt: '2026-11-01T10:00:00.000Z',
        organization: {
          data: {
            id: 3,
            attributes: {
              name: 'Fundación Horizonte Solidario',
              description: 'Trabajamos con la infancia.',
              web: 'https://horizonte.example.org',
              logo: { data: { id: 9, attributes: { url: '/uploads/horizonte.png' } } },
            },
          },
        },
        teacher: { data: null },
        ...extra,
      },
    },
    meta: {},
  };
}

export const collection = (data: unknown[]) => ({
  data,
  meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: data.length } },
});

export type Answer = (url: URL, body: unknown) => Response | Promise<Response>;

export interface ApiCall {
  method: string;
  url: URL;
  body: unknown;
}

function pathOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * Answers the API for the catalogue screens. Keys are "METHOD /path" prefixes (the longest
 * match wins); `user` signs someone in (null: a visitor). Every call is recorded.
 */
export function stubCatalogueApi(
  routes: Record<string, Answer>,
  { user = null as SessionUser | null, permissions = PERMISSIONS } = {},
) {
  if (user) saveSession({ jwt: 'token-de-prueba', refreshToken: 'refresco' }, false);
  const table: Record<string, Answer> = {
    'GET /api/branding-saas': () => jsonResponse(brandingEnvelope()),
    'GET /api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    'GET /api/permissions/status': () => jsonResponse({ permissions }),
    'GET /api/banners': () => jsonResponse(collection([])),
    'GET /api/footer-sections': () => jsonResponse(collection([])),
    ...(user
      ? {
          'GET /api/users/me': () => jsonResponse(user),
          'GET /api/students?': () =>
            jsonResponse(
              collection([
                {
                  id: STUDENT_ID,
                  attributes: {
                    province: 'Murcia',
                    university: { data: null },
                    tfxs: { data: [] },
                  },
                },
              ]),
            ),
          'GET /api/coordinators?': () => jsonResponse(collection([])),
          'GET /api/teachers?': () => jsonResponse(collection([])),
        }
      : {}),
    ...routes,
  };
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(pathOf(input), 'http://test');
      const method = init.method ?? 'GET';
      const body =
        typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
      calls.push({ method, url, body });
      const target = `${method} ${url.pathname}${url.search}`;
      const key = Object.keys(table)
        .filter((prefix) => target.startsWith(prefix))
        .sort((a, b) => b.length - a.length)[0];
      if (key) return table[key]!(url, body);
      return jsonResponse(
        { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } },
        404,
      );
    }),
  );
  return calls;
}
