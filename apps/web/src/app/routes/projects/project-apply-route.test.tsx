import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFull, jsonResponse } from '../../../../test/api';
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
    expect(await screen.findByText(/cv-lucia\.pdf \(2000,4 KB\)/)).toBeTruthy();
    expect(
      screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Qué te interesa/ }).value,
    ).toBe('Trabajar con los colegios del barrio');
    expect(
      screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^Disponibilidad/ }).value,
    ).toBe('Tardes de lunes a jueves');
  });
});

/** A call as `GET /api/calls` answers it with its degrees, their campuses and universities. */
function callEntry(
  id: number,
  degrees: [number, string, string][],
  { name = 'Convocatoria TFG 2026-2027', description = null as string | null } = {},
) {
  return {
    id,
    attributes: {
      name,
      requires_dni: false,
      academic_period_start: '2026-09-01',
      academic_period_end: '2027-07-31',
      description,
      degrees: {
        data: degrees.map(([degreeId, degreeName, university]) => ({
          id: degreeId,
          attributes: {
            name: degreeName,
            campuses: {
              data: [
                {
                  id: degreeId * 10,
                  attributes: {
                    name: 'Facultad',
                    university: { data: { id: 1, attributes: { name: university } } },
                  },
                },
              ],
            },
          },
        })),
      },
    },
  };
}

describe('/projects/:id/inscripcion calls', () => {
  const OWN = callEntry(12, [[3, 'Grado en Educación Primaria', 'Universidad de Murcia']], {
    description: 'Proyectos de TFG del curso 2026-2027 para la Facultad de Educación.',
  });
  const OTHERS = [
    callEntry(11, [[7, 'Grado en Psicología', 'Universidad de Murcia']]),
    callEntry(13, [[8, 'Grado en Psicología', 'Universidad Complutense de Madrid']]),
  ];

  it("labels each call with its degrees, university and period, and offers the student's degree first", async () => {
    const calls = stubApply({
      [`GET /api/students/${STUDENT_ID}?`]: () =>
        jsonResponse({
          data: {
            id: STUDENT_ID,
            attributes: {
              degree: { data: { id: 3, attributes: { name: 'Grado en Educación Primaria' } } },
            },
          },
          meta: {},
        }),
      'GET /api/calls?': ({ searchParams }) =>
        jsonResponse(
          collection(
            searchParams.get('filters[degrees][id][$eq]') === '3' ? [OWN] : [...OTHERS, OWN],
          ),
        ),
    });
    renderApp('/projects/5/inscripcion');
    const select = await screen.findByRole('combobox', { name: /Convocatoria/ });

    const groups = [...select.querySelectorAll('optgroup')].map((group) => [
      group.label,
      [...group.querySelectorAll('option')].map((option) => option.textContent),
    ]);
    expect(groups).toEqual([
      [
        'De tu titulación',
        [
          'Convocatoria TFG 2026-2027: Grado en Educación Primaria (Universidad de Murcia), del 01/09/2026 al 31/07/2027',
        ],
      ],
      [
        'Otras convocatorias',
        [
          'Convocatoria TFG 2026-2027: Grado en Psicología (Universidad Complutense de Madrid), del 01/09/2026 al 31/07/2027',
          'Convocatoria TFG 2026-2027: Grado en Psicología (Universidad de Murcia), del 01/09/2026 al 31/07/2027',
        ],
      ],
    ]);
    // Every label is different: no two calls look the same.
    const labels = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(new Set(labels).size).toBe(labels.length);

    // The calls come with their degrees through populate, only the open ones.
    const list = calls.find(
      (c) =>
        c.url.pathname === '/api/calls' && !c.url.searchParams.has('filters[degrees][id][$eq]'),
    );
    expect(
      list?.url.searchParams.get(
        'populate[degrees][populate][campuses][populate][university][fields][0]',
      ),
    ).toBe('name');
    expect(list?.url.searchParams.get('filters[$or][1][academic_period_end][$null]')).toBe('true');

    // The chosen call is shown in full under the select, read with it.
    fireEvent.change(select, { target: { value: '12' } });
    const chosen = await screen.findByText(/Proyectos de TFG del curso 2026-2027/);
    expect(select.getAttribute('aria-describedby')).toContain(chosen.closest('p')!.id);
  });

  it('a student without a degree gets one list without groups', async () => {
    stubApply({ 'GET /api/calls?': () => jsonResponse(collection(OTHERS)) });
    renderApp('/projects/5/inscripcion');
    const select = await screen.findByRole('combobox', { name: /Convocatoria/ });
    expect(select.querySelectorAll('optgroup')).toHaveLength(0);
    expect(within(select).getAllByRole('option')).toHaveLength(3);
  });
});

describe('/projects/:id/inscripcion when the API is full (ADR 0070)', () => {
  const ANSWERS: [RegExp, string][] = [
    [/Qué te interesa/, 'Trabajar con los colegios del barrio'],
    [/Qué te motiva/, 'Aprender haciendo'],
    [/buen candidato/, 'He sido monitora de tiempo libre'],
    [/^Disponibilidad/, 'Tardes de lunes a jueves'],
  ];

  function fillAnswers() {
    fireEvent.click(screen.getByRole('radio', { name: 'Indicar un enlace' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Enlace a tu CV' }), {
      target: { value: 'https://cv.example.org/lucia.pdf' },
    });
    for (const [name, value] of ANSWERS) {
      fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
    }
  }

  const keysSent = (calls: { method: string; url: URL; headers: Record<string, string> }[]) =>
    calls
      .filter((call) => call.method === 'POST' && call.url.pathname === '/api/applys')
      .map((call) => call.headers['Idempotency-Key']);

  it('a first 503 then 201: says it is trying again, then the application is sent, both with one key', async () => {
    const second = deferred<Response>();
    let posts = 0;
    const calls = stubApply({
      'POST /api/applys': () => (++posts === 1 ? apiFull(1) : second.promise),
    });
    const { router } = renderApp('/projects/5/inscripcion');
    await screen.findByRole('button', { name: 'Enviar candidatura' });
    fillAnswers();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar candidatura' }));

    // Said politely beside the button, for as long as it tries again; the form stays as it is.
    const status = await screen.findByText('Hay mucha gente ahora mismo, lo intentamos de nuevo…');
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(posts).toBe(2), { timeout: 4000 });
    expect(screen.getByText('Hay mucha gente ahora mismo, lo intentamos de nuevo…')).toBeTruthy();

    second.resolve(jsonResponse({ data: { id: 71, attributes: {} }, meta: {} }, 201));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/5'));
    const toasts = screen.getByRole('region', { name: /^Confirmaciones/ });
    await waitFor(() => expect(toasts.textContent).toContain('¡Candidatura enviada!'));

    const [first, again] = keysSent(calls);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toBe(first);
  });

  it('after the last attempt, the answers are kept, the failure says so, and trying again reuses the key until the form changes', async () => {
    let answer = () => apiFull(120); // a wait longer than the web waits: the last attempt at once
    const calls = stubApply({ 'POST /api/applys': () => answer() });
    const { router } = renderApp('/projects/5/inscripcion');
    await screen.findByRole('button', { name: 'Enviar candidatura' });
    fillAnswers();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar candidatura' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Hay mucha gente ahora mismo y no se ha podido enviar. Lo que has escrito sigue aquí',
    );
    for (const [name, value] of ANSWERS) {
      expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name }).value).toBe(value);
    }
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Enlace a tu CV' }).value).toBe(
      'https://cv.example.org/lucia.pdf',
    );

    // "Volver a intentarlo" sends the same application: the same key.
    fireEvent.click(within(alert).getByRole('button', { name: 'Volver a intentarlo' }));
    await waitFor(() => expect(keysSent(calls)).toHaveLength(2));
    await screen.findByRole('alert');
    const [first, again] = keysSent(calls);
    expect(again).toBe(first);

    // A changed form is another application: a new key.
    answer = () => jsonResponse({ data: { id: 71, attributes: {} }, meta: {} }, 201);
    fireEvent.change(screen.getByRole('textbox', { name: /^Disponibilidad/ }), {
      target: { value: 'Mañanas de viernes' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar candidatura' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/5'));
    const keys = keysSent(calls);
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(first);
  });
});
