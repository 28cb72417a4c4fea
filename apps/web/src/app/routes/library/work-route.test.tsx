import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  jsonResponse,
  LIBRARY_STUDENT_ID,
  notFound,
  relatedAnswer,
  savedWorksAnswer,
  stubLibraryApi,
  tfxAnswer,
  tfxEntry,
  tfxSearchAnswer,
} from '../../../../test/api';
import { renderApp } from '../../../../test/render-app';
import { WELCOME_SHOWN_COOKIE } from '../../../features/welcome/utils/welcome-storage';
import { clearSession } from '../../../lib/session-tokens';

// pdf.js draws on a canvas jsdom does not have: the viewer's own chunk is replaced by a stand-in
// that says what it was given (the browser journeys open the real one).

afterEach(() => {
  clearSession();
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
  localStorage.clear();
});

const WORK = tfxAnswer(5, 'Compostaje comunitario en barrios', {
  awarded: true,
  tags: ['compostaje', 'residuos'],
  ods: [12, 13],
  views_count: 1234,
  downloads_count: 56,
  study_area: 'Ciencias puras',
});

describe('/tfx/:id for a visitor', () => {
  it('shows the work, its PDF in the viewer with the download, the related works, and counts the visit once', async () => {
    const { calls } = stubLibraryApi({
      routes: {
        'GET /api/tfxes/5?': () => jsonResponse(WORK),
        'GET /api/tfxes/5/related': () =>
          jsonResponse(relatedAnswer([tfxEntry(8, 'Huertos urbanos y compost')])),
        // This visitor was already counted today: the page shows the count as read.
        'POST /api/tfxes/5/views': () => jsonResponse({ data: { counted: false } }),
      },
    });
    renderApp('/tfx/5');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compostaje comunitario en barrios' }),
    ).toBeTruthy();
    const read = calls.find((c) => c.url.pathname === '/api/tfxes/5')!;
    expect(read.url.searchParams.get('populate[file]')).toBe('*');
    expect(screen.getByText('Premiado')).toBeTruthy();
    const facts = screen.getByRole('complementary', { name: 'Datos del trabajo' });
    expect(within(facts).getByText('Grado en Ingeniería Informática')).toBeTruthy();
    expect(within(facts).getByText('Universidad de Murcia')).toBeTruthy();
    expect(within(facts).getByText('Ciencias puras')).toBeTruthy();
    expect(within(facts).getByText('1234')).toBeTruthy();
    expect(within(facts).getByText('56')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Temas' }).textContent).toContain('residuos');
    expect(
      within(screen.getByRole('list', { name: 'Objetivos de Desarrollo Sostenible' })).getAllByRole(
        'listitem',
      ),
    ).toHaveLength(2);

    const download = screen.getByRole('link', { name: /Descargar PDF/ });
    expect(download.getAttribute('href')).toBe('/api/tfxes/5/download');
    expect(download.textContent).toContain('(239,6 KB)');
    expect((await screen.findByTestId('pdf-viewer')).textContent).toBe(
      'Visor: Compostaje comunitario en barrios (/api/upload/files/90/content)',
    );
    expect(await screen.findByRole('heading', { name: 'Trabajos relacionados' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Huertos urbanos y compost' }).getAttribute('href'),
    ).toBe('/tfx/8');
    // No contact data of the author anywhere.
    expect(document.querySelector('main')!.textContent).not.toMatch(/@|\+34/);
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/tfxes/5/views'),
      ).toHaveLength(1),
    );
    expect(screen.queryByRole('button', { name: /^Guardar/ })).toBeNull();
  });

  it('when the visit is counted, "Visitas" includes it (the count read plus this visit)', async () => {
    const { calls } = stubLibraryApi({
      routes: {
        'GET /api/tfxes/5?': () => jsonResponse(WORK),
        'GET /api/tfxes/5/related': () => jsonResponse(relatedAnswer([])),
        'POST /api/tfxes/5/views': () => jsonResponse({ data: { counted: true } }),
      },
    });
    renderApp('/tfx/5');
    const facts = await screen.findByRole('complementary', { name: 'Datos del trabajo' });
    expect(await within(facts).findByText('1235')).toBeTruthy();
    expect(within(facts).queryByText('1234')).toBeNull();
    // Downloads are not visits.
    expect(within(facts).getByText('56')).toBeTruthy();
    expect(
      calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/tfxes/5/views'),
    ).toHaveLength(1);
  });

  it('a card opens the work, whose way back returns to the same search', async () => {
    stubLibraryApi({
      routes: {
        'GET /api/tfxes/search': () =>
          jsonResponse(tfxSearchAnswer([tfxEntry(5, 'Compostaje comunitario en barrios')])),
        'GET /api/tfxes/5?': () => jsonResponse(WORK),
        'GET /api/tfxes/5/related': () => jsonResponse(relatedAnswer([])),
        'POST /api/tfxes/5/views': () => new Response(null, { status: 204 }),
      },
    });
    const { router } = renderApp('/tfx?ods=12&q=compost');
    fireEvent.click(await screen.findByRole('link', { name: 'Compostaje comunitario en barrios' }));
    await screen.findByRole('heading', { level: 1, name: 'Compostaje comunitario en barrios' });
    expect(router.state.location.pathname).toBe('/tfx/5');
    expect(screen.getByRole('link', { name: 'Volver a la biblioteca' }).getAttribute('href')).toBe(
      '/tfx?ods=12&q=compost',
    );
  });

  it('a work that does not exist or is not visible says so in Spanish', async () => {
    const { calls } = stubLibraryApi({ routes: { 'GET /api/tfxes/77?': () => notFound() } });
    renderApp('/tfx/77');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trabajo no encontrado' }),
    ).toBeTruthy();
    expect(screen.getByText(/Este trabajo no existe o no está publicado/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a la biblioteca' }).getAttribute('href')).toBe(
      '/tfx',
    );
    expect(calls.some((c) => c.url.pathname === '/api/tfxes/77/views')).toBe(false);
  });

  it('an external work without a PDF here is read at its own site, in a new tab', async () => {
    stubLibraryApi({
      routes: {
        'GET /api/tfxes/40?': () =>
          jsonResponse(
            tfxAnswer(
              40,
              'Movilidad sostenible en Valencia',
              {
                external: true,
                author_name: 'Pablo Ortega',
                institution: 'Universitat de València',
                file_URL: 'https://roderic.uv.es/handle/10550/1234',
              },
              { data: null },
            ),
          ),
        'GET /api/tfxes/40/related': () => jsonResponse(relatedAnswer([])),
        'POST /api/tfxes/40/views': () => new Response(null, { status: 204 }),
      },
    });
    renderApp('/tfx/40');
    await screen.findByRole('heading', { level: 1, name: 'Movilidad sostenible en Valencia' });
    expect(screen.getByText('Pablo Ortega')).toBeTruthy();
    const open = screen.getByRole('link', { name: /Ver trabajo/ });
    expect(open.getAttribute('href')).toBe('https://roderic.uv.es/handle/10550/1234');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: /Descargar PDF/ })).toBeNull();
    expect(screen.queryByTestId('pdf-viewer')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Volver a los trabajos externos' }).getAttribute('href'),
    ).toBe('/tfx/external');
  });
});

describe('/tfx/:id for a student', () => {
  it('a saved work says so; removing it sends the list without it', async () => {
    const { calls } = stubLibraryApi({
      role: 'student',
      routes: {
        'GET /api/tfxes/5?': () => jsonResponse(WORK),
        'GET /api/tfxes/5/related': () => jsonResponse(relatedAnswer([])),
        'POST /api/tfxes/5/views': () => new Response(null, { status: 204 }),
        [`GET /api/students/${LIBRARY_STUDENT_ID}?`]: () =>
          jsonResponse(
            savedWorksAnswer(LIBRARY_STUDENT_ID, [
              { id: 5, attributes: { title: 'Compostaje comunitario en barrios' } },
              { id: 40, attributes: { title: 'Movilidad sostenible', external: true } },
            ]),
          ),
        'PUT /api/external/students/': () => jsonResponse({ data: { id: LIBRARY_STUDENT_ID } }),
      },
    });
    renderApp('/tfx/5');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Guardado: «Compostaje comunitario en barrios»' }),
    );
    expect(
      await screen.findByText(
        'Has quitado «Compostaje comunitario en barrios» de tus trabajos guardados.',
      ),
    ).toBeTruthy();
    const [put] = calls.filter((c) => c.method === 'PUT');
    expect(put!.body).toEqual({ data: { favorites_tfxes: [40] } });
  });

  it('the author of a pending work is told only they and the staff see it', async () => {
    stubLibraryApi({
      role: 'student',
      ownWorkIds: [5],
      routes: {
        'GET /api/tfxes/5?': () =>
          jsonResponse(
            tfxAnswer(5, 'Mi TFG sobre compostaje', {
              review_status: 'pending',
              publishedAt: null,
            }),
          ),
        'GET /api/tfxes/5/related': () => jsonResponse(relatedAnswer([])),
        'POST /api/tfxes/5/views': () => new Response(null, { status: 204 }),
        [`GET /api/students/${LIBRARY_STUDENT_ID}?`]: () =>
          jsonResponse(savedWorksAnswer(LIBRARY_STUDENT_ID, [])),
      },
    });
    renderApp('/tfx/5');
    expect(
      await screen.findByText(/Tu trabajo está pendiente de revisión: solo tú y el equipo/),
    ).toBeTruthy();
    expect(screen.getByText('Pendiente de revisión')).toBeTruthy();
    // Not published: nothing to save yet.
    expect(screen.queryByRole('button', { name: /Guardar/ })).toBeNull();
  });
});
