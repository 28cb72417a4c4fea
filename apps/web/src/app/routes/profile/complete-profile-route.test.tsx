import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  account,
  collection,
  entry,
  fakeApi,
  jsonResponse,
  permissionsWith,
} from '../../../../test/api';
import { renderApp } from '../../../../test/render-app';
import { WELCOME_SHOWN_COOKIE } from '../../../features/welcome/utils/welcome-storage';
import { clearSession } from '../../../lib/session-tokens';

const TEACHER_ID = 4;
const named = (id: number, name: string) => ({ id, attributes: { name } });
const names = (...entries: { id: number; attributes: { name: string } }[]) =>
  jsonResponse(collection(entries, { pageSize: 10 }));

/** A signed-in demo teacher whose record already holds answers; the calls are recorded. */
function stubTeacherApi() {
  const record = {
    id: TEACHER_ID,
    attributes: {
      teacher_area: 'Humanidades',
      class_type: 'Grado',
      notification_deadline: '2027-06-30',
      university: { data: named(2, 'Universidad de Murcia') },
      campus: { data: named(7, 'Facultad de Letras') },
      degrees: { data: [named(11, 'Grado en Historia')] },
    },
  };
  return fakeApi({
    user: account('teacher', {
      id: 9,
      username: 'carmen',
      email: 'profesor@demo.es',
      name: 'Carmen',
      surname: 'López',
      phone: '+34 600000000',
    }),
    // Spec §2 Thanks: /tfx follows the final works' switch (`tfxes`, the one the menu's /tfx links
    // read); `tfx` stays off so that reading the wrong one leads elsewhere.
    permissions: permissionsWith({ tfxes: { enabled: true, create: false, update: false } }),
    profiles: { teachers: () => jsonResponse(collection([record])) },
    routes: {
      [`GET /api/teachers/${TEACHER_ID}?`]: () =>
        jsonResponse(entry(TEACHER_ID, record.attributes)),
      [`PUT /api/teachers/${TEACHER_ID}`]: () => jsonResponse(entry(TEACHER_ID, record.attributes)),
      'GET /api/universities/names': () => names(named(2, 'Universidad de Murcia')),
      'GET /api/campuses/names': () => names(named(7, 'Facultad de Letras')),
      'GET /api/degree/names': () => names(named(11, 'Grado en Historia')),
    },
  }).calls;
}

afterEach(() => {
  clearSession();
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The wizard once the saved answers have loaded and the form is shown. */
async function wizard() {
  const dialog = await screen.findByRole('dialog', { name: 'Completa tu perfil' });
  await within(dialog).findByRole('progressbar');
  return dialog;
}
const stepText = (dialog: HTMLElement) =>
  within(dialog).getByRole('progressbar').getAttribute('aria-valuetext');

describe('/profile/completar (spec §2 Modals, §4 Profile wizard)', () => {
  it('a teacher finds the saved answers, goes through the steps and saves them; the thanks leads to /tfx', async () => {
    const calls = stubTeacherApi();
    renderApp('/profile/completar');

    const dialog = await wizard();
    expect(within(dialog).getByText('Solo te llevará 2 minutos.')).toBeTruthy();
    expect(stepText(dialog)).toBe('Paso 1 de 3');
    expect(within(dialog).getByRole('button', { name: 'Anterior' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      within(dialog).getByRole<HTMLInputElement>('combobox', { name: '¿En qué campus o facultad?' })
        .value,
    ).toBe('Facultad de Letras');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(stepText(dialog)).toBe('Paso 2 de 3'));
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Grado' }).checked).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(stepText(dialog)).toBe('Paso 3 de 3'));
    fireEvent.change(
      within(dialog).getByRole('combobox', { name: '¿Cuál es tu área de conocimiento?' }),
      { target: { value: 'Arte y Diseño' } },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' }));

    const thanks = await screen.findByRole('dialog', {
      name: '¡Gracias por completar tu registro!',
    });
    expect(within(thanks).getByRole('link', { name: 'Ver proyectos' }).getAttribute('href')).toBe(
      '/tfx',
    );
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url.pathname).toBe(`/api/teachers/${TEACHER_ID}`);
    expect(put?.body).toEqual({
      data: {
        class_type: 'Grado',
        teacher_area: 'Arte y Diseño',
        notification_deadline: '2027-06-30',
        university: { set: [2] },
        campus: { set: [7] },
        degrees: { set: [11] },
      },
    });
    // The phone is known: it is neither asked nor written.
    expect(
      calls.some((call) => call.url.pathname === '/api/user/me' && call.method === 'PUT'),
    ).toBe(false);
  });

  it('closing asks first; "Continuar con el registro" comes back to the same step, the second close leaves to /profile', async () => {
    stubTeacherApi();
    const { router } = renderApp('/profile/completar');

    const dialog = await wizard();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(stepText(dialog)).toBe('Paso 2 de 3'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));

    const leave = await screen.findByRole('dialog', {
      name: 'Seguro que quieres dejar tu perfil a medias?',
    });
    // Only students read that the product cannot then help them.
    expect(within(leave).queryByText(/proyecto ideal/)).toBeNull();
    fireEvent.click(within(leave).getByRole('button', { name: 'Continuar con el registro' }));
    expect(stepText(await wizard())).toBe('Paso 2 de 3');

    fireEvent.click(within(await wizard()).getByRole('button', { name: 'Cerrar' }));
    fireEvent.click(
      within(
        await screen.findByRole('dialog', { name: 'Seguro que quieres dejar tu perfil a medias?' }),
      ).getByRole('button', { name: 'Cerrar' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});
