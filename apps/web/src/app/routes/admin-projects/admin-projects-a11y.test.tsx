import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, it } from 'vitest';
import { jsonResponse, collection } from '../../../../test/api';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';
import { expectNoViolations } from '../../../../test/axe';

afterEach(resetRouteApi);

const entry = (id: number, status: string) => ({
  id,
  attributes: {
    status,
    createdAt: '2026-11-03T10:00:00.000Z',
    student: {
      data: {
        id: 5,
        attributes: {
          primaryKey: 'E0005',
          user: {
            data: { id: 8, attributes: { name: 'Lucía', surname: 'Martínez', email: 'l@demo.es' } },
          },
          university: { data: { id: 1, attributes: { name: 'Universidad de Murcia' } } },
          degree: { data: null },
        },
      },
    },
    project: { data: { id: 9, attributes: { title: 'Huertos', organization: { data: null } } } },
    tutorAsigned: { data: null },
  },
});

describe('application screens are axe-clean', () => {
  it('/projects/applys with results and pages', async () => {
    stubRouteApi('admin', {
      'GET /api/applys?': () =>
        jsonResponse(collection([entry(1, 'Enviada')], { pageSize: 20, pageCount: 2, total: 21 })),
    });
    renderApp('/projects/applys');
    await screen.findByRole('table');
    await expectNoViolations();
  });

  it('/projects/asignations with the tutor list open', async () => {
    stubRouteApi('admin', {
      'GET /api/applys?': () => jsonResponse(collection([entry(1, 'Seleccionado')])),
      'GET /api/teachers/names': () =>
        jsonResponse({
          data: [{ id: 4, attributes: { name: 'Ángela Ruiz' } }],
          meta: { pagination: { page: 1, pageSize: 10, pageCount: 1, total: 1 } },
        }),
    });
    renderApp('/projects/asignations');
    fireEvent.click(await screen.findByRole('combobox', { name: /Tutor de/ }));
    await screen.findByRole('option', { name: 'Ángela Ruiz' });
    await expectNoViolations();
  });

  it('/teachers/dashboard', async () => {
    stubRouteApi('teacher', {
      'GET /api/teachers/dashboard': () =>
        jsonResponse({
          data: {
            counts: { projects: 1, published: 1, pendingCandidates: 1, tutored: 1 },
            projects: [
              {
                id: 9,
                title: 'Huertos',
                status: 'Publicada',
                type: 'Impacto social',
                application_deadline: null,
                publishedAt: null,
                createdAt: '2026-11-03T10:00:00.000Z',
                updatedAt: '2026-11-03T10:00:00.000Z',
                candidates: { total: 1, pending: 1 },
              },
            ],
            candidates: [
              {
                id: 1,
                status: 'Enviada',
                supermatch: false,
                createdAt: '2026-11-03T10:00:00.000Z',
                student: { id: 5, name: 'Lucía Martínez', degree: null, university: null },
                project: { id: 9, title: 'Huertos' },
              },
            ],
            tutored: [
              {
                application: {
                  id: 2,
                  status: 'Seleccionado',
                  createdAt: '2026-11-03T10:00:00.000Z',
                  updatedAt: '2026-11-03T10:00:00.000Z',
                },
                student: { id: 6, name: 'Pablo Gómez', email: 'p@demo.es', phone: null },
                project: { id: 9, title: 'Huertos', status: 'Publicada' },
                progress: {
                  id: 3,
                  objectives: true,
                  frame: false,
                  conclusions: false,
                  defense: false,
                  final: false,
                },
              },
            ],
          },
        }),
    });
    renderApp('/teachers/dashboard');
    await screen.findByRole('group', { name: /Avance de Pablo Gómez/ });
    await expectNoViolations();
  });
});
