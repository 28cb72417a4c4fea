import type { Mock } from 'vitest';
import { brandingEnvelope, jsonResponse, noMenuLogoEnvelope } from '../../../../test/render-app';

const EMPTY_LIST = {
  data: [],
  meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } },
};

/**
 * What the page frame reads on every screen: the branding, no menu logo, no feature switched on,
 * no banner, no footer sections.
 */
export const BASE_HANDLERS = {
  '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
  '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
  '/api/permissions/status': () => jsonResponse({ permissions: {} }),
  '/api/banners': () => jsonResponse(EMPTY_LIST),
  '/api/footer-sections': () => jsonResponse(EMPTY_LIST),
};

/** A Strapi error envelope answer. */
export function strapiError(
  status: number,
  message: string,
  errors?: { path: string[]; message: string }[],
  name = 'ValidationError',
): Response {
  return jsonResponse(
    {
      data: null,
      error: {
        status,
        name,
        message,
        details: errors ? { errors: errors.map((e) => ({ ...e, name: 'ValidationError' })) } : {},
      },
    },
    status,
  );
}

export function sessionUser(profileType: string, id = 41) {
  return {
    id,
    username: `user${id}`,
    email: `user${id}@example.org`,
    name: 'Ana',
    surname: 'Pérez',
    phone: null,
    profileType,
    confirmed: true,
  };
}

/** An answer of the calls that open a session. */
export function sessionAnswer(profileType: string, id = 41) {
  return { jwt: `jwt-${id}`, refreshToken: `refresh-${id}`, user: sessionUser(profileType, id) };
}

/** The JSON bodies sent to `path` (exact path, no query). */
export function bodiesSentTo(fetchMock: Mock, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input) === path)
    .map(([, init]) => JSON.parse((init as RequestInit).body as string) as unknown);
}
