import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, collection, refusal } from '../../../../test/api';
import { resetRouteApi, stubRouteApi, type Answer } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';

// Lazy routes and a busy machine: give the screens more than the default second to appear.

const STUDENT_ID = 31;

afterEach(resetRouteApi);

function apply(
  id: number,
  status: string,
  title: string,
  {
    message = null,
    tutor = null,
    progress = null,
  }: {
    message?: string | null;
    tutor?: [string, string] | null;
    progress?: Record<string, boolean> | null;
  } = {},
) {
  return {
    id,
    attributes: {
      status,
      status_message: message,
      createdAt: '2026-11-03T06:17:12.165Z',
      project: {
        data: {
          id: 100 + id,
          attributes: {
            title,
            type: 'Impacto social',
            locality: 'Murcia',
            organization: { data: { id: 1, attributes: { name: 'Fundación Horizonte' } } },
            progress: { data: progress ? { id: 500 + id, attributes: progress } : null },
          },
        },
      },
      tutorAsigned: {
        data: tutor
          ? {
              id: 4,
              attributes: {
                primaryKey: 'P0001',
                user: { data: { id: 3, attributes: { name: tutor[0], surname: tutor[1] } } },
              },
            }
          : null,
      },
    },
  };
}

/** The student's session plus their profile lookups; `routes` add the section's calls. */
function stubStudent(routes: Record<string, Answer>) {
  return stubRouteApi('student', {
    'GET /api/students?': () =>
      jsonResponse(
        collection([
          {
            id: STUDENT_ID,
            attributes: { province: 'Murcia', university: { data: null }, tfxs: { data: [] } },
          },
        ]),
      ),
    ...routes,
  });
}

describe('/profile?section=applys', () => {
  it('shows the status message and the tutor, and withdraws only after confirming', async () => {
    let withdrawn = false;
    const calls = stubStudent({
      'GET /api/applys': () =>
        jsonResponse(
          collection([
            apply(1, withdrawn ? 'Retirada' : 'En revisión', 'Huertos urbanos', {
              message: 'Estamos revisando tu CV.',
            }),
            apply(2, 'Seleccionado', 'Chatbot de orientación', { tutor: ['Ángela', 'Ruiz'] }),
          ]),
        ),
      'PUT /api/applys/1': () => {
        withdrawn = true;
        return jsonResponse({ data: { id: 1, attributes: { status: 'Retirada' } }, meta: {} });
      },
    });
    renderApp('/profile?section=applys');

    const withdraw = await screen.findByRole(
      'button',
      { name: 'Retirar candidatura a Huertos urbanos' },
      { timeout: 5000 },
    );
    expect(screen.getByText('Estamos revisando tu CV.')).toBeTruthy();
    expect(screen.getByText('Ángela Ruiz')).toBeTruthy();
    const query = calls.find((c) => c.url.pathname === '/api/applys')!.url.searchParams;
    expect(query.get('populate[tutorAsigned][populate][user][fields][0]')).toBe('name');
    expect(query.get('populate[project][populate][progress][fields][0]')).toBe('objectives');
    // A selected application cannot be withdrawn.
    expect(
      screen.queryByRole('button', { name: 'Retirar candidatura a Chatbot de orientación' }),
    ).toBeNull();

    // Cancelling sends nothing.
    fireEvent.click(withdraw);
    let dialog = await screen.findByRole('dialog', { name: '¿Retirar tu candidatura?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(withdraw);
    dialog = await screen.findByRole('dialog', { name: '¿Retirar tu candidatura?' });
    expect(dialog.textContent).toContain('«Huertos urbanos»');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirar candidatura' }));

    expect(
      await screen.findByText('Has retirado tu candidatura a «Huertos urbanos».'),
    ).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/applys/1');
    expect(put.body).toEqual({ data: { status: 'Retirada' } });
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Retirar candidatura a Huertos urbanos' }),
      ).toBeNull(),
    );
  });

  it('a refused withdrawal shows the server’s message in the dialog', async () => {
    stubStudent({
      'GET /api/applys': () => jsonResponse(collection([apply(1, 'Enviada', 'Huertos urbanos')])),
      'PUT /api/applys/1': () => refusal('Esta candidatura ya no se puede retirar'),
    });
    renderApp('/profile?section=applys');
    fireEvent.click(
      await screen.findByRole('button', { name: /Retirar candidatura a/ }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirar candidatura' }));
    expect(await within(dialog).findByText('Esta candidatura ya no se puede retirar')).toBeTruthy();
  });
});

describe('/profile?section=projects', () => {
  it('"Quitar de guardados" disconnects that project from the student’s favourites', async () => {
    let saved = [9, 10];
    const project = (id: number) => ({
      id,
      attributes: {
        title: id === 9 ? 'Mentorías digitales' : 'Huertos urbanos',
        type: null,
        locality: null,
        organization: { data: null },
      },
    });
    const calls = stubStudent({
      'GET /api/students/31': () =>
        jsonResponse({
          data: {
            id: STUDENT_ID,
            attributes: { primaryKey: 'E0001', favorites: { data: saved.map(project) } },
          },
          meta: {},
        }),
      'PUT /api/students/31': () => {
        saved = saved.filter((id) => id !== 9);
        return jsonResponse({ data: { id: STUDENT_ID, attributes: {} }, meta: {} });
      },
    });
    renderApp('/profile?section=projects');

    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Quitar de guardados: Mentorías digitales' },
        { timeout: 5000 },
      ),
    );
    const toasts = screen.getByRole('region', { name: /^Confirmaciones/ });
    await waitFor(() =>
      expect(toasts.textContent).toContain(
        'Has quitado «Mentorías digitales» de tus proyectos guardados.',
      ),
    );
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/students/31');
    expect(put.body).toEqual({ data: { favorites: { disconnect: [9] } } });
    expect(screen.queryByRole('heading', { name: 'Mentorías digitales' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Huertos urbanos' })).toBeTruthy();
    // The button left with its project: the focus stays in the section, on its list.
    await waitFor(() =>
      expect(
        document.activeElement?.contains(screen.getByRole('heading', { name: 'Huertos urbanos' })),
      ).toBe(true),
    );
  });
});

describe('/profile?section=ongoing', () => {
  it('shows the tutor and the progress checklist; a tick sends that milestone', async () => {
    let frame = false;
    const calls = stubStudent({
      'GET /api/applys': () =>
        jsonResponse(
          collection([
            apply(2, 'Seleccionado', 'Chatbot de orientación', {
              tutor: ['Ángela', 'Ruiz'],
              progress: {
                objectives: true,
                frame,
                conclusions: false,
                defense: false,
                final: false,
              },
            }),
          ]),
        ),
      'PUT /api/project-progresses/502': () => {
        frame = true;
        return jsonResponse({ data: { id: 502, attributes: { frame: true } }, meta: {} });
      },
    });
    renderApp('/profile?section=ongoing');

    const group = await screen.findByRole(
      'group',
      { name: 'Avance de «Chatbot de orientación»' },
      { timeout: 5000 },
    );
    expect(screen.getByText('Ángela Ruiz')).toBeTruthy();
    const boxes = within(group).getAllByRole<HTMLInputElement>('checkbox');
    expect(boxes.map((b) => b.labels?.[0]?.textContent?.replace(/^Paso \d: /, ''))).toEqual([
      'Objetivos definidos',
      'Marco teórico',
      'Conclusiones',
      'Defensa',
      'Entrega final',
    ]);
    expect(boxes.map((b) => b.checked)).toEqual([true, false, false, false, false]);
    expect(within(group).getByText('1 de 5 completados')).toBeTruthy();

    fireEvent.click(boxes[1]!);
    expect(boxes[1]!.checked).toBe(true);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/project-progresses/502');
    expect(put.body).toEqual({ data: { frame: true } });
    await waitFor(() => expect(within(group).getByText('2 de 5 completados')).toBeTruthy());
  });

  it('without an assigned tutor or a progress record yet, says so', async () => {
    stubStudent({
      'GET /api/applys': () =>
        jsonResponse(collection([apply(2, 'Seleccionado', 'Chatbot de orientación')])),
    });
    renderApp('/profile?section=ongoing');
    expect(await screen.findByText('pendiente de asignar', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/El seguimiento del avance aparecerá aquí/)).toBeTruthy();
  });
});
