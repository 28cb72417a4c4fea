import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  brandingEnvelope,
  jsonResponse,
  menuLogoEnvelope,
  noMenuLogoEnvelope,
  stubApi,
} from '../../../../test/api';
import { renderApp } from '../../../../test/render-app';
import { RequireSession } from '../../../features/auth/components/require-session';
import type { SessionUser } from '../../../features/auth/types';
import type { FeaturePermissions } from '../../../features/permissions/types';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, saveSession } from '../../../lib/session-tokens';
import { AppProvider } from '../../provider';
import { SiteHeader } from '../site-header';

function allOn(): FeaturePermissions {
  return {
    projects: { enabled: true, create: true, update: true },
    tfxes: { enabled: true, create: true, update: true },
    tfx: { enabled: true },
    externalTfxes: { enabled: true },
    resources: { enabled: true },
    organizations: { enabled: true, create: true, update: true },
    notifications: { enabled: true },
  };
}

const STUDENT: SessionUser = {
  id: 7,
  username: 'lucia',
  email: 'estudiante@demo.es',
  name: 'Lucía',
  surname: 'Martínez Navarro',
  phone: '+34 612 345 678',
  profileType: 'student',
  confirmed: true,
};

/** `GET /api/students?filters[user][id][$eq]=7&populate=...` for a student with a university. */
function studentEntry({ tfxs = [] as number[] } = {}) {
  return {
    data: [
      {
        id: 31,
        attributes: {
          province: 'Murcia',
          university: { data: { id: 2, attributes: { name: 'Universidad de Murcia' } } },
          tfxs: { data: tfxs.map((id) => ({ id, attributes: {} })) },
        },
      },
    ],
    meta: {},
  };
}

interface Stubs {
  origin?: string;
  /** The branding's `logoUrl` (spec §3). */
  logoUrl?: string | null;
  /** The menu logo's file URL (spec §1: also the favicon); none when absent. */
  menuLogoUrl?: string;
  user?: SessionUser | null;
  profile?: () => Response | Promise<Response>;
  permissions?: FeaturePermissions;
}

/** The API as the header reads it; a `user` also puts a session token in the cookie. */
function stubHeaderApi({
  origin = 'Conecta Impacto',
  logoUrl = null,
  menuLogoUrl,
  user = null,
  profile,
  permissions,
}: Stubs) {
  if (user) saveSession({ jwt: 'token-de-prueba' }, false);
  return stubApi({
    '/api/branding-saas': () => jsonResponse(brandingEnvelope({ origin, logoUrl })),
    '/api/brandings': () =>
      jsonResponse(menuLogoUrl ? menuLogoEnvelope(menuLogoUrl) : noMenuLogoEnvelope()),
    '/api/permissions/status': () => jsonResponse({ permissions: permissions ?? allOn() }),
    '/auth/logout': () => jsonResponse({ ok: true }),
    ...(user ? { '/api/users/me': () => jsonResponse(user) } : {}),
    ...(profile
      ? {
          '/api/students': profile,
          '/api/teachers': profile,
          '/api/coordinators': profile,
        }
      : {}),
  });
}

/** Names of the links and buttons of the desktop menu, in order. */
function desktopMenu(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Menú principal' });
  return [...nav.querySelectorAll('a, button')].map((element) => element.textContent ?? '');
}

// The menu waits for four answers in a row (branding, user, profile, switches); on a busy machine
// that takes longer than Testing Library's default second.

afterEach(() => {
  clearSession();
});

describe('site header for a visitor', () => {
  it('"Entrar" opens a menu with "Iniciar sesión" and "Registrarse", and there is no menu', async () => {
    stubHeaderApi({});
    renderApp('/');

    const entrar = await screen.findByRole('button', { name: 'Entrar' });
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
    fireEvent.click(entrar);
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Iniciar sesión', '/user/auth/login'],
      ['Registrarse', '/register'],
    ]);
  });

  it('on a Murcia-origin brand, the menu links "Biblioteca de trabajos finales" to /tfx', async () => {
    stubHeaderApi({ origin: 'Universidad de Murcia' });
    renderApp('/');

    const link = await screen.findByRole('link', { name: 'Biblioteca de trabajos finales' });
    expect(link.getAttribute('href')).toBe('/tfx');
  });
});

describe('site header logo (spec §1, §3 Branding)', () => {
  /** The image inside the home link, if any. */
  const homeLogo = () =>
    screen.getByRole('link', { name: 'Impacto Universitario Test' }).querySelector('img');
  /** The project name's text inside the home link. */
  const projectNameText = () =>
    within(screen.getByRole('link', { name: 'Impacto Universitario Test' })).getByText(
      'Impacto Universitario Test',
    );

  it("shows the branding's logoUrl; the favicon stays the menu logo", async () => {
    stubHeaderApi({
      logoUrl: 'https://cdn.example.org/logo-universidad.png',
      menuLogoUrl: '/uploads/logo_menu.svg',
    });
    renderApp('/');

    await waitFor(() =>
      expect(document.querySelector('link[rel~="icon"]')?.getAttribute('href')).toBe(
        '/uploads/logo_menu.svg',
      ),
    );
    await waitFor(() =>
      expect(homeLogo()?.getAttribute('src')).toBe('https://cdn.example.org/logo-universidad.png'),
    );
    // The full logo carries the name: written beside it, it would show twice.
    expect(projectNameText().classList.contains('sr-only')).toBe(true);
  });

  it('without a logoUrl, the menu logo; when that does not load either, the mark of the project name', async () => {
    stubHeaderApi({ menuLogoUrl: '/uploads/logo_menu.svg' });
    renderApp('/');

    await waitFor(() => expect(homeLogo()?.getAttribute('src')).toBe('/uploads/logo_menu.svg'));
    // The menu logo is a mark: the name is written beside it.
    expect(projectNameText().classList.contains('sr-only')).toBe(false);
    fireEvent.error(homeLogo()!);
    await waitFor(() => expect(homeLogo()).toBeNull());
    expect(screen.getByRole('link', { name: 'Impacto Universitario Test' }).textContent).toContain(
      'IU',
    );
  });

  it('a logoUrl that does not load gives way to the menu logo', async () => {
    stubHeaderApi({
      logoUrl: '/uploads/no-existe.png',
      menuLogoUrl: '/uploads/logo_menu.svg',
    });
    renderApp('/');

    await waitFor(() => expect(homeLogo()?.getAttribute('src')).toBe('/uploads/no-existe.png'));
    fireEvent.error(homeLogo()!);
    await waitFor(() => expect(homeLogo()?.getAttribute('src')).toBe('/uploads/logo_menu.svg'));
  });

  it('a logoUrl that is not a web address (javascript:) is never used', async () => {
    stubHeaderApi({ logoUrl: 'javascript:alert(1)', menuLogoUrl: '/uploads/logo_menu.svg' });
    renderApp('/');

    await waitFor(() => expect(homeLogo()?.getAttribute('src')).toBe('/uploads/logo_menu.svg'));
  });
});

describe('site header for a student', () => {
  it('with everything on: the menu, the upload button and the profile dropdown of spec §2', async () => {
    stubHeaderApi({ user: STUDENT, profile: () => jsonResponse(studentEntry()) });
    renderApp('/');

    await screen.findByRole('link', { name: 'Proyectos Lab' });
    expect(desktopMenu()).toEqual(['Proyectos', 'Proyectos Lab', 'Recursos', 'Comunicaciones']);
    expect(screen.getByRole('link', { name: /Subir mi proyecto/ }).getAttribute('href')).toBe(
      '/tfx/create/form?status=finished',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Recursos' }));
    const resources = await screen.findByRole('link', { name: 'Repositorio de TFG/Ms' });
    expect(resources.getAttribute('href')).toBe('/tfx/external');
    expect(screen.getByRole('link', { name: 'Guías y recursos' }).getAttribute('href')).toBe(
      '/resources',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Menú de la cuenta de Lucía' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Perfil',
      'Candidaturas',
      'Proyectos guardados',
      'Proyectos en marcha',
      'Proyectos publicados',
      'Comunicaciones',
      'Cerrar sesión',
    ]);
    expect(items[1]?.getAttribute('href')).toBe('/profile?section=applys');
  });

  it('while the user details load, nothing role-specific is shown, only the profile button', async () => {
    stubHeaderApi({ user: STUDENT, profile: () => new Promise<Response>(() => {}) });
    renderApp('/');

    await screen.findByRole('button', { name: 'Menú de la cuenta de Lucía' });
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Subir mi proyecto/ })).toBeNull();
  });

  it('with a tfx of their own, "Subir mi proyecto" is not offered', async () => {
    stubHeaderApi({ user: STUDENT, profile: () => jsonResponse(studentEntry({ tfxs: [5] })) });
    renderApp('/');

    await screen.findByRole('link', { name: 'Proyectos Lab' });
    expect(screen.queryByRole('link', { name: /Subir mi proyecto/ })).toBeNull();
  });

  it('with notifications off, "Comunicaciones" is neither in the menu nor in the dropdown', async () => {
    const permissions = allOn();
    permissions.notifications.enabled = false;
    stubHeaderApi({ user: STUDENT, profile: () => jsonResponse(studentEntry()), permissions });
    renderApp('/');

    await screen.findByRole('link', { name: 'Proyectos Lab' });
    expect(desktopMenu()).toEqual(['Proyectos', 'Proyectos Lab', 'Recursos']);
    fireEvent.click(screen.getByRole('button', { name: 'Menú de la cuenta de Lucía' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).not.toContain('Comunicaciones');
  });

  it('the link of the page being shown is marked aria-current="page", and only that one', async () => {
    stubHeaderApi({ user: STUDENT, profile: () => jsonResponse(studentEntry()) });
    renderApp('/projects');

    const projects = await screen.findByRole('link', { name: 'Proyectos' });
    expect(projects.getAttribute('aria-current')).toBe('page');
    expect(
      screen.getByRole('link', { name: 'Comunicaciones' }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('"Cerrar sesión" clears the session cookies and goes to the login page', async () => {
    saveSession({ jwt: 'token-de-prueba' }, true);
    const fetchMock = stubHeaderApi({ user: STUDENT, profile: () => jsonResponse(studentEntry()) });
    const { router } = renderApp('/');

    fireEvent.click(await screen.findByRole('button', { name: 'Menú de la cuenta de Lucía' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/auth/login'));
    expect(router.state.location.search).toBe('');
    expect(Cookies.get('token')).toBeUndefined();
    expect(Cookies.get('refreshToken')).toBeUndefined();
    expect(Cookies.get('rememberMe')).toBeUndefined();
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeTruthy();
    // Under the refresh cookie's path, so the API can end that session and drop it (ADR 0055).
    expect(fetchMock).toHaveBeenCalledWith(
      '/auth/logout',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
  });
});

describe('site header for a teacher', () => {
  const TEACHER: SessionUser = { ...STUDENT, id: 9, name: 'Carmen', profileType: 'teacher' };
  const teacherEntry = (teacherArea: string | null) => ({
    data: [{ id: 4, attributes: { teacher_area: teacherArea, university: { data: null } } }],
    meta: {},
  });

  it('without teacher_area, the header offers "Completar perfil" into their wizard (desktop and side menu)', async () => {
    stubHeaderApi({ user: TEACHER, profile: () => jsonResponse(teacherEntry(null)) });
    renderApp('/');

    const links = await screen.findAllByRole('link', { name: 'Completar perfil' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/profile/completar']);
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menú' });
    expect([...dialog.querySelectorAll('a, button')].map((e) => e.textContent)).toEqual([
      'Cerrar menú',
      'Completar perfil',
      'Perfil',
      'Cerrar sesión',
    ]);
  });

  it('with teacher_area, their menu and no "Completar perfil"', async () => {
    stubHeaderApi({ user: TEACHER, profile: () => jsonResponse(teacherEntry('Humanidades')) });
    renderApp('/');

    await screen.findByRole('link', { name: 'Panel de Control' });
    expect(screen.queryByRole('link', { name: 'Completar perfil' })).toBeNull();
  });
});

describe('site header side menu (mobile)', () => {
  it('"Abrir menú" opens a dialog with the menu, the upload link and the profile, "Comunicaciones" once', async () => {
    stubHeaderApi({ user: STUDENT, profile: () => jsonResponse(studentEntry()) });
    renderApp('/');
    await screen.findByRole('link', { name: 'Proyectos Lab' });

    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menú' });
    const names = [...dialog.querySelectorAll('a, button')].map((element) => element.textContent);
    expect(names).toEqual([
      'Cerrar menú',
      // The bell, first in the side menu (ADR 0044).
      'Notificaciones',
      'Proyectos',
      'Proyectos Lab',
      'Repositorio de TFG/Ms',
      'Guías y recursos',
      'Comunicaciones',
      'Subir proyecto',
      'Perfil',
      'Candidaturas',
      'Proyectos guardados',
      'Proyectos en marcha',
      'Proyectos publicados',
      'Cerrar sesión',
    ]);
    expect(within(dialog).getByRole('list', { name: 'Recursos' })).toBeTruthy();
  });

  it('following a link closes the side menu', async () => {
    stubHeaderApi({ user: STUDENT, profile: () => jsonResponse(studentEntry()) });
    const { router } = renderApp('/');
    await screen.findByRole('link', { name: 'Proyectos Lab' });

    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menú' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Candidaturas' }));

    await waitFor(() => expect(router.state.location.search).toBe('?section=applys'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a visitor has no side menu: "Entrar" is in the header at every width (spec §2)', async () => {
    stubHeaderApi({});
    renderApp('/');
    const entrar = await screen.findByRole('button', { name: 'Entrar' });
    // Not hidden below the desktop breakpoint, as the role menus are.
    expect(entrar.closest('.hidden')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Abrir menú' })).toBeNull();
  });

  it('a visitor of a Murcia-origin brand has the library in the side menu, and "Entrar" beside it', async () => {
    stubHeaderApi({ origin: 'Universidad de Murcia' });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menú' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menú' });
    expect([...dialog.querySelectorAll('a, button')].map((e) => e.textContent)).toEqual([
      'Cerrar menú',
      'Biblioteca de trabajos finales',
    ]);
  });
});

/** The header over a private page, as root-layout.tsx puts it, with a login page to land on. */
function renderWithPrivatePage(path: string) {
  function Where() {
    const location = useLocation();
    return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
  }
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <SiteHeader />
            <Outlet />
            <Where />
          </>
        ),
        children: [
          { path: '/', element: <p>Inicio</p> },
          {
            path: '/profile',
            element: (
              <RequireSession>
                <p>Perfil privado</p>
              </RequireSession>
            ),
          },
          { path: '/user/auth/login', element: <p>Pantalla de acceso</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('site header around private pages', () => {
  it('logging out on a private page lands on the plain login page, without a return target', async () => {
    stubHeaderApi({ user: STUDENT, profile: () => jsonResponse(studentEntry()) });
    const router = renderWithPrivatePage('/profile');
    await screen.findByText('Perfil privado');

    fireEvent.click(await screen.findByRole('button', { name: 'Menú de la cuenta de Lucía' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }));

    await screen.findByText('Pantalla de acceso');
    expect(router.state.location.pathname).toBe('/user/auth/login');
    expect(router.state.location.search).toBe('');
    expect(Cookies.get('token')).toBeUndefined();
  });
});

describe('notification bell', () => {
  /** The unread count's answer (`GET /api/communication-centers/unread-count`). */
  const unread = (total: number) => () => jsonResponse({ data: { unread: total } });

  it('for a student with a university and notifications on, the bell carries the unread count in its name and the side menu button too', async () => {
    stubHeaderApi({ user: STUDENT, profile: () => jsonResponse(studentEntry()) });
    const fetchMock = stubApi({
      '/api/branding-saas': () => jsonResponse(brandingEnvelope({ origin: 'Conecta Impacto' })),
      '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
      '/api/permissions/status': () => jsonResponse({ permissions: allOn() }),
      '/api/users/me': () => jsonResponse(STUDENT),
      '/api/students': () => jsonResponse(studentEntry()),
      '/api/communication-centers/unread-count': unread(4),
    });
    renderWithPrivatePage('/');
    expect(await screen.findByRole('button', { name: 'Notificaciones, 4 sin leer' })).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'Abrir menú, 4 notificaciones sin leer' }),
    ).toBeTruthy();
    // The count is the lean call, not a page of the list.
    const paths = fetchMock.mock.calls.map(
      ([input]) =>
        new URL(String(input instanceof Request ? input.url : input), 'http://x').pathname,
    );
    expect(paths).toContain('/api/communication-centers/unread-count');
    expect(paths).not.toContain('/api/communication-centers');
  });

  it('for a student without a university, there is no bell and no count is asked', async () => {
    const entry = studentEntry();
    entry.data[0]!.attributes.university = { data: null } as never;
    const fetchMock = stubHeaderApi({ user: STUDENT, profile: () => jsonResponse(entry) });
    renderWithPrivatePage('/');
    await screen.findByRole('link', { name: 'Proyectos Lab' });
    expect(screen.queryByRole('button', { name: /^Notificaciones/ })).toBeNull();
    expect(
      fetchMock.mock.calls.some(([input]) =>
        String(input instanceof Request ? input.url : input).includes('communication-centers'),
      ),
    ).toBe(false);
  });

  it('for a student whose notifications switch is off, there is no bell', async () => {
    stubHeaderApi({
      user: STUDENT,
      profile: () => jsonResponse(studentEntry()),
      permissions: { ...allOn(), notifications: { enabled: false } },
    });
    renderWithPrivatePage('/');
    await screen.findByRole('link', { name: 'Proyectos Lab' });
    expect(screen.queryByRole('button', { name: /^Notificaciones/ })).toBeNull();
  });

  it('for a visitor, there is no bell', async () => {
    stubHeaderApi({});
    renderWithPrivatePage('/');
    await screen.findByRole('button', { name: 'Entrar' });
    expect(screen.queryByRole('button', { name: /^Notificaciones/ })).toBeNull();
  });
});
