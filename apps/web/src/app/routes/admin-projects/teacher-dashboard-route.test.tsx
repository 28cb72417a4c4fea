import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/api';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';
import type { TeacherDashboard } from '../../../features/teacher-dashboard/types';

// Lazy routes and a busy machine: give the screens more than the default second to appear.

afterEach(resetRouteApi);

function dashboard(): TeacherDashboard {
  return {
    counts: { projects: 3, published: 2, pendingCandidates: 5, tutored: 1 },
    projects: [
      {
        id: 11,
        title: 'Huertos urbanos',
        status: 'Publicada',
        type: 'Impacto social',
        application_deadline: '2026-12-15',
        publishedAt: '2026-10-01T10:00:00.000Z',
        createdAt: '2026-09-01T10:00:00.000Z',
        updatedAt: '2026-10-01T10:00:00.000Z',
        candidates: { total: 0, pending: 0 },
      },
      {
        id: 12,
        title: 'Chatbot de orientación',
        status: 'Publicada',
        type: 'TFG/TFM',
        application_deadline: null,
        publishedAt: '2026-10-01T10:00:00.000Z',
        createdAt: '2026-09-01T10:00:00.000Z',
        updatedAt: '2026-10-01T10:00:00.000Z',
        candidates: { total: 6, pending: 5 },
      },
    ],
    candidates: [
      {
        id: 70,
        status: 'Enviada',
        supermatch: false,
        createdAt: '2026-11-10T10:00:00.000Z',
        student: {
          id: 5,
          name: 'Lucía Martínez',
          degree: 'Grado en Informática',
          university: null,
        },
        project: { id: 12, title: 'Chatbot de orientación' },
      },
    ],
    tutored: [
      {
        application: {
          id: 80,
          status: 'Seleccionado',
          createdAt: '2026-10-10T10:00:00.000Z',
          updatedAt: '2026-10-12T10:00:00.000Z',
        },
        student: { id: 6, name: 'Pablo Gómez', email: 'pablo@demo.es', phone: '+34612345678' },
        project: { id: 12, title: 'Chatbot de orientación', status: 'Publicada' },
        progress: {
          id: 900,
          objectives: true,
          frame: false,
          conclusions: false,
          defense: false,
          final: false,
        },
      },
    ],
  };
}

describe('/teachers/dashboard', () => {
  it('shows the counts, the projects (most pending first), the candidates and the tutored students', async () => {
    stubRouteApi('teacher', {
      'GET /api/teachers/dashboard': () => jsonResponse({ data: dashboard() }),
    });
    renderApp('/teachers/dashboard');

    expect(
      await screen.findByRole('heading', { name: 'Panel de Control', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    const figures = await screen.findByRole('region', { name: 'Resumen' });
    const pairs = within(figures)
      .getAllByRole('definition')
      .map((dd) => `${dd.previousElementSibling?.textContent}: ${dd.textContent}`);
    expect(pairs).toEqual([
      'Proyectos: 3',
      'Publicados: 2',
      'Candidaturas por revisar: 5',
      'Estudiantes tutorizados: 1',
    ]);

    const table = screen.getByRole('table', { name: 'Tus proyectos y sus candidaturas' });
    const rowHeaders = within(table)
      .getAllByRole('rowheader')
      .map((th) => th.firstChild?.textContent);
    expect(rowHeaders).toEqual(['Chatbot de orientación', 'Huertos urbanos']);
    expect(
      within(table)
        .getByRole('link', { name: 'Ver candidaturas de Chatbot de orientación' })
        .getAttribute('href'),
    ).toBe('/projects/12/candidaturas');
    // Below the md width the same projects are cards (the table is hidden there): each says its
    // status and figures by name and has its link.
    const cards = screen.getByRole('list', { name: 'Tus proyectos y sus candidaturas' });
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe(
      'Chatbot de orientación',
    );
    expect(
      within(first)
        .getAllByRole('definition')
        .map((dd) => dd.previousElementSibling?.textContent),
    ).toEqual(['Estado', 'Candidaturas', 'Por revisar']);
    expect(
      within(first)
        .getByRole('link', { name: 'Ver candidaturas de Chatbot de orientación' })
        .getAttribute('href'),
    ).toBe('/projects/12/candidaturas');

    const candidates = screen.getByRole('region', { name: 'Candidaturas por revisar' });
    expect(within(candidates).getByRole('heading', { name: 'Lucía Martínez' })).toBeTruthy();

    const tutored = screen.getByRole('region', { name: 'Estudiantes que tutorizas' });
    const checklist = within(tutored).getByRole('group', {
      name: 'Avance de Pablo Gómez en «Chatbot de orientación»',
    });
    expect(
      within(checklist).getByRole<HTMLInputElement>('checkbox', { name: /Objetivos definidos/ })
        .checked,
    ).toBe(true);
    expect(within(tutored).getByText('Siguiente paso: Marco teórico.')).toBeTruthy();
    // The phone, stored in E.164, is shown grouped as people read it.
    expect(within(tutored).getByText(/· \+34 612 34 56 78/)).toBeTruthy();
  });

  it('ticking a milestone of a tutored student sends a PUT of that milestone', async () => {
    let frameDone = false;
    const calls = stubRouteApi('teacher', {
      'GET /api/teachers/dashboard': () => {
        const answer = dashboard();
        answer.tutored[0]!.progress!.frame = frameDone;
        return jsonResponse({ data: answer });
      },
      'PUT /api/project-progresses/900': () => {
        frameDone = true;
        return jsonResponse({ data: { id: 900, attributes: { frame: true } }, meta: {} });
      },
    });
    renderApp('/teachers/dashboard');

    const frame = await screen.findByRole<HTMLInputElement>(
      'checkbox',
      { name: /Marco teórico/ },
      { timeout: 5000 },
    );
    expect(frame.checked).toBe(false);
    fireEvent.click(frame);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/project-progresses/900');
    expect(put.body).toEqual({ data: { frame: true } });
    expect(frame.checked).toBe(true);
    // The panel is read again after the save and keeps the tick.
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url.pathname === '/api/teachers/dashboard').length,
      ).toBeGreaterThanOrEqual(2),
    );
    await waitFor(() => expect(screen.getByText('Siguiente paso: Conclusiones.')).toBeTruthy());
  });

  it('with nothing yet, each part says so in Spanish', async () => {
    stubRouteApi('teacher', {
      'GET /api/teachers/dashboard': () =>
        jsonResponse({
          data: {
            counts: { projects: 0, published: 0, pendingCandidates: 0, tutored: 0 },
            projects: [],
            candidates: [],
            tutored: [],
          },
        }),
    });
    renderApp('/teachers/dashboard');
    expect(
      await screen.findByText('Todavía no has creado ningún proyecto.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('No tienes candidaturas pendientes de revisar.')).toBeTruthy();
    expect(screen.getByText('Todavía no tutorizas a ningún estudiante.')).toBeTruthy();
  });

  it('a student is told the panel is for teachers and the dashboard is not asked for', async () => {
    const calls = stubRouteApi('student', {});
    renderApp('/teachers/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Sin permiso' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/teachers/dashboard')).toBe(false);
  });
});
