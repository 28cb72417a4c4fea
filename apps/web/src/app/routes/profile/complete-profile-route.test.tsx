import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

// The screen loads on demand (lazy route, ADR 0056): import it once up front so the first test
// does not spend its time budget on the module's first load.
beforeAll(() => import('./complete-profile-route'));

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
    // The saved campus is an id; its name is asked for and shown.
    await waitFor(() =>
      expect(
        within(dialog).getByRole<HTMLInputElement>('combobox', {
          name: '¿En qué campus o facultad?',
        }).value,
      ).toBe('Facultad de Letras'),
    );

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
        other_university: null,
        other_campus: null,
      },
    });
    // Saved by the ids the options hold: no name is looked up again.
    expect(calls.some((call) => call.url.search.includes('[name][$eq]'))).toBe(false);
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

/**
 * The demo catalogue's twin faculties (apps/api/src/seed): Universidad de Murcia (2) and the
 * Complutense (3) both have a "Facultad de Informática" (7 and 8) with different degrees. The
 * names calls answer as the API does: by id, or by name (every campus of that name).
 */
const CAMPUSES = [
  { id: 7, name: 'Facultad de Informática', university: 2 },
  { id: 9, name: 'Facultad de Educación', university: 2 },
  { id: 8, name: 'Facultad de Informática', university: 3 },
];
const DEGREES = [
  { id: 70, name: 'Grado en Ingeniería Informática', campus: 7 },
  { id: 71, name: 'Grado en Ciencia e Ingeniería de Datos', campus: 7 },
  { id: 80, name: 'Grado en Ingeniería Informática', campus: 8 },
  { id: 81, name: 'Grado en Desarrollo de Videojuegos', campus: 8 },
];

function catalogueRoutes() {
  const param = (url: URL, key: string) => url.searchParams.get(key);
  const chosen = (url: URL) =>
    [...url.searchParams.entries()]
      .filter(([key]) => key.startsWith('filters[id][$in]'))
      .map(([, value]) => Number(value));
  const page = <T extends { id: number; name: string }>(list: T[], url: URL) => {
    const ids = chosen(url);
    const found = ids.length > 0 ? list.filter((e) => ids.includes(e.id)) : list;
    // Sorted by name, as the API answers.
    const sorted = [...found].sort((a, b) => a.name.localeCompare(b.name, 'es'));
    return names(...sorted.map((e) => named(e.id, e.name)));
  };
  return {
    'GET /api/universities/names': ({ url }: { url: URL }) =>
      page(
        [
          { id: 2, name: 'Universidad de Murcia' },
          { id: 3, name: 'Universidad Complutense de Madrid' },
        ],
        url,
      ),
    'GET /api/campuses/names': ({ url }: { url: URL }) => {
      const university = Number(param(url, 'filters[university][id][$eq]'));
      return page(
        CAMPUSES.filter((c) => c.university === university),
        url,
      );
    },
    'GET /api/degree/names': ({ url }: { url: URL }) => {
      const byId = param(url, 'filters[campuses][id][$eq]');
      const byName = param(url, 'filters[campuses][name][$eq]');
      const campuses = CAMPUSES.filter((c) =>
        byId ? c.id === Number(byId) : byName ? c.name === byName : true,
      ).map((c) => c.id);
      return page(
        DEGREES.filter((d) => campuses.includes(d.campus)),
        url,
      );
    },
  };
}

const STUDENT_ID = 5;

/** A student of Universidad de Murcia with every answer but campus and degree, no preferences. */
function stubStudentApi() {
  const record = {
    id: STUDENT_ID,
    attributes: {
      university: { data: named(2, 'Universidad de Murcia') },
      campus: { data: null },
      degree: { data: null },
      study_type: 'Grado',
      province: 'Murcia',
      student_area: 'Desarrollo Software DATA e IA',
      work_deadline: 'Elijo este curso',
      tags: ['Nutrición'],
      thesis_stage: 'choosing',
      goal: 'work',
      reachedUsHow: 'Instagram',
      disability: false,
      notification: null,
    },
  };
  return fakeApi({
    user: account('student', { id: 11, phone: '+34 600000000' }),
    profiles: { students: () => jsonResponse(collection([record])) },
    routes: {
      [`GET /api/students/${STUDENT_ID}?`]: () =>
        jsonResponse(entry(STUDENT_ID, record.attributes)),
      [`PUT /api/students/${STUDENT_ID}`]: () => jsonResponse(entry(STUDENT_ID, record.attributes)),
      ...catalogueRoutes(),
    },
  }).calls;
}

async function pick(dialog: HTMLElement, label: string, option: string) {
  fireEvent.click(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await within(dialog).findByRole('option', { name: option }));
}

describe('/profile/completar catalogue choices (spec §5 Degree choices)', () => {
  it('a Murcia student at "Facultad de Informática" is offered only Murcia\'s degrees, and the choice is saved by id', async () => {
    const calls = stubStudentApi();
    renderApp('/profile/completar');
    const dialog = await wizard();
    await waitFor(() =>
      expect(
        within(dialog).getByRole<HTMLInputElement>('combobox', {
          name: '¿En qué universidad estás?',
        }).value,
      ).toBe('Universidad de Murcia'),
    );
    await pick(dialog, '¿En qué campus o facultad?', 'Facultad de Informática');
    fireEvent.click(within(dialog).getByRole('combobox', { name: '¿Qué titulación?' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'Grado en Ciencia e Ingeniería de Datos',
        'Grado en Ingeniería Informática',
        'Otra',
      ]),
    );
    expect(
      within(dialog).queryByRole('option', { name: 'Grado en Desarrollo de Videojuegos' }),
    ).toBeNull();
    fireEvent.click(
      within(dialog).getByRole('option', { name: 'Grado en Ingeniería Informática' }),
    );

    for (const step of ['Paso 2 de 5', 'Paso 3 de 5', 'Paso 4 de 5', 'Paso 5 de 5']) {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
      await waitFor(() => expect(stepText(dialog)).toBe(step));
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' }));
    await screen.findByRole('dialog', { name: '¡Gracias por completar tu registro!' });
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      data: { university: { set: [2] }, campus: { set: [7] }, degree: { set: [70] } },
    });
  });

  it('the last step starts with the notification preferences on, and "Finalizar" keeps them on (spec §3)', async () => {
    const calls = stubStudentApi();
    renderApp('/profile/completar');
    const dialog = await wizard();
    await pick(dialog, '¿En qué campus o facultad?', 'Facultad de Educación');
    fireEvent.change(within(dialog).getByRole('combobox', { name: '¿Qué titulación?' }), {
      target: { value: 'Magisterio' },
    });
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Otra' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Escribe tu titulación' }), {
      target: { value: 'Grado en Magisterio' },
    });
    for (const step of ['Paso 2 de 5', 'Paso 3 de 5', 'Paso 4 de 5', 'Paso 5 de 5']) {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
      await waitFor(() => expect(stepText(dialog)).toBe(step));
    }
    const boxes = within(dialog).getAllByRole<HTMLInputElement>('checkbox');
    expect(boxes).toHaveLength(10);
    expect(boxes.every((box) => box.checked)).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' }));
    await screen.findByRole('dialog', { name: '¡Gracias por completar tu registro!' });
    const put = calls.find((call) => call.method === 'PUT');
    const notification = (put?.body as { data: { notification: Record<string, boolean> } }).data
      .notification;
    expect(Object.values(notification)).toHaveLength(10);
    expect(Object.values(notification).every((on) => on)).toBe(true);
  });

  it('the interests are grouped by theme, each group a fieldset named by its theme (spec §9)', async () => {
    stubStudentApi();
    renderApp('/profile/completar');
    const dialog = await wizard();
    await pick(dialog, '¿En qué campus o facultad?', 'Facultad de Informática');
    await pick(dialog, '¿Qué titulación?', 'Grado en Ingeniería Informática');
    for (const step of ['Paso 2 de 5', 'Paso 3 de 5']) {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
      await waitFor(() => expect(stepText(dialog)).toBe(step));
    }
    const interests = within(dialog).getByRole('group', { name: /¿Qué temas te interesan\?/ });
    const themes = within(interests).getAllByRole('group');
    expect(themes.map((theme) => theme.querySelector('legend')?.textContent)).toEqual([
      'Nuevas tecnologías y comunicación',
      'Medio ambiente',
      'Salud',
      'Salud mental',
      'Impacto social',
      'Necesidades educativas',
      'Arte',
      'Música',
      'Emprendimiento',
    ]);
    const health = within(interests).getByRole('group', { name: 'Salud' });
    // The saved tag is ticked where it belongs.
    expect(
      within(health).getByRole<HTMLInputElement>('checkbox', { name: 'Nutrición' }).checked,
    ).toBe(true);
    expect(within(interests).getByRole('checkbox', { name: 'Indiferente' })).toBeTruthy();
  });
});

describe('/profile/completar for a teacher who answered "Otra"', () => {
  it('reopening shows "Otra" with the typed university and campus, and saving keeps them', async () => {
    const record = {
      id: TEACHER_ID,
      attributes: {
        teacher_area: 'Humanidades',
        class_type: 'Grado',
        notification_deadline: '2027-06-30',
        university: { data: null },
        other_university: 'Universidad del Atlántico',
        campus: { data: null },
        other_campus: 'Campus del Puerto',
        degrees: { data: [] },
      },
    };
    const calls = fakeApi({
      user: account('teacher', { id: 9, phone: '+34 600000000' }),
      profiles: { teachers: () => jsonResponse(collection([record])) },
      routes: {
        [`GET /api/teachers/${TEACHER_ID}?`]: () =>
          jsonResponse(entry(TEACHER_ID, record.attributes)),
        [`PUT /api/teachers/${TEACHER_ID}`]: () =>
          jsonResponse(entry(TEACHER_ID, record.attributes)),
        ...catalogueRoutes(),
      },
    }).calls;
    renderApp('/profile/completar');
    const dialog = await wizard();
    expect(
      within(dialog).getByRole<HTMLInputElement>('combobox', { name: '¿En qué universidad estás?' })
        .value,
    ).toBe('Otra');
    expect(
      within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Escribe tu universidad' })
        .value,
    ).toBe('Universidad del Atlántico');
    expect(
      within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Escribe tu campus' }).value,
    ).toBe('Campus del Puerto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(stepText(dialog)).toBe('Paso 2 de 3'));
    // A campus outside the catalogue has no degrees to choose: the question is not asked.
    expect(
      within(dialog).queryByRole('combobox', { name: '¿En qué titulaciones das clase?' }),
    ).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(stepText(dialog)).toBe('Paso 3 de 3'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' }));
    await screen.findByRole('dialog', { name: '¡Gracias por completar tu registro!' });
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      data: {
        university: { set: [] },
        campus: { set: [] },
        other_university: 'Universidad del Atlántico',
        other_campus: 'Campus del Puerto',
      },
    });
  });
});
