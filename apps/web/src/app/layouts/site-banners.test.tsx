import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandingEnvelope, jsonResponse, noMenuLogoEnvelope, stubApi } from '../../../test/api';
import { renderApp } from '../../../test/render-app';
import { clearSession, saveSession } from '../../lib/session-tokens';

/** `GET /api/banners` with the two campaigns of spec §2, as the demo data holds them. */
function bannersEnvelope() {
  const entry = (id: number, attributes: Record<string, unknown>) => ({
    id,
    attributes: {
      linkUrl: null,
      linkLabel: null,
      publishedAt: '2023-12-01T00:00:00.000Z',
      createdAt: '2023-12-01T00:00:00.000Z',
      updatedAt: '2023-12-01T00:00:00.000Z',
      ...attributes,
    },
  });
  return {
    data: [
      entry(1, {
        title: 'Convocatoria para empresas y organizaciones',
        message: 'Preséntalo antes del 31 de enero de 2024.',
        linkUrl: '/register?profile=coordinator',
        linkLabel: 'Presentar un reto',
        placements: [
          { path: '/', audiences: [] },
          { path: '/organizaciones', audiences: [] },
        ],
        startsAt: null,
        endsAt: '2024-01-31T22:59:59.000Z',
      }),
      entry(2, {
        title: 'Candidaturas abiertas',
        message: 'Las candidaturas están abiertas hasta el 31/3/2024.',
        placements: [
          { path: '/estudiantes', audiences: [] },
          { path: '/projects', audiences: ['teacher'] },
        ],
        startsAt: '2024-02-04T23:00:00.000Z',
        endsAt: '2024-03-31T21:59:59.000Z',
      }),
    ],
    meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 2 } },
  };
}

function stubSite(extra: Record<string, () => Response | Promise<Response>> = {}) {
  return stubApi({
    '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
    '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    '/api/permissions/status': () => jsonResponse({ permissions: {} }),
    '/api/banners': () => jsonResponse(bannersEnvelope()),
    ...extra,
  });
}

const bannerNamed = (title: string) =>
  screen.findByRole('complementary', { name: `Aviso: ${title}` });
/** Waits until the banners answer has been read, so "no banner" means none matched. */
async function bannersLoaded(queryClient: QueryClient) {
  await waitFor(() =>
    expect(queryClient.getQueryState(['banners', 'current'])?.status).toBe('success'),
  );
}

const noBanner = () => expect(screen.queryByRole('complementary', { name: /^Aviso:/ })).toBeNull();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  clearSession();
});

describe('campaign banners', () => {
  it('on 15 Jan 2024 a visitor sees the company call on / with its link', async () => {
    vi.setSystemTime(new Date('2024-01-15T10:00:00+01:00'));
    const fetchMock = stubSite();
    renderApp('/');

    const banner = await bannerNamed('Convocatoria para empresas y organizaciones');
    expect(banner.textContent).toContain('Preséntalo antes del 31 de enero de 2024.');
    expect(screen.getByRole('link', { name: /Presentar un reto/ }).getAttribute('href')).toBe(
      '/register?profile=coordinator',
    );
    // Finished campaigns are not even fetched: the query asks for those ending today or later.
    const url = fetchMock.mock.calls
      .map(([input]) => (typeof input === 'string' ? input : ''))
      .find((u) => u.startsWith('/api/banners'));
    expect(decodeURIComponent(url ?? '')).toContain(
      'filters[endsAt][$gte]=2024-01-15T00:00:00.000Z',
    );
  });

  it('on 15 Jan 2024 the company call is not on /estudiantes', async () => {
    vi.setSystemTime(new Date('2024-01-15T10:00:00+01:00'));
    stubSite();
    renderApp('/estudiantes');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        expect.stringMatching(/^\/api\/banners/),
        expect.anything(),
      ),
    );
    noBanner();
  });

  it('on 1 Feb 2024, after the company call ended and before the student one starts, / has no banner', async () => {
    vi.setSystemTime(new Date('2024-02-01T00:00:00+01:00'));
    stubSite();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        expect.stringMatching(/^\/api\/banners/),
        expect.anything(),
      ),
    );
    noBanner();
  });

  it('on 1 Mar 2024 a signed-in teacher sees the student banner on /projects; a student does not', async () => {
    vi.setSystemTime(new Date('2024-03-01T10:00:00+01:00'));
    const user = (profileType: string) => () =>
      jsonResponse({ id: 5, username: 'u', email: 'u@test.es', profileType, confirmed: true });
    saveSession({ jwt: 'teacher-token' }, false);
    stubSite({
      '/api/users/me': user('teacher'),
      '/api/teachers': () => jsonResponse({ data: [] }),
    });
    const first = renderApp('/projects');
    await bannerNamed('Candidaturas abiertas');
    first.unmount();

    stubSite({
      '/api/users/me': user('student'),
      '/api/students': () => jsonResponse({ data: [] }),
    });
    const { queryClient } = renderApp('/projects');
    await bannersLoaded(queryClient);
    await waitFor(() =>
      expect(queryClient.getQueryState(['session', 'me'])?.status).toBe('success'),
    );
    noBanner();
  });

  it('closing a banner hides it and it stays closed on the next visit in the same session', async () => {
    vi.setSystemTime(new Date('2024-03-01T10:00:00+01:00'));
    stubSite();
    const first = renderApp('/estudiantes');
    const banner = await bannerNamed('Candidaturas abiertas');
    const close = screen.getByRole('button', { name: 'Cerrar aviso' });
    close.focus();
    fireEvent.click(close);
    await waitFor(() => expect(banner.isConnected).toBe(false));
    // The focus does not fall out of the page: it goes to the main content.
    expect(document.activeElement?.id).toBe('contenido');
    first.unmount();

    const second = renderApp('/estudiantes');
    await bannersLoaded(second.queryClient);
    noBanner();
  });

  it('when the banners cannot be loaded, it is only logged and the page shows no banner', async () => {
    vi.setSystemTime(new Date('2024-01-15T10:00:00+01:00'));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubSite({
      '/api/banners': () =>
        jsonResponse(
          { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } },
          403,
        ),
    });
    renderApp('/');
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith(
        'No se pudieron cargar los avisos.',
        expect.anything(),
      ),
    );
    noBanner();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
