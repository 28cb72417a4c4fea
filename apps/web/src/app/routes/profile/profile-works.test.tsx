import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  jsonResponse,
  LIBRARY_PERMISSIONS,
  LIBRARY_STUDENT_ID,
  ownWorksAnswer,
  savedWorksAnswer,
  stubLibraryApi,
  type Route,
} from '../../../../test/api';
import { renderApp } from '../../../../test/render-app';
import { expectToast } from '../../../../test/toasts';
import { WELCOME_SHOWN_COOKIE } from '../../../features/welcome/utils/welcome-storage';
import { clearSession } from '../../../lib/session-tokens';

afterEach(() => {
  clearSession();
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
  localStorage.clear();
});

const SAVED = savedWorksAnswer(LIBRARY_STUDENT_ID, [
  {
    id: 5,
    attributes: {
      title: 'Compostaje comunitario en barrios',
      degree_name: 'Grado en Biología',
      institution: 'Universidad de Murcia',
      release_month: '06/2025',
    },
  },
  {
    id: 40,
    attributes: {
      title: 'Movilidad sostenible en Valencia',
      external: true,
      author_name: 'Pablo Ortega',
      institution: 'Universitat de València',
    },
  },
]);

/** A student on /profile?section=tfx with their own works and saved works. */
function stubProfile(works: ReturnType<typeof ownWorksAnswer>, routes: Record<string, Route> = {}) {
  return stubLibraryApi({
    role: 'student',
    permissions: {
      ...LIBRARY_PERMISSIONS,
      projects: { enabled: true, create: false, update: false },
    },
    ownWorkIds: works.data.map((work) => work.id),
    routes: {
      'GET /api/tfxes?': () => jsonResponse(works),
      [`GET /api/students/${LIBRARY_STUDENT_ID}?`]: () => jsonResponse(SAVED),
      'GET /api/applys': () => jsonResponse({ data: [], meta: {} }),
      'GET /api/communication-centers': () => jsonResponse({ data: [], meta: {} }),
      ...routes,
    },
  });
}

async function tfxPanel() {
  await screen.findByRole('heading', { name: 'Tu trabajo final' });
  return screen.getByRole('tabpanel');
}

describe('/profile?section=tfx', () => {
  it('reads the own works including unpublished ones, and shows a pending one as such', async () => {
    const { calls } = stubProfile(
      ownWorksAnswer([
        {
          id: 9,
          title: 'Mi TFG sobre compostaje',
          extra: { review_status: 'pending', publishedAt: null },
        },
      ]),
    );
    renderApp('/profile?section=tfx');
    const panel = await tfxPanel();
    expect(await within(panel).findByText('Mi TFG sobre compostaje')).toBeTruthy();
    expect(within(panel).getByText('Pendiente de revisión')).toBeTruthy();
    expect(within(panel).getByText(/lo está revisando/)).toBeTruthy();
    const read = calls.find((c) => c.url.pathname === '/api/tfxes')!.url.searchParams;
    expect(read.get('filters[student][id][$eq]')).toBe(String(LIBRARY_STUDENT_ID));
    expect(read.get('populate[file]')).toBe('*');
    expect(read.get('publicationState')).toBe('preview');
  });

  it('a rejected work shows the reason and "Corregir y reenviar"', async () => {
    stubProfile(
      ownWorksAnswer([
        {
          id: 9,
          title: 'Mi TFG sobre compostaje',
          extra: {
            review_status: 'rejected',
            rejection_reason: 'Falta el resumen en castellano.',
            publishedAt: null,
          },
        },
      ]),
    );
    renderApp('/profile?section=tfx');
    const panel = await tfxPanel();
    expect(await within(panel).findByText('Rechazado')).toBeTruthy();
    expect(
      within(panel).getByText('Motivo del rechazo: Falta el resumen en castellano.'),
    ).toBeTruthy();
    expect(
      within(panel).getByRole('link', { name: 'Corregir y reenviar' }).getAttribute('href'),
    ).toBe('/tfx/create/form?status=finished');
  });

  it('a published work links to its page in the library', async () => {
    stubProfile(ownWorksAnswer([{ id: 9, title: 'Mi TFG sobre compostaje' }]));
    renderApp('/profile?section=tfx');
    const panel = await tfxPanel();
    expect(await within(panel).findByText('Publicado')).toBeTruthy();
    expect(
      within(panel)
        .getByRole('link', { name: 'Ver en la biblioteca: Mi TFG sobre compostaje' })
        .getAttribute('href'),
    ).toBe('/tfx/9');
  });

  it("lists the saved works, the platform's and external ones, and removes one with the rest of the list", async () => {
    // The server keeps the list the last PUT sent.
    let saved = SAVED;
    const { calls } = stubProfile(ownWorksAnswer([]), {
      [`GET /api/students/${LIBRARY_STUDENT_ID}?`]: () => jsonResponse(saved),
      'PUT /api/external/students/': ({ body }) => {
        const ids = (body as { data: { favorites_tfxes: number[] } }).data.favorites_tfxes;
        saved = savedWorksAnswer(
          LIBRARY_STUDENT_ID,
          SAVED.data.attributes.favorites_tfxes.data.filter((work) => ids.includes(work.id)),
        );
        return jsonResponse({ data: { id: LIBRARY_STUDENT_ID } });
      },
    });
    renderApp('/profile?section=tfx');
    const panel = await tfxPanel();
    expect(
      await within(panel).findByText(/Todavía no has publicado ningún trabajo final/),
    ).toBeTruthy();
    expect(await within(panel).findByText('Compostaje comunitario en barrios')).toBeTruthy();
    const external = within(panel).getByText('Movilidad sostenible en Valencia').closest('li')!;
    expect(within(external).getByText('Externo')).toBeTruthy();
    expect(within(external).getByText('Pablo Ortega · Universitat de València')).toBeTruthy();
    expect(
      within(panel)
        .getByRole('link', { name: 'Ver trabajo: Compostaje comunitario en barrios' })
        .getAttribute('href'),
    ).toBe('/tfx/5');

    fireEvent.click(
      within(panel).getByRole('button', {
        name: 'Quitar de guardados: Compostaje comunitario en barrios',
      }),
    );
    await expectToast('Has quitado «Compostaje comunitario en barrios» de tus trabajos guardados.');
    const [put] = calls.filter((c) => c.method === 'PUT');
    expect(put!.url.pathname).toBe(`/api/external/students/${LIBRARY_STUDENT_ID}`);
    expect(put!.body).toEqual({ data: { favorites_tfxes: [40] } });
    await waitFor(() =>
      expect(within(panel).queryByText('Compostaje comunitario en barrios')).toBeNull(),
    );
  });

  it('with nothing saved it invites to the library', async () => {
    stubProfile(ownWorksAnswer([]), {
      [`GET /api/students/${LIBRARY_STUDENT_ID}?`]: () =>
        jsonResponse(savedWorksAnswer(LIBRARY_STUDENT_ID, [])),
    });
    renderApp('/profile?section=tfx');
    const panel = await tfxPanel();
    expect(await within(panel).findByText(/Todavía no has guardado ningún trabajo/)).toBeTruthy();
    expect(
      within(panel).getByRole('link', { name: 'Ir a la biblioteca' }).getAttribute('href'),
    ).toBe('/tfx');
  });
});
