import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, collection } from '../../../../test/api';
import { projectAnswer } from '../../../../test/api/catalogue';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';

afterEach(resetRouteApi);

const TITLE = 'Huertos escolares comunitarios';

/**
 * One app, one cache, two screens: a saved project is one resource (the student's favourites,
 * ADR 0030), so a change made on either screen shows on the other. Each screen alone is tested
 * elsewhere; this walks between them as a student does.
 */
function stubStudent(saved: number[]) {
  const favoritesAnswer = () =>
    jsonResponse({
      data: {
        id: 31,
        attributes: {
          primaryKey: 'E0001',
          favorites: {
            data: saved.map((id) => ({
              id,
              attributes: {
                title: TITLE,
                type: null,
                locality: null,
                organization: { data: null },
              },
            })),
          },
        },
      },
      meta: {},
    });
  return stubRouteApi('student', {
    'GET /api/students?': () =>
      jsonResponse(
        collection([
          {
            id: 31,
            attributes: { province: 'Murcia', university: { data: null }, tfxs: { data: [] } },
          },
        ]),
      ),
    'GET /api/projects/5': () => jsonResponse(projectAnswer(5)),
    'GET /api/calls': () => jsonResponse(collection([])),
    'GET /api/applys': () => jsonResponse(collection([])),
    'GET /api/students/31': favoritesAnswer,
    'PUT /api/students/31': async (_url, init) => {
      const body = JSON.parse(init.body as string) as {
        data: { favorites: { connect?: number[]; disconnect?: number[] } };
      };
      const { connect = [], disconnect = [] } = body.data.favorites;
      saved.splice(0, saved.length, ...saved.filter((id) => !disconnect.includes(id)), ...connect);
      return favoritesAnswer();
    },
  });
}

describe('a saved project, seen from its page and from the profile', () => {
  it('when a project is unsaved in the profile, its page shows it as not saved', async () => {
    stubStudent([5]);
    const { router } = renderApp('/projects/5');
    await screen.findByRole('button', { name: `Guardado: «${TITLE}»` });

    await router.navigate('/profile?section=projects');
    fireEvent.click(await screen.findByRole('button', { name: `Quitar de guardados: ${TITLE}` }));
    await screen.findByText(`Has quitado «${TITLE}» de tus proyectos guardados.`);

    await router.navigate('/projects/5');
    const again = await screen.findByRole('button', { name: `Guardar: «${TITLE}»` });
    expect(again.textContent).toBe('Guardar');
  });

  it('when a project is saved on its page, the profile lists it, and unsaved there, its page follows', async () => {
    const saved: number[] = [];
    stubStudent(saved);
    const { router } = renderApp('/projects/5');
    const toggle = await screen.findByRole('button', { name: `Guardar: «${TITLE}»` });
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.textContent).toBe('Guardado'));
    await screen.findByText(new RegExp(`Has guardado «${TITLE}»`));
    expect(saved).toEqual([5]);

    await router.navigate('/profile?section=projects');
    fireEvent.click(await screen.findByRole('button', { name: `Quitar de guardados: ${TITLE}` }));
    await screen.findByText(`Has quitado «${TITLE}» de tus proyectos guardados.`);
    expect(saved).toEqual([]);

    await router.navigate('/projects/5');
    const again = await screen.findByRole('button', { name: `Guardar: «${TITLE}»` });
    expect(again.textContent).toBe('Guardar');
  });
});
