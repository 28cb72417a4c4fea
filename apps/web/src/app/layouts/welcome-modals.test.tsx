import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { brandingEnvelope, jsonResponse, noMenuLogoEnvelope, stubApi } from '../../../test/api';
import { renderApp } from '../../../test/render-app';
import type { SessionUser } from '../../features/auth/types';
import { isWelcomePending, markWelcomePending } from '../../features/auth/utils/welcome-flag';
import { NO_PERMISSIONS, type FeaturePermissions } from '../../features/permissions/types';
import {
  isCompleteProfilePending,
  markCompleteProfilePending,
  markWelcomeShownThisSession,
  WELCOME_SHOWN_COOKIE,
} from '../../features/welcome/utils/welcome-storage';
import { clearSession, saveSession } from '../../lib/session-tokens';

const USER_ID = 41;

// A welcome waits for four answers in a row (user, profile, switches, branding alongside); on a
// busy machine that takes longer than Testing Library's default second.

function user(profileType: SessionUser['profileType'], phone: string | null = null): SessionUser {
  return {
    id: USER_ID,
    username: 'nueva',
    email: 'nueva@example.org',
    name: 'Nerea',
    surname: 'Gil',
    phone,
    profileType,
    confirmed: true,
  };
}

interface ProfileAttributes {
  province?: string | null;
  organization?: { id: number; name: string } | null;
  teacherArea?: string | null;
}

/** The profile lookup answer (`GET /api/{profileType}s?filters[user][id][$eq]=...`). */
function profileEntry({
  province = null,
  organization = null,
  teacherArea = null,
}: ProfileAttributes = {}) {
  return {
    data: [
      {
        id: 9,
        attributes: {
          province,
          teacher_area: teacherArea,
          university: { data: null },
          tfxs: { data: [] },
          organization: {
            data: organization
              ? { id: organization.id, attributes: { name: organization.name } }
              : null,
          },
        },
      },
    ],
    meta: {},
  };
}

/** Signs `account` in (token cookie) and answers the calls the page frame makes. */
function signIn(
  account: SessionUser,
  profile: ProfileAttributes = {},
  permissions: FeaturePermissions = NO_PERMISSIONS,
) {
  saveSession({ jwt: 'token-de-prueba' }, false);
  const lookup = () => jsonResponse(profileEntry(profile));
  return stubApi({
    '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
    '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    '/api/permissions/status': () => jsonResponse({ permissions }),
    '/api/banners': () =>
      jsonResponse({ data: [], meta: { pagination: { page: 1, pageSize: 25, total: 0 } } }),
    '/api/users/me': () => jsonResponse(account),
    '/api/students': lookup,
    '/api/teachers': lookup,
    '/api/coordinators': lookup,
  });
}

/**
 * Waits until the page has asked for the user and their profile details (the last call the
 * decision needs), then lets the effects that follow run: a welcome would be open by then.
 */
async function settle(fetchMock: ReturnType<typeof stubApi>, lastCall = '/api/students') {
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => {
    const paths = fetchMock.mock.calls.map(([input]) => (typeof input === 'string' ? input : ''));
    expect(paths.some((path) => path.startsWith(lastCall))).toBe(true);
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
}

afterEach(() => {
  clearSession();
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
  localStorage.clear();
});

describe('welcome modal for a student missing province or phone', () => {
  it('on the first page of the session, opens "¡Estás dentro!" with its focused link to the profile wizard', async () => {
    signIn(user('student'));
    renderApp('/');

    const dialog = await screen.findByRole('dialog', { name: '¡Estás dentro!' });
    const action = within(dialog).getByRole('link', { name: 'Completar perfil en 3 minutos' });
    expect(action.getAttribute('href')).toBe('/profile/completar');
    await waitFor(() => expect(document.activeElement).toBe(action));
    // Spec §4: showing it stores the complete-profile flag; the session is recorded.
    expect(isCompleteProfilePending(USER_ID)).toBe(true);
    expect(Cookies.get(WELCOME_SHOWN_COOKIE)).toBe(String(USER_ID));
  });

  it('waits while another dialog is open, and opens once it is closed', async () => {
    // Stands for a dialog the person opened before their details arrived (the side menu).
    const other = document.createElement('div');
    other.setAttribute('role', 'dialog');
    other.setAttribute('aria-label', 'Menú');
    document.body.append(other);
    // The welcome's module loaded already, so only the open dialog can hold it back.
    await import('./welcome-modals');
    const fetchMock = signIn(user('student'));
    renderApp('/');
    await settle(fetchMock);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('dialog', { name: '¡Estás dentro!' })).toBeNull();
    expect(Cookies.get(WELCOME_SHOWN_COOKIE)).toBeUndefined();

    other.remove();
    expect(await screen.findByRole('dialog', { name: '¡Estás dentro!' })).toBeTruthy();
    expect(Cookies.get(WELCOME_SHOWN_COOKIE)).toBe(String(USER_ID));
  });

  it('a student with a province but no phone gets it too', async () => {
    signIn(user('student'), { province: 'Murcia' });
    renderApp('/');
    expect(await screen.findByRole('dialog', { name: '¡Estás dentro!' })).toBeTruthy();
  });

  it('the link closes it and takes the student to the profile wizard', async () => {
    signIn(user('student'));
    const { router } = renderApp('/');

    const dialog = await screen.findByRole('dialog', { name: '¡Estás dentro!' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Completar perfil en 3 minutos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/completar'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '¡Estás dentro!' })).toBeNull(),
    );
  });

  it('"Ahora no" closes it and it stays closed', async () => {
    signIn(user('student'));
    renderApp('/');

    const dialog = await screen.findByRole('dialog', { name: '¡Estás dentro!' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ahora no' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('when one was already shown in this browser session, it is not shown again', async () => {
    markWelcomeShownThisSession(USER_ID);
    const fetchMock = signIn(user('student'));
    renderApp('/');

    await settle(fetchMock);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('right after registration it is shown even if the session saw one, and the flag is cleared', async () => {
    markWelcomeShownThisSession(USER_ID);
    markWelcomePending(USER_ID);
    signIn(user('student'));
    renderApp('/');

    expect(await screen.findByRole('dialog', { name: '¡Estás dentro!' })).toBeTruthy();
    expect(isWelcomePending(USER_ID)).toBe(false);
  });

  it('on an authentication screen it is not shown, and the registration flag waits', async () => {
    markWelcomePending(USER_ID);
    const fetchMock = signIn(user('student'));
    const { router } = renderApp('/forgot-password');

    await settle(fetchMock);
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isWelcomePending(USER_ID)).toBe(true);
  });
});

describe('welcome modal for other people', () => {
  it('a student with province and phone never sees it; leftover flags are cleared', async () => {
    markWelcomePending(USER_ID);
    markCompleteProfilePending(USER_ID);
    const fetchMock = signIn(user('student', '+34 600 111 222'), { province: 'Murcia' });
    renderApp('/');

    await settle(fetchMock);
    await waitFor(() => expect(isCompleteProfilePending(USER_ID)).toBe(false));
    expect(isWelcomePending(USER_ID)).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a teacher with teacher_area or an admin, even with no phone, never sees it', async () => {
    for (const profileType of ['teacher', 'admin'] as const) {
      markWelcomePending(USER_ID);
      const fetchMock = signIn(user(profileType), { teacherArea: 'Humanidades' });
      const { unmount } = renderApp('/');
      await settle(fetchMock, profileType === 'teacher' ? '/api/teachers' : '/api/users/me');
      expect(screen.queryByRole('dialog'), profileType).toBeNull();
      unmount();
      clearSession();
    }
  });

  it('a visitor never sees it', async () => {
    stubApi({
      '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
      '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('welcome modal for a teacher without teacher_area', () => {
  it('opens "¡Estás dentro!" with its focused link into the teacher\'s profile wizard', async () => {
    signIn(user('teacher'));
    const { router } = renderApp('/');

    const dialog = await screen.findByRole('dialog', { name: '¡Estás dentro!' });
    const action = within(dialog).getByRole('link', { name: 'Completar mi perfil' });
    expect(action.getAttribute('href')).toBe('/profile/completar');
    await waitFor(() => expect(document.activeElement).toBe(action));
    expect(isCompleteProfilePending(USER_ID)).toBe(true);
    fireEvent.click(action);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/completar'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '¡Estás dentro!' })).toBeNull(),
    );
  });

  it('on the wizard itself, it is not shown', async () => {
    const fetchMock = signIn(user('teacher'));
    renderApp('/profile/completar');
    await waitFor(() => {
      const paths = fetchMock.mock.calls.map(([input]) => (typeof input === 'string' ? input : ''));
      expect(paths.some((path) => path.startsWith('/api/teachers'))).toBe(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog', { name: '¡Estás dentro!' })).toBeNull();
  });
});

describe('welcome modal for a coordinator', () => {
  it('without organisation, "Crear mi organización" closes it and goes to /organizations/create', async () => {
    signIn(user('coordinator'));
    const { router } = renderApp('/');

    const dialog = await screen.findByRole('dialog', { name: '¡Estás dentro!' });
    const action = within(dialog).getByRole('link', { name: 'Crear mi organización' });
    expect(isCompleteProfilePending(USER_ID)).toBe(true);
    fireEvent.click(action);
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/create'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('with an organisation, it is not shown', async () => {
    const fetchMock = signIn(user('coordinator'), {
      organization: { id: 3, name: 'Fundación Horizonte' },
    });
    renderApp('/');
    await settle(fetchMock, '/api/coordinators');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('signing in lands on /organizations, which sends them on to /organizations/create: the welcome does not stay open there', async () => {
    const fetchMock = signIn(
      user('coordinator'),
      {},
      {
        ...NO_PERMISSIONS,
        organizations: { enabled: true, create: true, update: true },
      },
    );
    const { router } = renderApp('/organizations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/create'));
    await settle(fetchMock, '/api/coordinators');
    expect(screen.queryByRole('dialog', { name: '¡Estás dentro!' })).toBeNull();
  });

  it('on /organizations/create itself, it is not shown', async () => {
    const fetchMock = signIn(user('coordinator'));
    renderApp('/organizations/create');
    await settle(fetchMock, '/api/coordinators');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
