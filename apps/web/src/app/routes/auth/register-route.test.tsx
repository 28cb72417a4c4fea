import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brandingEnvelope, jsonResponse, stubApi, strapiError } from '../../../../test/api';
import {
  BASE_HANDLERS,
  PRIVACY_VERSION,
  bodiesSentTo,
  sessionUser,
} from '../../../../test/api/auth-screens';
import { legalTextVersionList } from '../../../../test/api';
import { createNoRetryQueryClient, renderApp } from '../../../../test/render-app';
import {
  EMAIL_TAKEN_MESSAGE,
  PRIVACY_CHANGED_MESSAGE,
} from '../../../features/auth/utils/auth-errors';
import { isWelcomePending } from '../../../features/auth/utils/welcome-flag';
import { clearSession } from '../../../lib/session-tokens';

// The screen loads on demand (lazy route, ADR 0056): import it once up front so the first test
// does not spend its time budget on the module's first load.
beforeAll(() => import('./register-route'));

afterEach(() => {
  clearSession();
  localStorage.clear();
});

const PASSWORD = 'un río de montaña azul';

async function openForm() {
  await screen.findByRole('heading', { level: 1, name: 'Registrarse' });
  return screen.getByRole('radiogroup', { name: '¿Cómo quieres participar?' });
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValidForm() {
  fill('Nombre', 'Ana');
  fill('Apellidos', 'Pérez Gil');
  fill('Correo electrónico', 'ana@example.org');
  fill('Contraseña', PASSWORD);
  fill('Repite la contraseña', PASSWORD);
  fireEvent.click(screen.getByLabelText('He leído y acepto la política de privacidad'));
}

function send() {
  fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
}

describe('registration page', () => {
  it('when opened with ?profile=student, "Estudiante" is chosen; admin is never offered', async () => {
    stubApi(BASE_HANDLERS);
    renderApp('/register?profile=student');
    const group = await openForm();
    const options = within(group).getAllByRole('radio');
    expect(options.map((o) => o.closest('label')?.querySelector('span span')?.textContent)).toEqual(
      ['Estudiante', 'Profesor/a', 'Coordinador/a de organización'],
    );
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: /Estudiante/ }).checked).toBe(
      true,
    );
  });

  it.each(['teacher', 'coordinator'])(
    'when opened with ?profile=%s, that profile is chosen',
    async (profile) => {
      stubApi(BASE_HANDLERS);
      renderApp(`/register?profile=${profile}`);
      const group = await openForm();
      const checked = within(group)
        .getAllByRole<HTMLInputElement>('radio')
        .filter((radio) => radio.checked)
        .map((radio) => radio.value);
      expect(checked).toEqual([profile]);
    },
  );

  it('when opened with ?profile=admin, no profile is chosen', async () => {
    stubApi(BASE_HANDLERS);
    renderApp('/register?profile=admin');
    const group = await openForm();
    expect(
      within(group)
        .getAllByRole<HTMLInputElement>('radio')
        .some((r) => r.checked),
    ).toBe(false);
  });

  it('when sent empty, required fields and the checkbox say the spec §5 texts, the profile first takes the focus, nothing is sent', async () => {
    const fetchMock = stubApi(BASE_HANDLERS);
    renderApp('/register');
    const group = await openForm();
    send();

    expect(group.getAttribute('aria-invalid')).toBe('true');
    // Profile, name, surname, email, password, confirmation; the phone is optional.
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(6);
    expect(screen.getByText('Aceptar este campo es obligatorio.')).toBeTruthy();
    expect(
      screen
        .getByLabelText('He leído y acepto la política de privacidad')
        .getAttribute('aria-invalid'),
    ).toBe('true');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(group).getAllByRole('radio')[0]),
    );
    expect(bodiesSentTo(fetchMock, '/api/users-permissions/register-partialy')).toEqual([]);
  });

  it('when the email or the phone do not match their pattern, they say "Formato no válido."; a short password and a different repetition say so', async () => {
    stubApi(BASE_HANDLERS);
    renderApp('/register?profile=student');
    await openForm();
    fill('Correo electrónico', 'ana@ejemplo');
    fill('Teléfono (opcional)', '+34 6001');
    fill('Contraseña', 'corta');
    fill('Repite la contraseña', 'distinta');
    send();

    expect(screen.getAllByText('Formato no válido.')).toHaveLength(2);
    expect(screen.getByText('La contraseña debe tener al menos 12 caracteres.')).toBeTruthy();
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeTruthy();
    expect(screen.getByLabelText('Teléfono (opcional)').getAttribute('placeholder')).toBe(
      '(+XX) XXXXXXXXX',
    );
  });

  it('when a field is left, its error appears; once fixed, it goes away as the person types', async () => {
    stubApi(BASE_HANDLERS);
    renderApp('/register');
    await openForm();
    const name = screen.getByLabelText('Nombre');
    fireEvent.change(name, { target: { value: 'Ana' } });
    fireEvent.change(name, { target: { value: '' } });
    expect(screen.queryByText('Este campo es obligatorio.')).toBeNull();
    fireEvent.blur(name);
    expect(screen.getByText('Este campo es obligatorio.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'A' } });
    expect(screen.queryByText('Este campo es obligatorio.')).toBeNull();
  });

  it('links the branding privacy policy next to the checkbox, in a new tab', async () => {
    stubApi(BASE_HANDLERS);
    renderApp('/register');
    await openForm();
    // The page does not wait for the branding (ADR 0033): the link comes with it.
    const link = await screen.findByRole('link', { name: /leer la política de privacidad/ });
    expect(link.getAttribute('href')).toBe('https://example.org/privacidad');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it("when the branding has no privacy policy URL, the link leads to the platform's own /privacidad and the checkbox is still required", async () => {
    stubApi({
      ...BASE_HANDLERS,
      '/api/branding-saas': () => jsonResponse(brandingEnvelope({ politicsUrl: null })),
    });
    renderApp('/register');
    await openForm();
    const link = screen.getByRole('link', { name: /leer la política de privacidad/ });
    expect(link.getAttribute('href')).toBe('/privacidad');
    send();
    expect(screen.getByText('Aceptar este campo es obligatorio.')).toBeTruthy();
  });

  it('when the privacy text cannot be loaded, the page says registration needs it and offers to retry; no form is sent', async () => {
    let fail = true;
    const fetchMock = stubApi({
      ...BASE_HANDLERS,
      '/api/legal-text-versions': () =>
        fail
          ? strapiError(500, 'Internal Server Error', undefined, 'ApplicationError')
          : jsonResponse(legalTextVersionList('privacy', [{ version: 4 }])),
    });
    renderApp('/register', { queryClient: createNoRetryQueryClient() });
    expect(
      await screen.findByText(/No se ha podido cargar la política de privacidad/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crear mi cuenta' })).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await openForm();
    expect(bodiesSentTo(fetchMock, '/api/users-permissions/register-partialy')).toEqual([]);
  });

  it('when the privacy text changed while the page was open, the box is unticked, the person is told to read it again, and the next try accepts the new version', async () => {
    let version = PRIVACY_VERSION;
    const fetchMock = stubApi({
      ...BASE_HANDLERS,
      '/api/legal-text-versions': () =>
        jsonResponse(legalTextVersionList('privacy', [{ version }])),
      '/api/users-permissions/register-partialy': ({ body }) => {
        const sent = (body as { data: { privacyVersion: number } }).data.privacyVersion;
        return sent === version
          ? jsonResponse({ user: sessionUser('student', 80) })
          : strapiError(409, 'La política de privacidad ha cambiado', [
              { path: ['privacyVersion'], message: 'La política de privacidad ha cambiado' },
            ]);
      },
    });
    renderApp('/register?profile=student');
    await openForm();
    fillValidForm();
    version = PRIVACY_VERSION + 1;
    send();

    expect(await screen.findByText(PRIVACY_CHANGED_MESSAGE)).toBeTruthy();
    const box = screen.getByLabelText<HTMLInputElement>(
      'He leído y acepto la política de privacidad',
    );
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(box));

    // The page reads the text again: the new version is the one accepted next.
    const versionReads = () =>
      fetchMock.mock.calls.filter(
        ([input]) => typeof input === 'string' && input.includes('/api/legal-text-versions'),
      ).length;
    await waitFor(() => expect(versionReads()).toBe(2));
    fireEvent.click(box);
    send();
    await screen.findByRole('heading', { level: 1, name: 'Revisa tu correo' });
    const bodies = bodiesSentTo(fetchMock, '/api/users-permissions/register-partialy') as {
      data: { privacyVersion: number };
    }[];
    expect(bodies.at(-1)?.data.privacyVersion).toBe(PRIVACY_VERSION + 1);
  });

  it('when the API says the email is taken and the password is too common, each error shows under its field in Spanish', async () => {
    stubApi({
      ...BASE_HANDLERS,
      '/api/users-permissions/register-partialy': () =>
        strapiError(400, '2 errors occurred', [
          { path: ['email'], message: 'Email is already taken', code: 'email_taken' },
          {
            path: ['password'],
            message: 'Esta contraseña es demasiado común o fácil de adivinar. Elige otra.',
            code: 'password_rule',
          },
        ]),
    });
    renderApp('/register?profile=student');
    await openForm();
    fillValidForm();
    send();

    expect(await screen.findByText(EMAIL_TAKEN_MESSAGE)).toBeTruthy();
    expect(
      screen.getByText('Esta contraseña es demasiado común o fácil de adivinar. Elige otra.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Correo electrónico').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Correo electrónico')),
    );
    // Editing the field clears the server's verdict on it.
    fill('Correo electrónico', 'otra@example.org');
    expect(screen.queryByText(EMAIL_TAKEN_MESSAGE)).toBeNull();
  });

  it('when the API answers a pattern error in English, the field says "Formato no válido."', async () => {
    stubApi({
      ...BASE_HANDLERS,
      '/api/users-permissions/register-partialy': () =>
        strapiError(400, 'phone is not a valid phone number', [
          { path: ['phone'], message: 'phone is not a valid phone number' },
        ]),
    });
    renderApp('/register?profile=teacher');
    await openForm();
    fillValidForm();
    fill('Teléfono (opcional)', '+34 600 000 000');
    send();
    expect(await screen.findByText('Formato no válido.')).toBeTruthy();
  });

  it('when the account is created, it sends the data, flags the welcome for the new id and says to check the email, with a resend button', async () => {
    const fetchMock = stubApi({
      ...BASE_HANDLERS,
      '/api/users-permissions/register-partialy': () =>
        jsonResponse({ user: { ...sessionUser('student', 77), confirmed: false } }),
      '/api/auth/send-email-confirmation': () => jsonResponse({ sent: true }),
    });
    renderApp('/register?profile=student');
    await openForm();
    fillValidForm();
    send();

    const heading = await screen.findByRole('heading', { level: 1, name: 'Revisa tu correo' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('ana@example.org')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/api/users-permissions/register-partialy')).toEqual([
      {
        data: {
          profileType: 'student',
          name: 'Ana',
          surname: 'Pérez Gil',
          email: 'ana@example.org',
          password: PASSWORD,
          passwordConfirmation: PASSWORD,
          privacyAccepted: true,
          privacyVersion: PRIVACY_VERSION,
        },
      },
    ]);
    expect(isWelcomePending(77)).toBe(true);
    expect(isWelcomePending(78)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Reenviar el correo de confirmación' }));
    expect(
      await screen.findByText('Te hemos enviado un nuevo enlace de confirmación.'),
    ).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/api/auth/send-email-confirmation')).toEqual([
      { email: 'ana@example.org' },
    ]);
  });

  it('when a phone is given, Spain (+34) is its country unless another is chosen, and it is sent in E.164', async () => {
    const fetchMock = stubApi({
      ...BASE_HANDLERS,
      '/api/users-permissions/register-partialy': () =>
        jsonResponse({ user: sessionUser('coordinator', 78) }),
    });
    renderApp('/register?profile=coordinator');
    await openForm();
    fillValidForm();
    const country = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Prefijo del país' });
    expect(country.value).toBe('ES');
    expect(country.selectedOptions[0]?.textContent).toBe('España (+34)');
    fill('Teléfono (opcional)', '600 11 22 33');
    send();
    await screen.findByRole('heading', { level: 1, name: 'Revisa tu correo' });
    const [body] = bodiesSentTo(fetchMock, '/api/users-permissions/register-partialy') as {
      data: Record<string, unknown>;
    }[];
    expect(body?.data.phone).toBe('+34600112233');
    expect(body?.data.profileType).toBe('coordinator');
  });
});
