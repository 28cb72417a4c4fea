import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { myProjectsAnswer } from '../../../../test/api/projects';
import { jsonResponse } from '../../../../test/api';
import { callsTo, stubPublishingApi } from '../../../../test/api/publishing';
import { renderApp } from '../../../../test/render-app';
import { clearSession } from '../../../lib/session-tokens';

afterEach(() => {
  clearSession();
  localStorage.clear();
});

const STORED = {
  title: 'Huertos escolares',
  status: 'Rechazada',
  rejection_reason: 'Falta explicar la metodología',
  type: 'Impacto social',
  description: 'Huertos en los colegios',
  objectives: 'Aprender a cultivar',
  ods: [2, 13],
  academic_profile: 'Ciencias ambientales',
  tags: ['Agricultura ecológica'],
  internship: false,
  remuneration: true,
  dedication: 'Menos de 5 horas semanales',
  language: 'Español',
  presentiality: 'Presencial',
  location: 'Murcia',
  locality: 'Lorca',
  study_areas: ['Ciencias puras'],
  study_subareas: ['Biología'],
  visibility_consent: true,
  campus: {
    data: {
      id: 6,
      attributes: {
        name: 'Campus de Espinardo',
        university: { data: { id: 1, attributes: { name: 'Universidad de Murcia' } } },
      },
    },
  },
};

const stepText = () => screen.getByRole('progressbar').getAttribute('aria-valuetext');

async function toLastStep() {
  for (const step of [2, 3, 4]) {
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(stepText()).toBe(`Paso ${step} de 4`));
  }
}

function stubEdit() {
  return stubPublishingApi({
    role: 'teacher',
    handlers: {
      'GET /api/projects/5?': () => jsonResponse({ data: { id: 5, attributes: STORED } }),
      'PUT /api/projects/5': () => jsonResponse({ data: { id: 5, attributes: STORED } }),
      'GET /api/projects/mine': () => jsonResponse(myProjectsAnswer([])),
      'GET /api/campuses/names': () =>
        jsonResponse({
          data: [{ id: 6, attributes: { name: 'Campus de Espinardo' } }],
          meta: { pagination: { page: 1, pageCount: 1 } },
        }),
    },
  });
}

describe('/projects/:id/editar', { timeout: 15_000 }, () => {
  it('loads the project with its campus, shows why it was rejected and writes only what changed', async () => {
    const calls = stubEdit();
    const { router } = renderApp('/projects/5/editar');
    const title = await screen.findByRole<HTMLInputElement>(
      'textbox',
      { name: /Título del proyecto/ },
      // The first render loads the publishing route's modules cold: allow for a loaded machine.
      { timeout: 12_000 },
    );
    expect(title.value).toBe('Huertos escolares');
    expect(screen.getByText(/Falta explicar la metodología/)).toBeTruthy();
    // A draft is only found in the preview state (draft-and-publish).
    const read = callsTo(calls, 'GET', '/api/projects/5')[0]?.url.searchParams;
    expect(read?.get('publicationState')).toBe('preview');
    // One project read for its page and its form: the campus and its university come with it.
    expect(read?.get('populate[campus][populate][university][fields][0]')).toBe('name');
    fireEvent.change(title, { target: { value: 'Huertos escolares en Lorca' } });
    await toLastStep();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/personal'));
    expect(callsTo(calls, 'PUT', '/api/projects/5').map((call) => call.body)).toEqual([
      { data: { title: 'Huertos escolares en Lorca' } },
    ]);
  }, 15_000);

  it('a rejected project is sent to review again from the form', async () => {
    const calls = stubEdit();
    renderApp('/projects/5/editar');
    await screen.findByRole('textbox', { name: /Título del proyecto/ }, { timeout: 4000 });
    await toLastStep();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar a revisión' }));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/api/projects/5').map((call) => call.body)).toEqual([
        { data: { status: 'Por validar' } },
      ]),
    );
  }, 15_000);

  it("someone else's draft (404) is not found", async () => {
    stubPublishingApi({ role: 'teacher' });
    renderApp('/projects/9/editar');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'No encontramos este proyecto' },
        { timeout: 4000 },
      ),
    ).toBeTruthy();
  });
});
