import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, collection } from '../../../../test/api';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';

// Lazy routes and a busy machine: give the screens more than the default second to appear.

afterEach(resetRouteApi);

function apply(id: number, status: string, student: string, project: string) {
  const [name, surname] = student.split(' ');
  return {
    id,
    attributes: {
      status,
      createdAt: '2026-11-03T10:00:00.000Z',
      student: {
        data: {
          id: 50 + id,
          attributes: {
            primaryKey: `E000${id}`,
            user: { data: { id: 80 + id, attributes: { name, surname, email: `e${id}@demo.es` } } },
            university: { data: { id: 2, attributes: { name: 'Universidad de Murcia' } } },
            degree: { data: { id: 3, attributes: { name: 'Grado en Informática' } } },
          },
        },
      },
      project: {
        data: {
          id: 100 + id,
          attributes: {
            title: project,
            organization: { data: { id: 1, attributes: { name: 'Fundación Horizonte' } } },
          },
        },
      },
      tutorAsigned: { data: null },
    },
  };
}

const TWO = [
  apply(1, 'Enviada', 'Lucía Martínez', 'Huertos urbanos'),
  apply(2, 'Seleccionado', 'Pablo Ruiz', 'Chatbot de orientación'),
];

describe('/projects/applys', () => {
  it('lists the applications in a captioned table and sends the URL filters to the API', async () => {
    const calls = stubRouteApi('admin', {
      'GET /api/applys?': () =>
        jsonResponse(collection(TWO, { pageSize: 20, pageCount: 3, total: 45 })),
    });
    renderApp('/projects/applys?status=Enviada&university=Murcia&from=2026-11-01&page=2');

    const table = await screen.findByRole(
      'table',
      { name: /Candidaturas, página 1 de 3/ },
      { timeout: 5000 },
    );
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toContain('Lucía Martínez');
    expect(within(rows[1]!).getByText('Huertos urbanos')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Resultados \(45 candidaturas\)/ })).toBeTruthy();

    const list = calls.find((c) => c.url.pathname === '/api/applys')!;
    expect(list.url.searchParams.get('filters[status][$eq]')).toBe('Enviada');
    expect(list.url.searchParams.get('filters[student][university][name][$containsi]')).toBe(
      'Murcia',
    );
    expect(list.url.searchParams.get('filters[createdAt][$gte]')).toBe(
      new Date(2026, 10, 1).toISOString(),
    );
    expect(list.url.searchParams.get('pagination[page]')).toBe('2');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Estado' }).value).toBe(
      'Enviada',
    );
    // The days are Spanish text fields with a calendar, never the browser's date input.
    const from = screen.getByRole<HTMLInputElement>('textbox', { name: /^Desde/ });
    expect(from.value).toBe('01/11/2026');
    expect(from.placeholder).toBe('dd/mm/aaaa');
    expect(document.querySelector('input[type="date"]')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Abrir calendario' })).toHaveLength(2);
    const pages = screen.getByRole('navigation', { name: 'Páginas de candidaturas' });
    expect(within(pages).getByRole('link', { name: 'Siguiente' }).getAttribute('href')).toBe(
      '/projects/applys?status=Enviada&university=Murcia&from=2026-11-01&page=2',
    );
  });

  it('applying the filters writes them to the URL (page 1) and asks the API again with them', async () => {
    const calls = stubRouteApi('admin', {
      'GET /api/applys?': () => jsonResponse(collection(TWO)),
    });
    const { router } = renderApp('/projects/applys?page=4');
    await screen.findByRole('table');

    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), {
      target: { value: 'Seleccionado' },
    });
    fireEvent.change(screen.getByRole('searchbox', { name: /Organización/ }), {
      target: { value: ' Horizonte ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Hasta/ }), {
      target: { value: '30/11/2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?status=Seleccionado&organization=Horizonte&to=2026-11-30',
      ),
    );
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.pathname === '/api/applys' &&
            c.url.searchParams.get('filters[project][organization][name][$containsi]') ===
              'Horizonte' &&
            c.url.searchParams.get('filters[status][$eq]') === 'Seleccionado' &&
            c.url.searchParams.get('filters[createdAt][$lt]') ===
              new Date(2026, 11, 1).toISOString() &&
            c.url.searchParams.get('pagination[page]') === '1',
        ),
      ).toBe(true),
    );
    expect(document.activeElement?.id).toBe('candidaturas-resultados');

    fireEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a day that does not exist stops the search with "Formato no válido." on its field', async () => {
    stubRouteApi('admin', { 'GET /api/applys?': () => jsonResponse(collection(TWO)) });
    const { router } = renderApp('/projects/applys');
    await screen.findByRole('table');
    const from = screen.getByRole('textbox', { name: /^Desde/ });
    fireEvent.change(from, { target: { value: '31/02/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Formato no válido.');
    expect(document.activeElement).toBe(from);
    expect(router.state.location.search).toBe('');
    fireEvent.change(from, { target: { value: '28/02/2026' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-02-28'));
  });

  it('the calendar of a day filter is Spanish and starts the week on Monday', async () => {
    stubRouteApi('admin', { 'GET /api/applys?': () => jsonResponse(collection(TWO)) });
    renderApp('/projects/applys?to=2026-11-30');
    await screen.findByRole('table');
    fireEvent.click(screen.getAllByRole('button', { name: 'Abrir calendario' })[1]!);
    const grid = await screen.findByRole('grid');
    const weekdays = [...grid.querySelectorAll('th')].map((cell) =>
      cell.getAttribute('aria-label'),
    );
    expect(weekdays[0]).toBe('lunes');
    expect(grid.getAttribute('aria-label')).toMatch(/noviembre 2026/);
  });

  it('with nothing found, says so in Spanish', async () => {
    stubRouteApi('admin', { 'GET /api/applys?': () => jsonResponse(collection([])) });
    renderApp('/projects/applys?project=zzz');
    expect(
      await screen.findByText(
        'No hay candidaturas que cumplan estos filtros. Prueba a quitar alguno.',
      ),
    ).toBeTruthy();
  });

  it('"Exportar CSV" fetches the export with the same filters and the bearer token, then downloads it', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:csv');
    const revoked = vi.fn();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = stubRouteApi('admin', {
      'GET /api/applys?': () => jsonResponse(collection(TWO)),
      'GET /api/applys/export': () =>
        new Response('\uFEFFID;Estudiante\n1;Lucía', {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        }),
    });
    renderApp('/projects/applys?status=Enviada&degree=Inform%C3%A1tica');
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(
      await screen.findByText('Se ha descargado el archivo CSV de las candidaturas.'),
    ).toBeTruthy();

    const exportCall = calls.find((c) => c.url.pathname === '/api/applys/export')!;
    expect(Object.fromEntries(exportCall.url.searchParams)).toEqual({
      'filters[status][$eq]': 'Enviada',
      'filters[student][degree][name][$containsi]': 'Informática',
    });
    expect(exportCall.headers.Authorization).toBe('Bearer token-de-prueba');
    expect(created).toHaveBeenCalledTimes(1);
    expect(await created.mock.calls[0]![0].text()).toContain('Lucía');
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.href).toBe('blob:csv');
    expect(link.download).toMatch(/^candidaturas-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('a signed-in student is told the screen is not for them, and nothing is read', async () => {
    const calls = stubRouteApi('student', {});
    renderApp('/projects/applys');
    expect(await screen.findByRole('heading', { name: 'Sin permiso' })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/applys')).toBe(false);
  });
});
