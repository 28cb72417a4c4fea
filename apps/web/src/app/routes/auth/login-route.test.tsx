import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { codedError, jsonResponse, stubApi, strapiError } from '../../../../test/api';
import {
  BASE_HANDLERS,
  bodiesSentTo,
  sessionAnswer,
  sessionUser,
} from '../../../../test/api/auth-screens';
import { renderApp } from '../../../../test/render-app';
import { CONFIRMATION_RESENT_MESSAGE } from '../../../features/auth/components/resend-confirmation-form';
import { LOGIN_LINK_SENT_MESSAGE } from '../../../features/auth/components/login-link-request';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../../features/auth/utils/auth-errors';
import { clearSession, getToken, saveSession } from '../../../lib/session-tokens';
import {
  CONFIRMATION_EXPIRED_MESSAGE,
  CONFIRMATION_INVALID_MESSAGE,
  EMAIL_CONFIRMED_MESSAGE,
  LOGIN_LINK_FAILED_MESSAGE,
} from './login-route';

afterEach(() => clearSession());

async function fillAndSend(identifier: string, password: string, remember = false) {
  await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
  fireEvent.change(screen.getByLabelText('Correo electrónico o nombre de usuario'), {
    target: { value: identifier },
  });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: password } });
  if (remember) fireEvent.click(screen.getByLabelText('Recordarme en este dispositivo'));
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

describe('login page', () => {
  it('when sent empty, both fields say "Este campo es obligatorio." and nothing is sent', async () => {
    const fetchMock = stubApi(BASE_HANDLERS);
    renderApp('/user/auth/login');
    await fillAndSend('', '');

    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(2);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByLabelText('Correo electrónico o nombre de usuario'),
      ),
    );
    expect(bodiesSentTo(fetchMock, '/api/auth/local')).toEqual([]);
  });

  it('when the API refuses the credentials, it says "Credenciales incorrectas"', async () => {
    const fetchMock = stubApi({
      ...BASE_HANDLERS,
      '/api/auth/local': () => strapiError(400, 'Invalid identifier or password'),
    });
    renderApp('/user/auth/login');
    await fillAndSend(' ana@example.org ', 'una contraseña equivocada');

    expect((await screen.findByRole('alert')).textContent).toBe('Credenciales incorrectas');
    expect(bodiesSentTo(fetchMock, '/api/auth/local')).toEqual([
      { identifier: 'ana@example.org', password: 'una contraseña equivocada', remember: false },
    ]);
    expect(getToken()).toBeUndefined();
  });

  it('when the account is blocked, it also says "Credenciales incorrectas" (spec §8: any other failure)', async () => {
    stubApi({
      ...BASE_HANDLERS,
      '/api/auth/local': () =>
        strapiError(400, 'Your account has been blocked by an administrator'),
    });
    renderApp('/user/auth/login');
    await fillAndSend('ana', 'una contraseña larga');
    expect((await screen.findByRole('alert')).textContent).toBe('Credenciales incorrectas');
  });

  it('when too many attempts were made, it says to wait instead of blaming the credentials', async () => {
    stubApi({
      ...BASE_HANDLERS,
      '/api/auth/local': () => strapiError(429, 'Too many requests', undefined, 'RateLimitError'),
    });
    renderApp('/user/auth/login');
    await fillAndSend('ana', 'una contraseña larga');
    expect((await screen.findByRole('alert')).textContent).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });

  it('when the API says how long to wait (Retry-After), the message says it in Spanish', async () => {
    stubApi({
      ...BASE_HANDLERS,
      '/api/auth/local': () => {
        const limited = strapiError(
          429,
          'Too many requests, please try again later.',
          undefined,
          'RateLimitError',
        );
        limited.headers.set('retry-after', '42');
        return limited;
      },
    });
    renderApp('/user/auth/login');
    await fillAndSend('ana', 'una contraseña larga');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Has hecho demasiados intentos seguidos. Vuelve a intentarlo dentro de 42 segundos.',
    );
  });

  it('when the email is not confirmed, it says "Es necesario que verifiques tu email" and resends the confirmation to the typed address', async () => {
    const fetchMock = stubApi({
      ...BASE_HANDLERS,
      '/api/auth/local': () =>
        codedError('email_not_confirmed', 'Your account email is not confirmed'),
      '/api/auth/send-email-confirmation': () =>
        jsonResponse({ email: 'ana@example.org', sent: true }),
    });
    renderApp('/user/auth/login');
    await fillAndSend('ana@example.org', 'la contraseña correcta');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Es necesario que verifiques tu email',
    );
    const resend = screen.getByRole('region', {
      name: '¿No te ha llegado el correo de confirmación?',
    });
    expect(within(resend).getByLabelText<HTMLInputElement>('Correo electrónico').value).toBe(
      'ana@example.org',
    );
    fireEvent.click(
      within(resend).getByRole('button', { name: 'Reenviar el correo de confirmación' }),
    );
    expect(await within(resend).findByText(CONFIRMATION_RESENT_MESSAGE)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/api/auth/send-email-confirmation')).toEqual([
      { email: 'ana@example.org' },
    ]);
  });

  it('when a student signs in with remember-me and no target, the session is remembered and they land on /projects', async () => {
    const fetchMock = stubApi({
      ...BASE_HANDLERS,
      '/api/auth/local': () => jsonResponse(sessionAnswer('student')),
    });
    const { router } = renderApp('/user/auth/login');
    await fillAndSend('ana@example.org', 'la contraseña correcta', true);

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    // The API sets its refresh cookie persistent because it is told (ADR 0055).
    expect(bodiesSentTo(fetchMock, '/api/auth/local')).toEqual([
      { identifier: 'ana@example.org', password: 'la contraseña correcta', remember: true },
    ]);
    expect(getToken()).toBe('jwt-41');
    // The refresh token of the answer is the API's HttpOnly cookie, never one a script can read.
    expect(Cookies.get('refreshToken')).toBeUndefined();
    expect(Cookies.get('rememberMe')).toBe('true');
  });

  it('when signing in without remember-me, no remember-me cookie is kept', async () => {
    saveSession({ jwt: 'stale' }, true);
    clearSession();
    stubApi({ ...BASE_HANDLERS, '/api/auth/local': () => jsonResponse(sessionAnswer('teacher')) });
    const { router } = renderApp('/user/auth/login');
    await fillAndSend('profe', 'la contraseña correcta');

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(getToken()).toBe('jwt-41');
    expect(Cookies.get('rememberMe')).toBeUndefined();
  });

  it.each([
    ['coordinator', '/organizations'],
    // ADR 0066: the administration home rather than spec §2's `/`.
    ['admin', '/admin'],
  ] as const)(
    'when someone whose profile is %s signs in without a target, they land on %s',
    async (profileType, home) => {
      stubApi({
        ...BASE_HANDLERS,
        '/api/auth/local': () => jsonResponse(sessionAnswer(profileType)),
      });
      const { router } = renderApp('/user/auth/login');
      await fillAndSend('someone', 'la contraseña correcta');
      await waitFor(() => expect(router.state.location.pathname).toBe(home));
    },
  );

  it('when a target of this site was stored, signing in goes back to it', async () => {
    stubApi({ ...BASE_HANDLERS, '/api/auth/local': () => jsonResponse(sessionAnswer('student')) });
    const { router } = renderApp('/user/auth/login?redirect=%2Fprofile%3Fsection%3Dtfx');
    await fillAndSend('ana', 'la contraseña correcta');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.search).toBe('?section=tfx');
  });

  it.each(['https://evil.example/', '//evil.example/x'])(
    'when the stored target is %s, it is ignored and the student lands on /projects',
    async (target) => {
      stubApi({
        ...BASE_HANDLERS,
        '/api/auth/local': () => jsonResponse(sessionAnswer('student')),
      });
      const { router } = renderApp(`/user/auth/login?redirect=${encodeURIComponent(target)}`);
      await fillAndSend('ana', 'la contraseña correcta');
      await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    },
  );

  it('when someone already signed in opens the login page, they are sent to their home', async () => {
    saveSession({ jwt: 'jwt-9' }, false);
    stubApi({
      ...BASE_HANDLERS,
      '/api/users/me': () => jsonResponse(sessionUser('coordinator', 9)),
    });
    const { router } = renderApp('/user/auth/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
  });

  it('when the confirmation link worked (?confirmed=true), it says the email is confirmed', async () => {
    stubApi(BASE_HANDLERS);
    renderApp('/user/auth/login?confirmed=true');
    const notice = await screen.findByText(EMAIL_CONFIRMED_MESSAGE);
    expect(notice.getAttribute('role')).toBe('status');
  });

  it.each([
    ['expired', CONFIRMATION_EXPIRED_MESSAGE],
    ['invalid', CONFIRMATION_INVALID_MESSAGE],
  ])(
    'when the confirmation link failed (reason=%s), it explains and offers a new link',
    async (reason, message) => {
      const fetchMock = stubApi({
        ...BASE_HANDLERS,
        '/api/auth/send-email-confirmation': () => jsonResponse({ sent: true }),
      });
      renderApp(`/user/auth/login?confirmed=false&reason=${reason}`);
      const notice = await screen.findByRole('region', {
        name: 'No hemos podido confirmar tu correo',
      });
      expect(within(notice).getByRole('alert').textContent).toBe(message);
      fireEvent.change(within(notice).getByLabelText('Correo electrónico'), {
        target: { value: 'ana@example.org' },
      });
      fireEvent.click(within(notice).getByRole('button', { name: 'Enviarme un enlace nuevo' }));
      expect(await within(notice).findByText(CONFIRMATION_RESENT_MESSAGE)).toBeTruthy();
      expect(bodiesSentTo(fetchMock, '/api/auth/send-email-confirmation')).toEqual([
        { email: 'ana@example.org' },
      ]);
    },
  );

  it('when opened from a sign-in link, it exchanges the token once and lands on the home of the profile', async () => {
    const fetchMock = stubApi({
      ...BASE_HANDLERS,
      '/api/auth/login-link': () => jsonResponse(sessionAnswer('coordinator')),
    });
    const { router } = renderApp('/user/auth/login?loginToken=abc123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    expect(bodiesSentTo(fetchMock, '/api/auth/login-link')).toEqual([{ token: 'abc123' }]);
    expect(getToken()).toBe('jwt-41');
    // Nobody chose "remember me" on a link.
    expect(Cookies.get('rememberMe')).toBeUndefined();
  });

  it('when the sign-in link expired or was used, it says so, drops the token from the address and shows the form', async () => {
    stubApi({
      ...BASE_HANDLERS,
      '/api/auth/login-link': () => strapiError(400, 'Invalid or expired sign-in link'),
    });
    const { router } = renderApp('/user/auth/login?loginToken=old&redirect=%2Fprofile');
    expect((await screen.findByRole('alert')).textContent).toBe(LOGIN_LINK_FAILED_MESSAGE);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Iniciar sesión');
    await waitFor(() => expect(router.state.location.search).toBe('?redirect=%2Fprofile'));
    expect(getToken()).toBeUndefined();
  });

  it('when a sign-in link is requested, it sends the email and answers the same for any address', async () => {
    const fetchMock = stubApi({
      ...BASE_HANDLERS,
      '/auth/request-message': () => jsonResponse({ email: 'x@example.org', sent: true }),
    });
    renderApp('/user/auth/login');
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Entrar sin contraseña: recibir un enlace por correo',
      }),
    );
    const panel = screen.getByText(/Te enviaremos un enlace que abre tu sesión/).parentElement!;
    fireEvent.change(within(panel).getByLabelText('Correo electrónico'), {
      target: { value: 'no-es-un-correo' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Enviarme el enlace' }));
    expect(within(panel).getByText('Formato no válido.')).toBeTruthy();

    fireEvent.change(within(panel).getByLabelText('Correo electrónico'), {
      target: { value: 'x@example.org' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Enviarme el enlace' }));
    expect(await within(panel).findByText(LOGIN_LINK_SENT_MESSAGE)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/auth/request-message')).toEqual([
      { userData: { email: 'x@example.org' } },
    ]);
  });

  it('links to the forgotten-password page and to registration', async () => {
    stubApi(BASE_HANDLERS);
    renderApp('/user/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
    expect(
      screen.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).getAttribute('href'),
    ).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Regístrate' }).getAttribute('href')).toBe('/register');
  });
});
