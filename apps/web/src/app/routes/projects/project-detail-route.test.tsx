import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { plainExcerpt } from '@plataforma/shared';
import { jsonResponse, refusal } from '../../../../test/api';
import {
  account,
  collection,
  projectAnswer,
  STUDENT_ID,
  stubCatalogueApi,
} from '../../../../test/api/catalogue';
import { renderApp } from '../../../../test/render-app';
import { WELCOME_SHOWN_COOKIE } from '../../../features/welcome/utils/welcome-storage';
import { clearSession } from '../../../lib/session-tokens';
import { expectToast } from '../../../../test/toasts';

// The whole app renders (layout, header, session): give slow shared machines time.

afterEach(() => {
  clearSession();
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
  localStorage.clear();
});

const CALLS = collection([
  { id: 1, attributes: { name: 'Convocatoria general 2026', requires_dni: false } },
  { id: 2, attributes: { name: 'Prácticas con convenio 2026', requires_dni: true } },
]);

const favourites = (ids: number[]) =>
  jsonResponse({
    data: {
      id: STUDENT_ID,
      attributes: { favorites: { data: ids.map((id) => ({ id, attributes: { title: 'x' } })) } },
    },
    meta: {},
  });

describe('/projects/:id', () => {
  it('shows every field with its label, the organisation, the ODS tiles and, to visitors, the sign-in link', async () => {
    stubCatalogueApi({ 'GET /api/projects/5': () => jsonResponse(projectAnswer(5)) });
    // The shell's description meta, as index.html has it.
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'La descripción de index.html.';
    document.head.append(meta);
    renderApp('/projects/5');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Huertos escolares comunitarios' }),
    ).toBeTruthy();
    // The tab names the project, as the shell the server sent did (ADR 0056).
    await waitFor(() => expect(document.title).toMatch(/^Huertos escolares comunitarios · \S/));
    // And describes it by its text, without markup, as the server does.
    const described = projectAnswer(5).data.attributes.description;
    expect(meta.content).toBe(plainExcerpt(described));
    expect(meta.content).not.toMatch(/[<>]/);
    meta.remove();
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual(
      expect.arrayContaining([
        'Tipo de proyecto',
        'Presencialidad',
        'Provincia',
        'Localidad',
        'Dedicación',
        'Remuneración',
        'Prácticas',
        'Plazo de inscripción',
      ]),
    );
    expect(screen.getByText('30 de junio de 2099', { selector: 'dd' })).toBeTruthy();
    const org = screen.getByRole('region', { name: 'Organización' });
    expect(
      within(org)
        .getByRole('img', { name: 'Logo de Fundación Horizonte Solidario' })
        .getAttribute('src'),
    ).toBe('/uploads/horizonte.png');
    expect(
      within(org)
        .getByRole('link', { name: /Web de Fundación Horizonte Solidario/ })
        .getAttribute('href'),
    ).toBe('https://horizonte.example.org');
    const ods = screen.getByRole('list', { name: 'Objetivos de Desarrollo Sostenible' });
    expect(
      within(ods)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ODS 2: Hambre cero', 'ODS 4: Educación de calidad']);
    expect(screen.getByText('Alimentación sana y educación ambiental.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Inicia sesión para inscribirte' }).getAttribute('href'),
    ).toBe('/user/auth/login?redirect=%2Fprojects%2F5');
  });

  it('a path that is not a number is "Página no encontrada" and asks the API nothing', async () => {
    const calls = stubCatalogueApi({});
    renderApp('/projects/huertos');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/projects/'))).toBe(false);
  });

  it('a student who already applied sees "Inscrito" and a disabled "Inscribirme" saying why', async () => {
    stubCatalogueApi(
      {
        'GET /api/projects/5': () => jsonResponse(projectAnswer(5)),
        'GET /api/applys?': () =>
          jsonResponse(collection([{ id: 70, attributes: { status: 'En revisión' } }])),
        [`GET /api/students/${STUDENT_ID}?`]: () => favourites([5]),
      },
      { user: account('student') },
    );
    renderApp('/projects/5');
    const apply = await screen.findByRole('button', { name: 'Inscribirme' });
    await waitFor(() => expect(apply.hasAttribute('disabled')).toBe(true));
    await waitFor(() => expect(screen.getByText('Inscrito')).toBeTruthy());
    expect(apply.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(apply.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Ya te has inscrito en este proyecto. Estado de tu candidatura: En revisión.',
    );
    // Saved: the button says so, and it is the page's one sign of it.
    const save = screen.getByRole('button', { name: 'Guardado: «Huertos escolares comunitarios»' });
    expect(save.textContent).toBe('Guardado');
    expect(screen.getAllByText('Guardado')).toHaveLength(1);
  });

  it('after the deadline, "Inscribirme" is disabled with the reason', async () => {
    stubCatalogueApi(
      {
        'GET /api/projects/5': () =>
          jsonResponse(projectAnswer(5, { application_deadline: '2020-01-31' })),
        'GET /api/applys?': () => jsonResponse(collection([])),
        [`GET /api/students/${STUDENT_ID}?`]: () => favourites([]),
      },
      { user: account('student') },
    );
    renderApp('/projects/5');
    expect(
      await screen.findByText('El plazo de inscripción de este proyecto ha terminado.'),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Inscribirme' }).disabled).toBe(
      true,
    );
  });
});

describe('/projects/:id/inscripcion', () => {
  function stubApply(post: () => Response) {
    let applied = false;
    const calls = stubCatalogueApi(
      {
        'GET /api/projects/5': () => jsonResponse(projectAnswer(5)),
        'GET /api/applys?': () =>
          jsonResponse(collection(applied ? [{ id: 71, attributes: { status: 'Enviada' } }] : [])),
        [`GET /api/students/${STUDENT_ID}?`]: () => favourites([]),
        'GET /api/calls': () => jsonResponse(CALLS),
        'POST /api/applys': () => {
          const answer = post();
          applied = answer.ok;
          return answer;
        },
      },
      { user: account('student') },
    );
    return calls;
  }

  function fillAnswers() {
    fireEvent.click(screen.getByRole('radio', { name: 'Indicar un enlace' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Enlace a tu CV' }), {
      target: { value: 'https://cv.example.org/lucia.pdf' },
    });
    const answers: [RegExp, string][] = [
      [/Qué te interesa/, 'Trabajar con colegios'],
      [/Qué te motiva/, 'Aprender haciendo'],
      [/buen candidato/, 'He sido monitora de tiempo libre'],
      [/^Disponibilidad/, 'Tardes de lunes a jueves'],
    ];
    for (const [name, value] of answers) {
      fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
    }
  }

  it('from the detail page: fill in, send, and the project then shows "Inscrito" with the confirmation', async () => {
    const calls = stubApply(() => jsonResponse({ data: { id: 71, attributes: {} }, meta: {} }));
    const { router } = renderApp('/projects/5');
    fireEvent.click(await screen.findByRole('link', { name: 'Inscribirme' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/5/inscripcion'));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Inscripción en «Huertos escolares comunitarios»',
      }),
    ).toBeTruthy();

    // Sending empty shows every problem and moves the focus to the first one.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar candidatura' }));
    expect(await screen.findByText('Adjunta tu CV o indica un enlace a tu CV')).toBeTruthy();
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(4);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fillAnswers();
    // The DNI is asked only once a call that requires it is chosen.
    expect(screen.queryByRole('textbox', { name: /DNI o NIE/ })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: /Convocatoria/ }), {
      target: { value: '2' },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /DNI o NIE/ }), {
      target: { value: '12345678z' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar candidatura' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/5'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/applys');
    expect(post?.body).toEqual({
      data: {
        student: STUDENT_ID,
        project: 5,
        CV_url: 'https://cv.example.org/lucia.pdf',
        interest: 'Trabajar con colegios',
        motivation: 'Aprender haciendo',
        good_candidate: 'He sido monitora de tiempo libre',
        availability: 'Tardes de lunes a jueves',
        call: 2,
        dni: '12345678Z',
      },
    });
    // Confirmed as every action is: a toast in the one live region (ADR 0035), shown once.
    const toasts = screen.getByRole('region', { name: /^Confirmaciones/ });
    await waitFor(() => expect(toasts.textContent).toContain('¡Candidatura enviada!'));
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await waitFor(() => expect(screen.getByText('Inscrito')).toBeTruthy());
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Inscribirme' }).disabled).toBe(
      true,
    );
  });

  it("shows the API's Spanish refusal as it is and stays on the form", async () => {
    stubApply(() => refusal('El plazo de inscripción de este proyecto ha terminado'));
    const { router } = renderApp('/projects/5/inscripcion');
    await screen.findByRole('button', { name: 'Enviar candidatura' });
    fillAnswers();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar candidatura' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('El plazo de inscripción de este proyecto ha terminado');
    expect(router.state.location.pathname).toBe('/projects/5/inscripcion');
  });

  it('signed out, it goes to the login page that comes back here', async () => {
    stubCatalogueApi({});
    const { router } = renderApp('/projects/5/inscripcion');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/projects/5/inscripcion',
    );
  });
});

describe('/projects/:id for an admin', () => {
  it('Rechazar asks for the reason in a dialog and sends it with the status', async () => {
    const calls = stubCatalogueApi(
      {
        'GET /api/projects/5': () =>
          jsonResponse(projectAnswer(5, { status: 'Por validar', publishedAt: null })),
        'PUT /api/projects/5': () => jsonResponse({ data: { id: 5, attributes: {} }, meta: {} }),
      },
      { user: account('admin') },
    );
    renderApp('/projects/5');
    const panel = await screen.findByRole('region', { name: 'Gestión del proyecto' });
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Validar', 'Rechazar', 'Publicar']);

    fireEvent.click(within(panel).getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Rechazar «Huertos escolares comunitarios»',
    });
    const reason = within(dialog).getByRole('textbox', { name: 'Motivo del rechazo' });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Indica el motivo del rechazo')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(reason, { target: { value: 'Falta la metodología de trabajo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.url.pathname).toBe('/api/projects/5');
      expect(put?.body).toEqual({
        data: { status: 'Rechazada', rejection_reason: 'Falta la metodología de trabajo' },
      });
    });
    expect(await screen.findByText('Proyecto rechazado.')).toBeTruthy();
  });

  it('Validar acts at once, sends only the status and focuses the result', async () => {
    const calls = stubCatalogueApi(
      {
        'GET /api/projects/5': () =>
          jsonResponse(projectAnswer(5, { status: 'Por validar', publishedAt: null })),
        'PUT /api/projects/5': () => jsonResponse({ data: { id: 5, attributes: {} }, meta: {} }),
      },
      { user: account('admin') },
    );
    renderApp('/projects/5');
    const panel = await screen.findByRole('region', { name: 'Gestión del proyecto' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Validar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await expectToast('Proyecto validado.');
    // The focus stays in the panel (the pressed button may be gone with the old status).
    await waitFor(() => expect(document.activeElement).toBe(panel));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ data: { status: 'Validada' } });
  });

  it("Publicar shows the API's refusal as it is; Retirar asks for confirmation first", async () => {
    const calls = stubCatalogueApi(
      {
        'GET /api/projects/5': () =>
          jsonResponse(projectAnswer(5, { status: 'Validada', publishedAt: null })),
        'PUT /api/projects/5': () =>
          refusal('No se puede pasar un proyecto de «Validada» a «Publicada»'),
      },
      { user: account('admin') },
    );
    renderApp('/projects/5');
    const panel = await screen.findByRole('region', { name: 'Gestión del proyecto' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Publicar' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'No se puede pasar un proyecto de «Validada» a «Publicada»',
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ data: { status: 'Publicada' } });

    fireEvent.click(within(panel).getByRole('button', { name: 'Retirar' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Retirar «Huertos escolares comunitarios»',
    });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirar' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
        data: { status: 'Pendiente' },
      }),
    );
  });
});
