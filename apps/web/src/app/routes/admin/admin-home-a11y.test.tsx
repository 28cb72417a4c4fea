import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminOverviewAnswer,
  jsonResponse,
  overviewImport,
  strapiError,
} from '../../../../test/api';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { expectNoViolations } from '../../../../test/axe';
import { createNoRetryQueryClient, renderApp } from '../../../../test/render-app';

afterEach(resetRouteApi);

describe('the administration home is axe-clean', () => {
  it('/admin with figures waiting, imports listed and the totals', async () => {
    stubRouteApi('admin', {
      'GET /api/admin/overview': () =>
        jsonResponse(
          adminOverviewAnswer({
            pending: { teachers: 2, works: 0, projects: 5 },
            emails: { failed: 3, failedRecently: 1, waiting: 2 },
            imports: {
              running: 1,
              failedRecently: 1,
              latest: [
                overviewImport(),
                overviewImport({ id: 6, status: 'failed', finishedAt: '2026-11-25T10:00:00Z' }),
              ],
            },
            totals: { students: 1500, teachers: 80, organizations: 40, publishedProjects: 25 },
          }),
        ),
    });
    renderApp('/admin');
    await screen.findByRole('heading', { level: 3, name: 'Cargas de personas' });
    // One h1, then the sections' h2 and the cards' h3, in order.
    const main = screen.getByRole('main');
    expect(
      within(main)
        .getAllByRole('heading')
        .map((heading) => `${heading.tagName} ${heading.textContent}`)
        .slice(0, 3),
    ).toEqual(['H1 Administración', 'H2 Lo que necesita atención', 'H3 Profesorado por verificar']);
    expect(screen.getByRole('region', { name: 'La plataforma en cifras' })).toBeTruthy();
    await expectNoViolations();
  });

  it('with nothing waiting', async () => {
    stubRouteApi('admin', {
      'GET /api/admin/overview': () => jsonResponse(adminOverviewAnswer()),
    });
    renderApp('/admin');
    await screen.findByRole('region', { name: 'Acerca de' });
    await expectNoViolations();
  });

  it('when the figures could not be read', async () => {
    stubRouteApi('admin', {
      'GET /api/admin/overview': () => strapiError(500, 'Internal Server Error'),
    });
    renderApp('/admin', { queryClient: createNoRetryQueryClient() });
    await screen.findByRole('alert');
    await expectNoViolations();
  });
});
