import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../../test/api';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, getToken, saveSession } from '../../../lib/session-tokens';
import { Toaster } from '../../../components/ui/toast';
import { ChangePasswordForm, PASSWORD_CHANGED_MESSAGE } from './change-password-form';

const USER = {
  id: 5,
  username: 'ana',
  email: 'ana@example.org',
  name: 'Ana',
  surname: 'Pérez',
  phone: null,
  profileType: 'student',
  confirmed: true,
};

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ChangePasswordForm />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => clearSession());

describe('ChangePasswordForm', () => {
  it('when sent empty, every field says "Este campo es obligatorio." and the first one takes the focus', async () => {
    const fetchMock = stubApi({});
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));

    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(3);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Contraseña actual')),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the new password is short or the repetition differs, it says so without calling the API', async () => {
    const fetchMock = stubApi({});
    renderForm();
    fireEvent.change(screen.getByLabelText('Contraseña actual'), {
      target: { value: 'Vieja contraseña larga' },
    });
    fireEvent.change(screen.getByLabelText('Nueva contraseña'), { target: { value: 'corta' } });
    fireEvent.change(screen.getByLabelText('Repite la nueva contraseña'), {
      target: { value: 'otra' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));

    expect(screen.getByText('La contraseña debe tener al menos 12 caracteres.')).toBeTruthy();
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the API refuses the current password, the error shows under that field in Spanish', async () => {
    saveSession({ jwt: 'old-jwt' }, false);
    stubApi({
      '/api/auth/change-password': () =>
        jsonResponse(
          {
            data: null,
            error: {
              status: 400,
              name: 'ValidationError',
              message: 'The provided current password is invalid',
              details: {
                errors: [
                  {
                    path: ['currentPassword'],
                    message: 'The provided current password is invalid',
                    name: 'ValidationError',
                    code: 'current_password_invalid',
                  },
                ],
              },
            },
          },
          400,
        ),
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('Contraseña actual'), {
      target: { value: 'No es la mía 1234' },
    });
    fireEvent.change(screen.getByLabelText('Nueva contraseña'), {
      target: { value: 'un río de montaña azul' },
    });
    fireEvent.change(screen.getByLabelText('Repite la nueva contraseña'), {
      target: { value: 'un río de montaña azul' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));

    expect(await screen.findByText('La contraseña actual no es correcta.')).toBeTruthy();
    expect(screen.getByLabelText('Contraseña actual').getAttribute('aria-invalid')).toBe('true');
    expect(getToken()).toBe('old-jwt');
  });

  it('when the change succeeds, the answered tokens replace the old ones keeping remember-me, and it says so', async () => {
    saveSession({ jwt: 'old-jwt' }, true);
    const fetchMock = stubApi({
      '/api/auth/change-password': () =>
        jsonResponse({ jwt: 'new-jwt', refreshToken: 'new-refresh', user: USER }),
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('Contraseña actual'), {
      target: { value: 'Vieja contraseña larga' },
    });
    fireEvent.change(screen.getByLabelText('Nueva contraseña'), {
      target: { value: 'un río de montaña azul' },
    });
    fireEvent.change(screen.getByLabelText('Repite la nueva contraseña'), {
      target: { value: 'un río de montaña azul' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));

    expect(await screen.findByText(PASSWORD_CHANGED_MESSAGE)).toBeTruthy();
    expect(getToken()).toBe('new-jwt');
    // The new refresh token is the API's HttpOnly cookie (ADR 0055), not one scripts can read.
    expect(Cookies.get('refreshToken')).toBeUndefined();
    expect(Cookies.get('rememberMe')).toBe('true');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      currentPassword: 'Vieja contraseña larga',
      password: 'un río de montaña azul',
      passwordConfirmation: 'un río de montaña azul',
    });
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer old-jwt');
    // The form is emptied for the next time.
    expect(screen.getByLabelText<HTMLInputElement>('Contraseña actual').value).toBe('');
  });
});
