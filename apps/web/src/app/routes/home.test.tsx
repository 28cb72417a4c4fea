import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  brandingEnvelope,
  jsonResponse,
  menuLogoEnvelope,
  noMenuLogoEnvelope,
  stubApi,
} from '../../../test/api';
import { createNoRetryQueryClient, renderApp } from '../../../test/render-app';
import { DEFAULT_BRANDING } from '../../features/branding/defaults';
import { clearSession, saveSession } from '../../lib/session-tokens';

afterEach(() => {
  clearSession();
});

/** The API for a page view: branding (with `branding` overrides), no logo, and a signed-in user. */
function stubSite(
  branding: Record<string, unknown> = {},
  user?: { profileType: string; name: string },
) {
  if (user) saveSession({ jwt: 'session-token' }, false);
  return stubApi({
    '/api/branding-saas': () => jsonResponse(brandingEnvelope(branding)),
    '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    '/api/permissions/status': () =>
      jsonResponse({
        permissions: {
          projects: { enabled: true, create: true, update: true },
          tfxes: { enabled: true, create: true, update: true },
          resources: { enabled: true },
          notifications: { enabled: true },
          organizations: { enabled: true, create: true, update: true },
        },
      }),
    '/api/users/me': () =>
      jsonResponse({ id: 9, username: 'ana', email: 'ana@test.es', confirmed: true, ...user }),
    '/api/students': () => jsonResponse({ data: [] }),
    '/api/teachers': () => jsonResponse({ data: [] }),
    '/api/coordinators': () => jsonResponse({ data: [] }),
    '/api/banners': () => jsonResponse({ data: [], meta: {} }),
    '/api/footer-sections': () => jsonResponse({ data: [], meta: {} }),
  });
}

describe('the branding the server put in the page (ADR 0056)', () => {
  it('draws the first screen in the university’s name at once and does not ask for it again', async () => {
    const fetchMock = stubSite({ projectName: 'Red Pública de Impacto' });
    const script = document.createElement('script');
    script.id = 'initial-branding';
    script.type = 'application/json';
    script.textContent = JSON.stringify(
      brandingEnvelope({
        projectName: 'Red </script> Impacto',
        university_name: 'Universidad del Shell',
      }),
    ).replace(/</g, '\\u003c');
    document.head.append(script);
    renderApp('/');

    // The first render already has it: no wait for an answer.
    expect(screen.getByRole('heading', { level: 1, name: 'Red </script> Impacto' })).toBeTruthy();
    expect(screen.getByText('Universidad del Shell')).toBeTruthy();
    await screen.findByRole('region', { name: 'Una plataforma, tres formas de participar' });
    expect(fetchMock).not.toHaveBeenCalledWith('/api/branding-saas?populate=*', expect.anything());
    expect(document.getElementById('initial-branding')).toBeNull();
  });
});

describe('home for visitors', () => {
  it('presents the platform to students, teachers and organisations, each with its way in', async () => {
    stubSite({ program: null });
    renderApp('/');

    const audiences = await screen.findByRole('region', {
      name: 'Una plataforma, tres formas de participar',
    });
    for (const title of ['Estudiantes', 'Profesorado', 'Organizaciones']) {
      expect(within(audiences).getByRole('heading', { level: 3, name: title })).toBeTruthy();
    }
    expect(
      within(audiences)
        .getByRole('link', { name: /Lo que te ofrecemos/ })
        .getAttribute('href'),
    ).toBe('/estudiantes');
    expect(
      within(audiences)
        .getByRole('link', { name: /Cómo participar/ })
        .getAttribute('href'),
    ).toBe('/organizaciones');
    expect(
      within(audiences)
        .getByRole('link', { name: /Crear mi cuenta de docente/ })
        .getAttribute('href'),
    ).toBe('/register?profile=teacher');
    expect(screen.getByRole('link', { name: 'Soy estudiante' }).getAttribute('href')).toBe(
      '/estudiantes',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Cómo funciona' })).toBeTruthy();
  });

  it('when the program matches "Emprende", the page closes inviting to register as a student with "Inscribirme ahora"', async () => {
    stubSite({ program: 'Programa Emprende 2024' });
    renderApp('/');

    const invitation = await screen.findByRole('link', { name: 'Inscribirme ahora' });
    expect(invitation.getAttribute('href')).toBe('/register?profile=student');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Participa en Programa Emprende 2024' }),
    ).toBeTruthy();
  });

  it('when the program does not match "Emprende", there is no "Inscribirme ahora" but a way to register', async () => {
    stubSite({ program: 'Impulsa' });
    renderApp('/');

    const register = await screen.findByRole('link', { name: 'Registrarme' });
    expect(register.getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('link', { name: 'Inscribirme ahora' })).toBeNull();
  });
});

describe('home for signed-in people', () => {
  it('a student sees a welcome with their area instead of the presentation, and no Emprende invitation', async () => {
    stubSite({ program: 'Emprende' }, { profileType: 'student', name: 'Ana' });
    renderApp('/');

    const welcome = await screen.findByRole('region', { name: 'Hola, Ana' });
    expect(
      within(welcome)
        .getByRole('link', { name: /^Proyectos/ })
        .getAttribute('href'),
    ).toBe('/projects');
    expect(
      within(welcome)
        .getByRole('link', { name: /^Perfil/ })
        .getAttribute('href'),
    ).toBe('/profile');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Impacto Universitario Test',
    );
    expect(screen.queryByRole('link', { name: 'Inscribirme ahora' })).toBeNull();
    expect(
      screen.queryByRole('region', { name: 'Una plataforma, tres formas de participar' }),
    ).toBeNull();
    expect(screen.queryByRole('link', { name: 'Soy estudiante' })).toBeNull();
  });

  it('a coordinator without an organisation is invited to create it', async () => {
    stubSite({}, { profileType: 'coordinator', name: 'Luis' });
    renderApp('/');

    const welcome = await screen.findByRole('region', { name: 'Hola, Luis' });
    expect(
      (await within(welcome).findByRole('link', { name: /^Crea tu organización/ })).getAttribute(
        'href',
      ),
    ).toBe('/organizations/create');
  });
});

describe('home route', () => {
  it('while the branding loads, the page is already there with the defaults (no "Cargando..."), and takes the branding when it comes', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({
      '/api/branding-saas': () => new Promise<Response>((resolve) => (answer = resolve)),
      '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    });
    renderApp('/');

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(DEFAULT_BRANDING.projectName);
    expect(screen.queryByText('Cargando...')).toBeNull();
    expect(document.title).toBe(DEFAULT_BRANDING.projectName);
    expect(document.documentElement.style.getPropertyValue('--color-main')).toBe('#1226AA');

    answer(jsonResponse(brandingEnvelope()));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        'Impacto Universitario Test',
      ),
    );
    expect(document.title).toBe('Impacto Universitario Test');
    expect(document.documentElement.style.getPropertyValue('--color-main')).toBe('#0A7F5A');
  });

  it('a branding that fails and is retried does not hold the page: it renders at once with the defaults', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      '/api/branding-saas': () => jsonResponse({ error: { status: 503 } }, 503),
      '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    });
    // The app's own client, which retries a 503 with back-off for seconds (spec §8: only logged).
    renderApp('/');

    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 500 });
    expect(heading.textContent).toBe(DEFAULT_BRANDING.projectName);
    // Still being retried: nothing about the branding is logged yet.
    expect(consoleError).not.toHaveBeenCalledWith(
      expect.stringContaining('branding'),
      expect.anything(),
    );
  });

  it('on a later visit, the branding seen last is shown at once, until the new answer replaces it', async () => {
    stubApi({
      '/api/branding-saas': () =>
        jsonResponse(brandingEnvelope({ projectName: 'Campus Solidario' })),
      '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    });
    const first = renderApp('/');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Campus Solidario'),
    );
    first.unmount();

    let answer: (response: Response) => void = () => {};
    stubApi({
      '/api/branding-saas': () => new Promise<Response>((resolve) => (answer = resolve)),
      '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    });
    renderApp('/');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Campus Solidario');
    expect(document.documentElement.style.getPropertyValue('--color-main')).toBe('#0A7F5A');

    answer(jsonResponse(brandingEnvelope({ projectName: 'Campus Renovado' })));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Campus Renovado'),
    );
  });

  it('when the branding loads, the project name is the h1, the home link and the page title', async () => {
    const fetchMock = stubApi({
      '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
      '/api/brandings': () => jsonResponse(menuLogoEnvelope()),
    });
    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Impacto Universitario Test' });
    expect(document.title).toBe('Impacto Universitario Test');
    expect(
      screen.getByRole('link', { name: 'Impacto Universitario Test' }).getAttribute('href'),
    ).toBe('/');
    expect(screen.getByText('Universidad de Pruebas')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/branding-saas?populate=*', expect.anything());

    // The colours become CSS variables the theme reads; the text on them stays readable.
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-main')).toBe('#0A7F5A');
    expect(style.getPropertyValue('--color-on-main')).toBe('#FFFFFF');
    expect(style.getPropertyValue('--color-secondary')).toBe('#F4A300');
    expect(style.getPropertyValue('--color-footer')).toBe('#073B2A');
    expect(style.getPropertyValue('--font-sans')).toContain('"Montserrat"');
  });

  it('when the menu logo loads, it is shown in the header and becomes the favicon', async () => {
    stubApi({
      '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
      '/api/brandings': () => jsonResponse(menuLogoEnvelope('/uploads/logo_menu.png', 'image/png')),
    });
    const { container } = renderApp('/');

    await waitFor(() => {
      expect(container.querySelector('header img')?.getAttribute('src')).toBe(
        '/uploads/logo_menu.png',
      );
    });
    const icon = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    expect(icon?.getAttribute('href')).toBe('/uploads/logo_menu.png');
    expect(icon?.getAttribute('type')).toBe('image/png');
  });

  it('when the branding answers 404 (a new installation has none yet), the page renders with the defaults and nothing is logged', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = stubApi({});
    renderApp('/');

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(DEFAULT_BRANDING.projectName);
    expect(document.title).toBe(DEFAULT_BRANDING.projectName);
    expect(document.documentElement.style.getPropertyValue('--color-main')).toBe('#1226AA');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) =>
          String(input instanceof Request ? input.url : input).includes('/api/branding-saas'),
        ),
      ).toBe(true),
    );
    expect(consoleError).not.toHaveBeenCalledWith(
      expect.stringContaining('branding'),
      expect.anything(),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the server cannot be reached, the page still renders with the defaults', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    renderApp('/', { queryClient: createNoRetryQueryClient() });

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      DEFAULT_BRANDING.projectName,
    );
    expect(document.title).toBe(DEFAULT_BRANDING.projectName);
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('unknown routes', () => {
  it('when the path has no screen, it says "Página no encontrada" with a way home', async () => {
    stubApi({
      '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
      '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    });
    renderApp('/no-existe');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Página no encontrada',
    );
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Impacto Universitario Test'));
  });
});
