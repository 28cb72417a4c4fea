import type { FeaturePermissions } from '@plataforma/shared';
import type { SessionUser } from '../../src/features/auth/types';
import type { ProfileType } from '@plataforma/shared';
import { NO_PERMISSIONS, account as anyAccount } from './accounts';
import { collection, jsonResponse } from './envelopes';
import { fakeApi, type FakeRequest } from './fake-api';

export type ApiCall = FakeRequest;

/** The student profile of the catalogue's signed-in student. */
export const STUDENT_ID = 31;

/** The catalogue's switches: projects and organisations on, the library off. */
export const PERMISSIONS: FeaturePermissions = {
  ...NO_PERMISSIONS,
  projects: { enabled: true, create: true, update: true },
  organizations: { enabled: true, create: false, update: false },
};

/** The catalogue's signed-in person. */
export const account = (profileType: ProfileType | null): SessionUser =>
  anyAccount(profileType, {
    username: 'lucia',
    email: 'estudiante@demo.es',
    name: 'Lucía',
    surname: 'Martínez',
    phone: '+34 612 345 678',
  });

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

export { collection };

export type Answer = (url: URL, body: unknown) => Response | Promise<Response>;

/**
 * Answers the API for the catalogue screens. Keys are "METHOD /path" prefixes (the longest
 * match wins); `user` signs someone in (null: a visitor), a student with their profile. Every call
 * is recorded.
 */
export function stubCatalogueApi(
  routes: Record<string, Answer>,
  { user = null as SessionUser | null, permissions = PERMISSIONS } = {},
) {
  return fakeApi({
    user,
    permissions,
    profiles: {
      students: () =>
        jsonResponse(
          collection([
            {
              id: STUDENT_ID,
              attributes: { province: 'Murcia', university: { data: null }, tfxs: { data: [] } },
            },
          ]),
        ),
    },
    routes: Object.fromEntries(
      Object.entries(routes).map(([key, answer]) => [
        key,
        ({ url, body }: { url: URL; body: unknown }) => answer(url, body),
      ]),
    ),
  }).calls;
}
