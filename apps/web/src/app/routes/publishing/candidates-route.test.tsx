import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it } from 'vitest';
import { announcementAnswer, jsonResponse, recipientsAnswer } from '../../../../test/api';
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

  it('"Escribir a los candidatos" writes to those in the status the list shows, counted live, after confirming', async () => {
    const calls = stubPublishingApi({
      role: 'teacher',
      handlers: {
        'GET /api/projects/12?': () =>
          jsonResponse({
            data: { id: 12, attributes: { title: 'Huertos escolares', status: 'Publicada' } },
          }),
        'GET /api/applys?': () => list(APPLICATIONS),
        'POST /api/announcements/recipients': ({ body }) => {
          const { audience } = (body as { data: { audience: { applys: { status?: object } } } })
            .data;
          return jsonResponse(recipientsAnswer(audience.applys.status ? 1 : 2));
        },
        'POST /api/announcements?': () =>
          jsonResponse(announcementAnswer(50, 'Entrevistas', { status: 'scheduled' }), 201),
      },
    });
    renderApp('/projects/12/candidaturas?estado=Seleccionado');
    fireEvent.click(await screen.findByRole('button', { name: 'Escribir a los candidatos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Escribir a los candidatos' });
    // It starts with the list's filter: the selected candidates.
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Seleccionado' }).checked,
    ).toBe(true);
    expect(await within(dialog).findByText('1 candidato')).toBeTruthy();
    fireEvent.click(
      within(dialog).getByRole('radio', { name: 'Todos los candidatos del proyecto' }),
    );
    expect(await within(dialog).findByText('2 candidatos')).toBeTruthy();
    fireEvent.click(
      within(dialog).getByRole('radio', { name: 'Solo los candidatos en estos estados:' }),
    );
    expect(await within(dialog).findByText('Marca al menos un estado.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Seleccionado' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Suplente' }));
    expect(await within(dialog).findByText('1 candidato')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Asunto' }), {
      target: { value: 'Entrevistas' },
    });
    const editor = within(dialog).getByRole<HTMLElement & { editor: Editor }>('textbox', {
      name: 'Mensaje',
    });
    act(() => {
      editor.editor.commands.setContent('<p>Os llamaremos esta semana.</p>');
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Enviar la comunicación?' });
    expect(confirm.textContent).toContain('«Entrevistas» llegará a 1 candidato.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enviar a 1 candidato' }));
    await expectToast('«Entrevistas» se está enviando.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [sent] = callsTo(calls, 'POST', '/api/announcements');
    expect(sent?.body).toEqual({
      data: {
        subject: 'Entrevistas',
        message: '<p>Os llamaremos esta semana.</p>',
        audience: {
          applys: { project: { id: { $eq: 12 } }, status: { $in: ['Seleccionado', 'Suplente'] } },
        },
        kind: 'u4i_advice',
      },
    });
  });
});
