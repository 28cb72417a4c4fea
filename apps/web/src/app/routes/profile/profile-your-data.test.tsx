import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeletionPreview } from '@plataforma/shared';
import { fakeApi, jsonResponse, refusal, strapiError } from '../../../../test/api';
import { expectNoViolations } from '../../../../test/axe';
import { renderApp } from '../../../../test/render-app';
import type { SessionUser } from '../../../features/auth/types';
import { markWelcomeShownThisSession } from '../../../features/welcome/utils/welcome-storage';
import { clearSession, getToken } from '../../../lib/session-tokens';

const USER: SessionUser = {
  id: 7,
  username: 'pablo',
  email: 'profesor@demo.es',
  name: 'Pablo',
  surname: 'Ruiz',
  phone: null,
  profileType: 'teacher',
  confirmed: true,
  picture: null,
};

const PREVIEW: DeletionPreview = {
  deleted: [
    { key: 'account', label: 'La cuenta y los datos del perfil', count: 1 },
    { key: 'favourites', label: 'Proyectos, trabajos y recursos guardados', count: 4 },
  ],
  anonymised: [
    {
      key: 'projects',
      label: 'Proyectos publicados: se conservan sin persona responsable asignada',
      count: 2,
    },
  ],
};

afterEach(() => {
  clearSession();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openSection() {
  const heading = await screen.findByRole('heading', { name: 'Tus datos' });
  return heading.closest('section') ?? document.body;
}

beforeEach(() => {
  // Pablo's profile lacks his area, so the teacher's welcome would open as soon as his details
  // arrive, over whichever dialog the test opened first: the welcome is another test's subject.
  markWelcomeShownThisSession(USER.id);
});

describe('/profile «Tus datos»', () => {
  it('downloads the archive with the bearer token', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:zip');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = fakeApi({
      user: USER,
      routes: {
        'GET /api/users/me/export': () =>
          new Response(new Uint8Array([80, 75, 3, 4]), {
            headers: { 'content-type': 'application/zip' },
          }),
      },
    });
    renderApp('/profile');
    const section = await openSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Descargar mis datos' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const call = calls.find((c) => c.url.pathname === '/api/users/me/export');
    expect(call?.headers.authorization ?? call?.headers.Authorization).toMatch(/^Bearer /);
    expect(created).toHaveBeenCalledTimes(1);
    await expectNoViolations();
  });

  it('says so when the archive cannot be prepared', async () => {
    fakeApi({
      user: USER,
      routes: { 'GET /api/users/me/export': () => strapiError(500, 'Internal Server Error') },
    });
    renderApp('/profile');
    const section = await openSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Descargar mis datos' }));
    expect(await within(section).findByRole('alert')).toHaveProperty(
      'textContent',
      'No hemos podido preparar tus datos. Vuelve a intentarlo en unos minutos.',
    );
  });

  it('deletes the account after the preview and the password, then signs out to the home page', async () => {
    let attempts = 0;
    const { calls } = fakeApi({
      user: USER,
      routes: {
        'GET /api/users/me/deletion-preview': () => jsonResponse(PREVIEW),
        'POST /api/auth/logout': () => new Response(null, { status: 204 }),
        // A test's route replaces the frame's of the same path whatever the method: the session's
        // own read is given back here.
        'GET /api/users/me': () => jsonResponse(USER),
        'DELETE /api/users/me': () => {
          attempts += 1;
          return attempts === 1
            ? refusal('La contraseña no es correcta')
            : new Response(null, { status: 204 });
        },
      },
    });
    const { router } = renderApp('/profile');
    const section = await openSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Eliminar mi cuenta' }));

    const dialog = await screen.findByRole('dialog', { name: 'Eliminar mi cuenta' });
    // The focus starts on "Cancelar": Enter never deletes by accident.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' })),
    );
    expect(
      await within(dialog).findByText(/Proyectos, trabajos y recursos guardados/),
    ).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Se conservará sin datos personales' }));
    expect(within(dialog).getByText(/se conservan sin persona responsable/)).toBeTruthy();
    await expectNoViolations(dialog);

    const confirm = within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Escribe tu contraseña para confirmar.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Tu contraseña'), {
      target: { value: 'mala' },
    });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('La contraseña no es correcta')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Tu contraseña'), {
      target: { value: 'la buena' },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const deletion = calls.filter((c) => c.method === 'DELETE').at(-1);
    expect(deletion?.body).toEqual({ password: 'la buena' });
    await waitFor(() => expect(getToken()).toBeUndefined());
    expect(await screen.findByText(/Tu cuenta se ha eliminado/)).toBeTruthy();
  });

  it('when the preview cannot be read, the deletion cannot be confirmed', async () => {
    fakeApi({
      user: USER,
      routes: {
        'GET /api/users/me/deletion-preview': () => strapiError(500, 'Internal Server Error'),
      },
    });
    renderApp('/profile');
    const section = await openSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar mi cuenta' });
    expect(await within(dialog).findByText(/No hemos podido comprobar/)).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }).hasAttribute('disabled'),
    ).toBe(true);
  });
});
