import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../src/app/provider';
import { routes } from '../src/app/routes';
import { createQueryClient } from '../src/lib/query-client';

/** Renders the whole app (providers, layout, routes) at `path`, as the browser would. */
export function renderApp(path = '/', { queryClient = createQueryClient() } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}

/** A client that fails at once instead of retrying with back-off (network-failure tests). */
export function createNoRetryQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Handler = () => Response | Promise<Response>;

/**
 * Replaces the global fetch: each request is answered by the handler whose key starts its path
 * (`/api/branding-saas`); anything else gets the API's Strapi 404. Returns the mock to inspect calls.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const match = Object.keys(handlers).find((prefix) => path.startsWith(prefix));
    if (match) return handlers[match]!();
    return jsonResponse(
      {
        data: null,
        error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} },
      },
      404,
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The documented answer of `GET /api/branding-saas?populate=*`. */
export function brandingEnvelope(attributes: Record<string, unknown> = {}) {
  return {
    data: {
      id: 1,
      attributes: {
        mainColor: '#0A7F5A',
        secondaryColor: '#F4A300',
        terciaryColor: '#E6F4EF',
        quaternaryColor: '#222222',
        footerColor: '#073B2A',
        logoUrl: null,
        projectName: 'Impacto Universitario Test',
        origin: 'Universidad de Murcia',
        mailTo: 'hola@example.org',
        university_name: 'Universidad de Pruebas',
        mainfont: 'Montserrat',
        politicsUrl: 'https://example.org/privacidad',
        program: 'Emprende',
        createdAt: '2024-01-01T00:00:00.000Z',
        updatedAt: '2024-01-01T00:00:00.000Z',
        ...attributes,
      },
    },
    meta: {},
  };
}

/** `GET /api/brandings?populate=menuLogo` when no branding entry has a logo. */
export function noMenuLogoEnvelope() {
  return { data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } };
}

/** The documented answer of `GET /api/brandings?populate=menuLogo` with one logo. */
export function menuLogoEnvelope(url = '/uploads/logo_menu.svg', mime = 'image/svg+xml') {
  return {
    data: [
      {
        id: 1,
        attributes: {
          name: 'principal',
          menuLogo: {
            data: { id: 7, attributes: { url, alternativeText: 'Logo', mime, name: 'logo.svg' } },
          },
        },
      },
    ],
    meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
  };
}
