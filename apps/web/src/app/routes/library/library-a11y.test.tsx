import { fireEvent, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  jsonResponse,
  LIBRARY_STUDENT_ID,
  ownWorksAnswer,
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
import { expectNoViolations } from '../../../../test/axe';

afterEach(() => {
  clearSession();
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
  localStorage.clear();
});

const SEARCH = tfxSearchAnswer(
  [
    tfxEntry(1, 'Compostaje comunitario en barrios', {
      awarded: true,
      saved: true,
      snippets: {
        title: '<mark>Compostaje</mark> comunitario en barrios',
        summary: 'el <mark>compost</mark> del barrio',
        document: 'se volteó el <mark>compost</mark> cada semana',
      },
    }),
    tfxEntry(2, 'Movilidad sostenible', {
      external: true,
      author_name: 'Pablo Ortega',
      hasFile: false,
      file_URL: 'https://roderic.uv.es/handle/1',
    }),
  ],
  { pageCount: 3, total: 30, fallback: true },
);

describe('library screens are axe-clean', () => {
  it('the library with results, facets, snippets and save buttons', async () => {
    stubLibraryApi({
      role: 'student',
      routes: { 'GET /api/tfxes/search': () => jsonResponse(SEARCH) },
    });
    renderApp('/tfx?q=compost&ods=12');
    await screen.findByRole('link', { name: 'Compostaje comunitario en barrios' });
    await expectNoViolations();
  });

  it("a work's page", async () => {
    stubLibraryApi({
      role: 'student',
      routes: {
        'GET /api/tfxes/5?': () =>
          jsonResponse(tfxAnswer(5, 'Compostaje comunitario', { awarded: true })),
        'GET /api/tfxes/5/related': () =>
          jsonResponse(relatedAnswer([tfxEntry(8, 'Huertos urbanos')])),
        'POST /api/tfxes/5/views': () => new Response(null, { status: 204 }),
        [`GET /api/students/${LIBRARY_STUDENT_ID}?`]: () =>
          jsonResponse(savedWorksAnswer(LIBRARY_STUDENT_ID, [])),
      },
    });
    renderApp('/tfx/5');
    await screen.findByRole('heading', { name: 'Trabajos relacionados' });
    expect((await screen.findByTestId('pdf-viewer')).textContent).toMatch(
      /^Visor: Compostaje comunitario \(/,
    );
    await expectNoViolations();
  });

  it('the upload form, with its errors shown', async () => {
    stubLibraryApi({
      role: 'student',
      routes: {
        'GET /api/tfxes?': () => jsonResponse(ownWorksAnswer([])),
        [`GET /api/students/${LIBRARY_STUDENT_ID}?`]: () =>
          jsonResponse({
            data: { id: LIBRARY_STUDENT_ID, attributes: { degree: { data: null } } },
          }),
      },
    });
    renderApp('/tfx/create/form?status=finished');
    await screen.findByRole('textbox', { name: /Título de tu TFG o TFM/ });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar a revisión' }));
    await screen.findByText('Aceptar este campo es obligatorio.');
    await expectNoViolations();
  });

  it("the profile's own work and saved works", async () => {
    stubLibraryApi({
      role: 'student',
      ownWorkIds: [9],
      routes: {
        'GET /api/tfxes?': () =>
          jsonResponse(
            ownWorksAnswer([
              {
                id: 9,
                title: 'Mi TFG',
                extra: { review_status: 'rejected', rejection_reason: 'Falta el resumen.' },
              },
            ]),
          ),
        [`GET /api/students/${LIBRARY_STUDENT_ID}?`]: () =>
          jsonResponse(
            savedWorksAnswer(LIBRARY_STUDENT_ID, [
              { id: 40, attributes: { title: 'Movilidad sostenible', external: true } },
            ]),
          ),
        'GET /api/applys': () => jsonResponse({ data: [], meta: {} }),
        'GET /api/communication-centers': () => jsonResponse({ data: [], meta: {} }),
      },
    });
    renderApp('/profile?section=tfx');
    await screen.findByText('Movilidad sostenible');
    await screen.findByRole('link', { name: 'Corregir y reenviar' });
    await expectNoViolations();
  });
});
