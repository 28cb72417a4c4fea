import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { codedError, jsonResponse, stubApi } from '../../../../test/api';
import { BASE_HANDLERS, bodiesSentTo, sessionAnswer } from '../../../../test/api/auth-screens';
import { renderApp } from '../../../../test/render-app';
import { RESET_LINK_SENT_MESSAGE } from '../../../features/auth/components/forgot-password-form';
import { RESET_LINK_INVALID_MESSAGE } from '../../../features/auth/components/reset-password-form';
import { clearSession, getToken } from '../../../lib/session-tokens';
import { RESET_LINK_MISSING_MESSAGE } from './reset-password-route';

afterEach(() => clearSession());

const PASSWORD = 'un río de montaña azul';

describe('forgotten password page', () => {
  it('when the email has no valid format, it says "Formato no válido." and sends nothing', async () => {
    const fetchMock = stubApi(BASE_HANDLERS);
    renderApp('/forgot-password');
    await screen.findByRole('heading', { level: 1, name: '¿Has olvidado tu contraseña?' });
    fireEvent.change(screen.getByLabelText('Correo electrónico'), {
      target: { value: 'ana@' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviarme el enlace' }));
    expect(screen.getByText('Formato no válido.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/api/auth/forgot-password')).toEqual([]);
  });

  it('when an address is sent, it asks for the link and says the same whatever the address', async () => {
    const fetchMock = stubApi({
      ...BASE_HANDLERS,
      '/api/auth/forgot-password': () => jsonResponse({ ok: true }),
    });
    renderApp('/forgot-password');
    await screen.findByRole('heading', { level: 1, name: '¿Has olvidado tu contraseña?' });
    fireEvent.change(screen.getByLabelText('Correo electrónico'), {
      target: { value: ' nadie@example.org ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviarme el enlace' }));
    expect((await screen.findByRole('status')).textContent).toBe(RESET_LINK_SENT_MESSAGE);
    expect(bodiesSentTo(fetchMock, '/api/auth/forgot-password')).toEqual([
      { email: 'nadie@example.org' },
    ]);
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' }).getAttribute('href')).toBe(
      '/user/auth/login',
    );
  });
});

describe('reset password page', () => {
  it('when the link has no code, it says the link is not valid and links to ask again', async () => {
    stubApi(BASE_HANDLERS);
    renderApp('/reset-password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(RESET_LINK_MISSING_MESSAGE);
    expect(
      within(alert).getByRole('link', { name: 'Pide un enlace nuevo' }).getAttribute('href'),
    ).toBe('/forgot-password');
    expect(screen.queryByLabelText('Nueva contraseña')).toBeNull();
  });

  it('when the new password is short or not repeated, it says so and sends nothing', async () => {
    const fetchMock = stubApi(BASE_HANDLERS);
    renderApp('/reset-password?code=c0de');
    await screen.findByRole('heading', { level: 1, name: 'Crea una contraseña nueva' });
    fireEvent.change(screen.getByLabelText('Nueva contraseña'), { target: { value: 'corta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    expect(screen.getByText('La contraseña debe tener al menos 12 caracteres.')).toBeTruthy();
    expect(screen.getByText('Este campo es obligatorio.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/api/auth/reset-password')).toEqual([]);
  });

  it('when the password is saved, the answered session opens (not remembered) and the student lands on /projects', async () => {
    const fetchMock = stubApi({
      ...BASE_HANDLERS,
      '/api/auth/reset-password': () => jsonResponse(sessionAnswer('student', 12)),
    });
    const { router } = renderApp('/reset-password?code=c0de');
    await screen.findByRole('heading', { level: 1, name: 'Crea una contraseña nueva' });
    fireEvent.change(screen.getByLabelText('Nueva contraseña'), { target: { value: PASSWORD } });
    fireEvent.change(screen.getByLabelText('Repite la nueva contraseña'), {
      target: { value: PASSWORD },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(bodiesSentTo(fetchMock, '/api/auth/reset-password')).toEqual([
      { password: PASSWORD, passwordConfirmation: PASSWORD, code: 'c0de' },
    ]);
    expect(getToken()).toBe('jwt-12');
    expect(Cookies.get('refreshToken')).toBeUndefined();
    expect(Cookies.get('rememberMe')).toBeUndefined();
  });

  it('when the code expired or was used, it says so with a link to ask for a new one', async () => {
    stubApi({
      ...BASE_HANDLERS,
      '/api/auth/reset-password': () => codedError('incorrect_code', 'Incorrect code provided'),
    });
    renderApp('/reset-password?code=viejo');
    await screen.findByRole('heading', { level: 1, name: 'Crea una contraseña nueva' });
    fireEvent.change(screen.getByLabelText('Nueva contraseña'), { target: { value: PASSWORD } });
    fireEvent.change(screen.getByLabelText('Repite la nueva contraseña'), {
      target: { value: PASSWORD },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(RESET_LINK_INVALID_MESSAGE);
    expect(
      within(alert).getByRole('link', { name: 'Pide un enlace nuevo' }).getAttribute('href'),
    ).toBe('/forgot-password');
    expect(getToken()).toBeUndefined();
  });

  it('when the API refuses the new password, its Spanish reason shows under the field', async () => {
    const reason = 'La contraseña no puede basarse en tu nombre, tu correo o tu nombre de usuario.';
    stubApi({
      ...BASE_HANDLERS,
      '/api/auth/reset-password': () => codedError('password_rule', reason, 'password'),
    });
    renderApp('/reset-password?code=c0de');
    await screen.findByRole('heading', { level: 1, name: 'Crea una contraseña nueva' });
    fireEvent.change(screen.getByLabelText('Nueva contraseña'), { target: { value: PASSWORD } });
    fireEvent.change(screen.getByLabelText('Repite la nueva contraseña'), {
      target: { value: PASSWORD },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
