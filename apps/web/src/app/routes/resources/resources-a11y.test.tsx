import { screen } from '@testing-library/react';
import { afterEach, describe, it } from 'vitest';
import {
  favoriteResourcesAnswer,
  fakeApi,
  jsonResponse,
  resourceAnswer,
  resourceEntry,
  resourcesAnswer,
  type Route,
} from '../../../../test/api';
import { account } from '../../../../test/api/accounts';
import { collection } from '../../../../test/api/envelopes';
import { resetRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';
import { markWelcomeShownThisSession } from '../../../features/welcome/utils/welcome-storage';
import { expectNoViolations } from '../../../../test/axe';

afterEach(resetRouteApi);

/** A signed-in student (record 31) with one saved resource. */
function stubStudent(routes: Record<string, Route>) {
  const user = account('student');
  markWelcomeShownThisSession(user.id);
  fakeApi({
    user,
    profiles: {
      students: () =>
        jsonResponse(
          collection([
            {
              id: 31,
              attributes: {
                province: 'Murcia',
                phone: '600000000',
                university: { data: null },
                tfxs: { data: [] },
              },
            },
          ]),
        ),
    },
    routes: {
      'GET /api/communication-centers': () => jsonResponse(collection([])),
      'GET /api/students/31?': () =>
        jsonResponse(favoriteResourcesAnswer(31, [resourceEntry(2, 'Cómo citar en APA')])),
      ...routes,
    },
  });
}

describe('resource screens are axe-clean', () => {
  it('/resources for a student, with filters set, cards with and without pictures, and pages', async () => {
    stubStudent({
      'GET /api/resources?': () =>
        jsonResponse(
          resourcesAnswer(
            [
              resourceEntry(1, 'Cómo elegir un tema', { is_popular: true }),
              resourceEntry(2, 'Cómo citar en APA', { picture: null }),
            ],
            { pageCount: 3, total: 30 },
          ),
        ),
    });
    renderApp('/resources?tag=Voluntariado&stage=doing');
    await screen.findByRole('button', { name: 'Guardado: «Cómo citar en APA»' });
    await expectNoViolations();
  });

  it('/resources empty', async () => {
    fakeApi({ routes: { 'GET /api/resources?': () => jsonResponse(resourcesAnswer([])) } });
    renderApp('/resources');
    await screen.findByText(/Todavía no hay recursos publicados/);
    await expectNoViolations();
  });

  it('/resources/:id for a student', async () => {
    stubStudent({
      'GET /api/resources/2': () =>
        jsonResponse(
          resourceAnswer(2, 'Cómo citar en APA', {
            is_popular: true,
            link: 'https://apastyle.apa.org',
            tfx_status: ['doing', 'finished'],
            content:
              '<h2>Citas</h2><p>Una <a href="https://apastyle.apa.org">guía</a>.</p><ul><li><p>Uno</p></li></ul><h3>Detalle</h3><p>Texto</p>',
          }),
        ),
      'POST /api/resources/2/visits': () => new Response(null, { status: 204 }),
    });
    renderApp('/resources/2');
    await screen.findByRole('button', { name: 'Guardado: «Cómo citar en APA»' });
    await expectNoViolations();
  });
});
