import { fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applicationsAnswer,
  impactAnswer,
  jsonResponse,
  overviewAnswer,
  projectsAnswer,
  strapiError,
  studentsAnswer,
  universityNames,
} from '../../../../test/api';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';

afterEach(resetRouteApi);

/** axe on `root` (WCAG 2.2 A/AA, best practices; layout rules left to the browser). */
async function expectNoViolations(root: Element = document.querySelector('main')!) {
  const result = await axe.run(root, {
    runOnly: {
      type: 'tag',
      values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    },
    rules: {
      'color-contrast': { enabled: false },
      'target-size': { enabled: false },
      region: { enabled: false },
    },
  });
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

function serve({ failStudents = false } = {}) {
  stubRouteApi('admin', {
    'GET /api/universities/names': () => jsonResponse(universityNames(['Universidad de Murcia'])),
    'GET /api/reports/overview': () =>
      jsonResponse(overviewAnswer({ students: 120, projects: 14, applications: 300, hours: 900 })),
    'GET /api/reports/students': () =>
      failStudents
        ? strapiError(400, 'Bad Request')
        : jsonResponse(
            studentsAnswer({
              degrees: [{ degree: { id: 1, name: 'Grado en Psicología' }, count: 120 }],
              stages: { doing: 80, choosing: 40 },
              goals: { work: 100, none: 20 },
            }),
          ),
    'GET /api/reports/projects': () =>
      jsonResponse(projectsAnswer({ statuses: { Publicada: 14 }, ods: { 3: 10, 5: 4 } })),
    'GET /api/reports/applications': () =>
      jsonResponse(applicationsAnswer([{ month: '2026-09', applications: 300, selections: 30 }])),
    'GET /api/reports/impact': () =>
      jsonResponse(
        impactAnswer(
          { hours: 900, selections: 30 },
          { 3: { projects: 10, selections: 30, hours: 900 } },
        ),
      ),
  });
}

describe('the impact dashboard is axe-clean', () => {
  it('/admin/informes with its charts, then a chart as a table', async () => {
    serve();
    renderApp('/admin/informes');
    const heading = await screen.findByRole('heading', { level: 3, name: 'Proyectos por ODS' });
    const projects = heading.closest('section')!;
    await within(projects).findByRole('table');
    await screen.findByRole('rowheader', { name: 'Grado en Psicología' });
    await expectNoViolations();
    fireEvent.click(within(projects).getByRole('button', { name: 'Ver como tabla' }));
    await expectNoViolations();
  });

  it('with a chart that failed and a period refused at its field', async () => {
    serve({ failStudents: true });
    renderApp('/admin/informes');
    await screen.findAllByText('No se han podido cargar estas cifras.');
    const form = screen.getByRole('search', { name: 'Elegir universidad y periodo' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Desde/ }), {
      target: { value: '31/13/2026' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Ver cifras' }));
    await within(form).findByText('Formato no válido.');
    await expectNoViolations();
  });
});
