import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, collection } from '../../../../test/api';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';
import { expectToast } from '../../../../test/toasts';

// Lazy routes and a busy machine: give the screens more than the default second to appear.

afterEach(resetRouteApi);

function selected(id: number, student: string, tutor: { id: number; name: string } | null) {
  const [name, surname] = student.split(' ');
  return {
    id,
    attributes: {
      status: 'Seleccionado',
      createdAt: '2026-10-20T10:00:00.000Z',
      student: {
        data: {
          id: 50 + id,
          attributes: {
            primaryKey: 'E0001',
            user: { data: { id: 9, attributes: { name, surname, email: `e${id}@demo.es` } } },
            university: { data: null },
            degree: { data: null },
          },
        },
      },
      project: {
        data: {
          id: 200 + id,
          attributes: { title: 'Huertos urbanos', organization: { data: null } },
        },
      },
      tutorAsigned: {
        data: tutor
          ? {
              id: tutor.id,
              attributes: {
                primaryKey: 'P0001',
                user: {
                  data: {
                    id: 3,
                    attributes: {
                      name: tutor.name.split(' ')[0],
                      surname: tutor.name.split(' ')[1],
                    },
                  },
                },
              },
            }
          : null,
      },
    },
  };
}

const TEACHER_IDS: Record<string, number> = { 'Andrés López': 40, 'Ángela Ruiz': 41 };

const names = (list: string[]) => ({
  data: list.map((name) => ({ id: TEACHER_IDS[name], attributes: { name } })),
  meta: { pagination: { page: 1, pageSize: 10, pageCount: 1, total: list.length } },
});

describe('/projects/asignations', () => {
  it('lists the selected applications and assigns a tutor chosen by name with a PUT', async () => {
    let tutorSaved = false;
    const calls = stubRouteApi('admin', {
      'GET /api/applys?': () =>
        jsonResponse(
          collection([
            selected(1, 'Lucía Martínez', tutorSaved ? { id: 41, name: 'Ángela Ruiz' } : null),
            selected(2, 'Pablo Gómez', { id: 40, name: 'Andrés López' }),
          ]),
        ),
      'GET /api/teachers/names': (url) =>
        jsonResponse(
          names(
            url.searchParams.get('filters[name][$containsi]') === 'ang'
              ? ['Ángela Ruiz']
              : ['Andrés López', 'Ángela Ruiz'],
          ),
        ),
      'PUT /api/applys/1': () => {
        tutorSaved = true;
        return jsonResponse({ data: { id: 1, attributes: {} }, meta: {} });
      },
    });
    renderApp('/projects/asignations');

    const card = (
      await screen.findByRole('heading', { name: /Lucía Martínez/ }, { timeout: 5000 })
    ).closest('li')!;
    const list = calls.find((c) => c.url.pathname === '/api/applys')!;
    expect(list.url.searchParams.get('filters[status][$eq]')).toBe('Seleccionado');
    expect(list.url.searchParams.get('populate[tutorAsigned][populate][user][fields][0]')).toBe(
      'name',
    );
    expect(screen.getByText('2 candidaturas seleccionadas')).toBeTruthy();
    expect(within(card).getByText('Sin asignar')).toBeTruthy();
    const assign = within(card).getByRole('button', { name: 'Asignar tutor' });
    expect((assign as HTMLButtonElement).disabled).toBe(true);

    const input = within(card).getByRole('combobox', { name: 'Tutor de Lucía Martínez' });
    fireEvent.change(input, { target: { value: 'ang' } });
    // After the typing pause, only the matching names are offered.
    await waitFor(() =>
      expect(
        within(card)
          .queryAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Ángela Ruiz']),
    );
    const option = within(card).getByRole('option', { name: 'Ángela Ruiz' });
    expect(
      calls.some(
        (c) =>
          c.url.pathname === '/api/teachers/names' &&
          c.url.searchParams.get('filters[name][$containsi]') === 'ang',
      ),
    ).toBe(true);
    fireEvent.click(option);
    expect((input as HTMLInputElement).value).toBe('Ángela Ruiz');
    expect(within(card).queryByRole('listbox')).toBeNull();

    fireEvent.click(assign);
    await expectToast('Tutor asignado: Ángela Ruiz.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/applys/1');
    expect(put?.body).toEqual({ data: { tutorAsigned: 41 } });
    // The list is read again: the card now shows the tutor and offers "Cambiar tutor".
    expect(await within(card).findByRole('button', { name: 'Cambiar tutor' })).toBeTruthy();
  });

  it('the combobox works from the keyboard', async () => {
    stubRouteApi('admin', {
      'GET /api/applys?': () => jsonResponse(collection([selected(1, 'Lucía Martínez', null)])),
      'GET /api/teachers/names': () => jsonResponse(names(['Andrés López', 'Ángela Ruiz'])),
    });
    renderApp('/projects/asignations');
    const input = await screen.findByRole(
      'combobox',
      { name: 'Tutor de Lucía Martínez' },
      { timeout: 5000 },
    );
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await screen.findByRole('option', { name: 'Andrés López' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() =>
      expect(input.getAttribute('aria-activedescendant')).toBe(
        screen.getByRole('option', { name: 'Ángela Ruiz' }).id,
      ),
    );
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((input as HTMLInputElement).value).toBe('Ángela Ruiz');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('with no selected applications, says so', async () => {
    stubRouteApi('admin', { 'GET /api/applys?': () => jsonResponse(collection([])) });
    renderApp('/projects/asignations');
    expect(
      await screen.findByText(/Todavía no hay estudiantes seleccionados/, {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
