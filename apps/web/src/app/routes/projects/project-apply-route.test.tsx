import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/api';
import {
  account,
  collection,
  projectAnswer,
  STUDENT_ID,
  stubCatalogueApi,
  type Answer,
} from '../../../../test/api/catalogue';
import { renderApp } from '../../../../test/render-app';
import { WELCOME_SHOWN_COOKIE } from '../../../features/welcome/utils/welcome-storage';
import { clearSession } from '../../../lib/session-tokens';

// The whole app renders (layout, header, session): give slow shared machines time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  clearSession();
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
  localStorage.clear();
});

/** A promise whose answer the test gives when it chooses (a slow upload). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const STORED_CV = [
  { id: 77, name: 'cv-lucia.pdf', size: 2048.4, url: '/api/upload/files/77/content' },
];

function stubApply(routes: Record<string, Answer> = {}) {
  return stubCatalogueApi(
    {
      'GET /api/projects/5': () => jsonResponse(projectAnswer(5)),
      'GET /api/applys?': () => jsonResponse(collection([])),
      'GET /api/calls': () => jsonResponse(collection([])),
      [`GET /api/students/${STUDENT_ID}?`]: () =>
        jsonResponse({ data: { id: STUDENT_ID, attributes: {} }, meta: {} }),
      ...routes,
    },
    { user: account('student') },
  );
}

/** The hidden file input behind the Spanish "Elegir archivo" button (or the native one). */
function chooseCv(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const pdf = (name = 'cv-lucia.pdf') =>
  new File(['%PDF-1.4 currículum'], name, { type: 'application/pdf' });

describe('/projects/:id/inscripcion while the CV uploads', () => {
  it('keeps every answer typed during the upload once the upload finishes', async () => {
    const upload = deferred<Response>();
    const calls = stubApply({ 'POST /api/upload': () => upload.promise });
    renderApp('/projects/5/inscripcion');
    await screen.findByRole('button', { name: 'Enviar candidatura' });

    chooseCv(pdf());
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/upload')).toBe(true));
    fireEvent.change(screen.getByRole('textbox', { name: /Qué te interesa/ }), {
      target: { value: 'Trabajar con los colegios del barrio' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Disponibilidad/ }), {
      target: { value: 'Tardes de lunes a jueves' },
    });

    upload.resolve(jsonResponse(STORED_CV, 201));
    expect(await screen.findByText(/cv-lucia\.pdf \(2048,4 KB\)/)).toBeTruthy();
    expect(
      screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Qué te interesa/ }).value,
    ).toBe('Trabajar con los colegios del barrio');
    expect(
      screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^Disponibilidad/ }).value,
    ).toBe('Tardes de lunes a jueves');
  });
});
