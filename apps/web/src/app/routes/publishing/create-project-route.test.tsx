import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { myProjectsAnswer } from '../../../../test/api/projects';
import { apiFull, jsonResponse, refusal } from '../../../../test/api';
import { callsTo, stubPublishingApi } from '../../../../test/api/publishing';
import { renderApp } from '../../../../test/render-app';
import { clearSession } from '../../../lib/session-tokens';

afterEach(() => {
  clearSession();
  localStorage.clear();
});

const REQUIRED = 'Este campo es obligatorio.';

const stepText = () => screen.getByRole('progressbar').getAttribute('aria-valuetext');

const type = (name: RegExp | string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

const choose = (group: RegExp | string, option: string) =>
  fireEvent.click(
    within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: option }),
  );

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));

/** Answers the four steps of the project form with a remote social-impact project. */
async function fillProjectForm() {
  await screen.findByRole('textbox', { name: /Título del proyecto/ }, { timeout: 4000 });
  type(/Título del proyecto/, 'Huertos escolares');
  choose(/Tipo de proyecto/, 'Impacto social');
  type(/Descripción/, 'Huertos en los colegios del barrio');
  next();
  await waitFor(() => expect(stepText()).toBe('Paso 2 de 4'));
  type(/Objetivos$/, 'Aprender a cultivar');
  fireEvent.click(screen.getByRole('checkbox', { name: /Hambre cero/ }));
  type(/Perfil académico/, 'Ciencias ambientales');
  next();
  await waitFor(() => expect(stepText()).toBe('Paso 3 de 4'));
  choose(/prácticas/, 'Sí');
  choose(/remunerado/, 'No');
  choose(/Dedicación/, 'Entre 5 y 10 horas semanales');
  fireEvent.change(screen.getByRole('combobox', { name: /Idioma de trabajo/ }), {
    target: { value: 'Español' },
  });
  next();
  await waitFor(() => expect(stepText()).toBe('Paso 4 de 4'));
  choose(/Modalidad/, 'Remoto');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Ciencias puras' }));
}

describe('/projects/create', { timeout: 15_000 }, () => {
  it('a step cannot be left while a required answer is missing', async () => {
    const calls = stubPublishingApi({ role: 'teacher' });
    renderApp('/projects/create');
    await screen.findByRole('textbox', { name: /Título del proyecto/ }, { timeout: 4000 });
    next();
    expect((await screen.findAllByText(REQUIRED)).length).toBeGreaterThanOrEqual(3);
    expect(stepText()).toBe('Paso 1 de 4');
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: /Título del proyecto/ }),
    );
    expect(callsTo(calls, 'POST', '/api/projects')).toHaveLength(0);
  });

  it('"Enviar a revisión" posts the answers with status Por validar and goes to the teacher\'s list', async () => {
    const calls = stubPublishingApi({
      role: 'teacher',
      handlers: {
        'POST /api/projects': () =>
          jsonResponse({
            data: { id: 77, attributes: { title: 'Huertos escolares', status: 'Por validar' } },
          }),
        'GET /api/projects/mine': () => jsonResponse(myProjectsAnswer([])),
      },
    });
    const { router } = renderApp('/projects/create');
    await fillProjectForm();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar a revisión' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/personal'));
    expect(await screen.findByText(/Proyecto enviado a revisión/)).toBeTruthy();
    const [post] = callsTo(calls, 'POST', '/api/projects');
    expect(post?.body).toEqual({
      data: {
        title: 'Huertos escolares',
        description: 'Huertos en los colegios del barrio',
        objectives: 'Aprender a cultivar',
        ods_explanation: null,
        academic_profile: 'Ciencias ambientales',
        requirements: null,
        working_method: null,
        type: 'Impacto social',
        ods: [2],
        tags: [],
        internship: true,
        remuneration: false,
        dedication: 'Entre 5 y 10 horas semanales',
        language: 'Español',
        presentiality: 'Remoto',
        location: null,
        locality: null,
        study_areas: ['Ciencias puras'],
        study_subareas: [],
        visibility_consent: false,
        application_deadline: null,
        campus: null,
        status: 'Por validar',
      },
    });
  });

  it('"Guardar borrador" saves with status Pendiente; the API\'s Spanish refusal is shown as it is', async () => {
    const calls = stubPublishingApi({
      role: 'teacher',
      handlers: {
        'POST /api/projects': () => refusal('Necesitas una organización para publicar proyectos'),
      },
    });
    renderApp('/projects/create');
    await fillProjectForm();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));

    expect(
      await screen.findByText('Necesitas una organización para publicar proyectos'),
    ).toBeTruthy();
    const [post] = callsTo(calls, 'POST', '/api/projects');
    expect((post?.body as { data: { status: string } }).data.status).toBe('Pendiente');
  });

  it('when the API is full, it says so beside the buttons and sends the project again with the same key (ADR 0070)', async () => {
    let posts = 0;
    const calls = stubPublishingApi({
      role: 'teacher',
      handlers: {
        'POST /api/projects': () =>
          ++posts === 1
            ? apiFull(null)
            : jsonResponse({
                data: { id: 77, attributes: { title: 'Huertos escolares', status: 'Pendiente' } },
              }),
        'GET /api/projects/mine': () => jsonResponse(myProjectsAnswer([])),
      },
    });
    const { router } = renderApp('/projects/create');
    await fillProjectForm();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));

    expect(
      await screen.findByText('Hay mucha gente ahora mismo, lo intentamos de nuevo…'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/personal'), {
      timeout: 4000,
    });
    const keys = callsTo(calls, 'POST', '/api/projects').map(
      (call) => call.headers['Idempotency-Key'],
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
