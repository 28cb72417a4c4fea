import { screen } from '@testing-library/react';
import { afterEach, describe, it } from 'vitest';
import { myProject, myProjectsAnswer } from '../../../../test/api/projects';
import { jsonResponse } from '../../../../test/api';
import { list, stubPublishingApi } from '../../../../test/api/publishing';
import { renderApp } from '../../../../test/render-app';
import { clearSession } from '../../../lib/session-tokens';
import { expectNoViolations } from '../../../../test/axe';

afterEach(() => {
  clearSession();
  localStorage.clear();
});

describe('publishing screens are axe-clean', { timeout: 15_000 }, () => {
  it('the project form', async () => {
    stubPublishingApi({ role: 'teacher' });
    renderApp('/projects/create');
    await screen.findByRole('textbox', { name: /Título del proyecto/ }, { timeout: 4000 });
    await expectNoViolations();
  });

  it('the own-project list (table and cards)', async () => {
    stubPublishingApi({
      role: 'teacher',
      handlers: {
        'GET /api/projects/mine': () =>
          jsonResponse(
            myProjectsAnswer([
              myProject(1, 'Huertos escolares', {
                status: 'Rechazada',
                rejection_reason: 'Falta el perfil',
              }),
            ]),
          ),
      },
    });
    renderApp('/projects/personal');
    await screen.findByRole('table', {}, { timeout: 4000 });
    await expectNoViolations();
  });

  it('the candidates page', async () => {
    stubPublishingApi({
      role: 'teacher',
      handlers: {
        'GET /api/projects/3?': () =>
          jsonResponse({ data: { id: 3, attributes: { title: 'Huertos', status: 'Publicada' } } }),
        'GET /api/applys?': () =>
          list([
            {
              id: 7,
              attributes: {
                status: 'Enviada',
                supermatch: true,
                interest: 'Mucho',
                CV_url: 'https://cv.example.org/a',
                student: {
                  data: {
                    id: 1,
                    attributes: {
                      competences: { flexibility: 3 },
                      user: { data: { id: 2, attributes: { name: 'Lucía', surname: 'Gil' } } },
                    },
                  },
                },
              },
            },
          ]),
      },
    });
    renderApp('/projects/3/candidaturas');
    await screen.findByRole('article', { name: 'Lucía Gil' }, { timeout: 4000 });
    await expectNoViolations();
  });

  it('the organisation form', async () => {
    stubPublishingApi({ role: 'coordinator' });
    renderApp('/organizations/create');
    await screen.findByRole('textbox', { name: /Nombre de la organización/ }, { timeout: 4000 });
    await expectNoViolations();
  });
});
