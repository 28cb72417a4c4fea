import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFull, jsonResponse } from '../../../../test/api';
import {
  account,
  collection,
  projectAnswer,
  STUDENT_ID,
  stubCatalogueApi,
} from '../../../../test/api/catalogue';
import { expectNoViolations } from '../../../../test/axe';
import { renderApp } from '../../../../test/render-app';
import { clearSession } from '../../../lib/session-tokens';

afterEach(() => {
  clearSession();
  localStorage.clear();
});

/** The apply page of project 5 whose POST answers `post`. */
async function applyAnswered(post: () => Response | Promise<Response>) {
  stubCatalogueApi(
    {
      'GET /api/projects/5': () => jsonResponse(projectAnswer(5)),
      'GET /api/applys?': () => jsonResponse(collection([])),
      'GET /api/calls': () => jsonResponse(collection([])),
      [`GET /api/students/${STUDENT_ID}?`]: () =>
        jsonResponse({ data: { id: STUDENT_ID, attributes: {} }, meta: {} }),
      'POST /api/applys': post,
    },
    { user: account('student') },
  );
  renderApp('/projects/5/inscripcion');
  await screen.findByRole('button', { name: 'Enviar candidatura' }, { timeout: 4000 });
  fireEvent.click(screen.getByRole('radio', { name: 'Indicar un enlace' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Enlace a tu CV' }), {
    target: { value: 'https://cv.example.org/lucia.pdf' },
  });
  for (const name of [/Qué te interesa/, /Qué te motiva/, /buen candidato/, /^Disponibilidad/]) {
    fireEvent.change(screen.getByRole('textbox', { name }), { target: { value: 'Sí' } });
  }
  fireEvent.click(screen.getByRole('button', { name: 'Enviar candidatura' }));
}

describe('the apply form when the API is full is axe-clean (ADR 0070)', { timeout: 15_000 }, () => {
  it('while it tries again (the status beside the button)', async () => {
    let posts = 0;
    await applyAnswered(() => (++posts === 1 ? apiFull(1) : new Promise<Response>(() => {})));
    await screen.findByText('Hay mucha gente ahora mismo, lo intentamos de nuevo…');
    await expectNoViolations();
    // The second attempt is under way (and never answers): nothing is left to run after the test.
    await waitFor(() => expect(posts).toBe(2), { timeout: 4000 });
  });

  it('after the last attempt (the failure with "Volver a intentarlo")', async () => {
    await applyAnswered(() => apiFull(120));
    await screen.findByRole('button', { name: 'Volver a intentarlo' });
    await expectNoViolations();
  });
});
