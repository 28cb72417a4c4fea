import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/api';
import { callsTo, list, stubPublishingApi } from '../../../../test/api/publishing';
import { renderApp } from '../../../../test/render-app';
import { clearSession } from '../../../lib/session-tokens';
import { expectToast } from '../../../../test/toasts';

afterEach(() => {
  clearSession();
  localStorage.clear();
});

const named = (id: number, name: string) => ({ data: { id, attributes: { name } } });

function application(id: number, status: string, student: Record<string, unknown>, extra = {}) {
  return {
    id,
    attributes: {
      status,
      supermatch: false,
      interest: 'Me encanta el campo',
      motivation: 'Quiero aprender',
      good_candidate: 'Tengo experiencia',
      ...extra,
      student: { data: { id: id + 100, attributes: student } },
    },
  };
}

const APPLICATIONS = [
  application(
    7,
    'Enviada',
    {
      province: 'Murcia',
      competences: { flexibility: 4.5, teamwork: 6 },
      user: { data: { id: 1, attributes: { name: 'Lucía', surname: 'Gil' } } },
      degree: named(3, 'Grado en Biología'),
      university: named(2, 'Universidad de Murcia'),
    },
    { CV: { data: { id: 40, attributes: { url: '/uploads/cv-lucia.pdf' } } } },
  ),
  application(
    8,
    'Seleccionado',
    {
      province: 'Alicante',
      user: { data: { id: 2, attributes: { name: 'Pablo', surname: 'Ruiz' } } },
      other_degree: 'Grado en Agroecología',
    },
    { CV_url: 'https://cv.example.org/pablo', video: 'https://video.example.org/pablo' },
  ),
];

function stubCandidates() {
  return stubPublishingApi({
    role: 'teacher',
    handlers: {
      'GET /api/projects/12?': () =>
        jsonResponse({
          data: { id: 12, attributes: { title: 'Huertos escolares', status: 'Publicada' } },
        }),
      'GET /api/applys?': () => list(APPLICATIONS),
      'PUT /api/applys/': () => jsonResponse({ data: { id: 7, attributes: {} } }),
    },
  });
}

describe('/projects/:id/candidaturas', { timeout: 15_000 }, () => {
  it("reads the project's applications with the student, studies and CVs, and shows each candidate", async () => {
    const calls = stubCandidates();
    renderApp('/projects/12/candidaturas');
    const lucia = await screen.findByRole('article', { name: 'Lucía Gil' }, { timeout: 4000 });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Candidaturas de «Huertos escolares»' }),
    ).toBeTruthy();
    const [read] = callsTo(calls, 'GET', '/api/applys');
    expect(read?.url.searchParams.get('filters[project][id][$eq]')).toBe('12');
    expect(
      [...read!.url.searchParams.entries()].filter(([key]) => key.startsWith('populate')),
    ).toEqual(
      expect.arrayContaining([
        ['populate[1]', 'student.user'],
        ['populate[2]', 'student.degree'],
      ]),
    );
    expect(
      within(lucia).getByText('Grado en Biología · Universidad de Murcia · Murcia'),
    ).toBeTruthy();
    expect(
      within(lucia)
        .getByRole('meter', { name: 'Trabajo en equipo' })
        .getAttribute('aria-valuetext'),
    ).toBe('6,0 de 6');
    expect(
      within(lucia)
        .getByRole('link', { name: /Ver CV de Lucía Gil/ })
        .getAttribute('href'),
    ).toBe('/uploads/cv-lucia.pdf');
    expect(within(lucia).getByText('Me encanta el campo')).toBeTruthy();
    const pablo = screen.getByRole('article', { name: 'Pablo Ruiz' });
    expect(
      within(pablo)
        .getByRole('link', { name: /Ver CV de Pablo Ruiz/ })
        .getAttribute('href'),
    ).toBe('https://cv.example.org/pablo');
    expect(within(pablo).getByRole('link', { name: /Ver vídeo/ })).toBeTruthy();
    expect(within(pablo).getByText(/Aún no ha hecho el cuestionario/)).toBeTruthy();
  });

  it('a new status with a message is saved with "Guardar" (PUT status and status_message)', async () => {
    const calls = stubCandidates();
    renderApp('/projects/12/candidaturas');
    const lucia = await screen.findByRole('article', { name: 'Lucía Gil' }, { timeout: 4000 });
    fireEvent.change(within(lucia).getByRole('combobox', { name: 'Estado de la candidatura' }), {
      target: { value: 'Preseleccionado' },
    });
    fireEvent.change(within(lucia).getByRole('textbox', { name: /Mensaje para el estudiante/ }), {
      target: { value: 'Te llamamos esta semana' },
    });
    fireEvent.click(within(lucia).getByRole('button', { name: 'Guardar' }));

    await expectToast(/Estado guardado: Preseleccionado/);
    expect(callsTo(calls, 'PUT', '/api/applys/7').map((call) => call.body)).toEqual([
      { data: { status: 'Preseleccionado', status_message: 'Te llamamos esta semana' } },
    ]);
  });

  it('supermatch is a toggle button that PUTs the mark', async () => {
    const calls = stubCandidates();
    renderApp('/projects/12/candidaturas');
    const lucia = await screen.findByRole('article', { name: 'Lucía Gil' }, { timeout: 4000 });
    const toggle = within(lucia).getByRole('button', { name: /Supermatch/ });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/api/applys/7').map((call) => call.body)).toEqual([
        { data: { supermatch: true } },
      ]),
    );
  });

  it('the status filter shows the applications in that status only', async () => {
    stubCandidates();
    const { router } = renderApp('/projects/12/candidaturas');
    await screen.findByRole('article', { name: 'Lucía Gil' }, { timeout: 4000 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Filtrar por estado' }), {
      target: { value: 'Seleccionado' },
    });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Lucía Gil' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Pablo Ruiz' })).toBeTruthy();
    expect(router.state.location.search).toBe('?estado=Seleccionado');
  });
});
