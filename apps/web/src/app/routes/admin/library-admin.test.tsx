import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  importAnswer,
  importRow,
  jsonResponse,
  refusal,
  reviewTfxEntry,
  reviewTfxesAnswer,
  type FakeRequest,
} from '../../../../test/api';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';
import { expectToast } from '../../../../test/toasts';

afterEach(resetRouteApi);

const puts = (calls: FakeRequest[], path: string) =>
  calls.filter((c) => c.method === 'PUT' && c.url.pathname === path).map((c) => c.body);
const imports = (calls: FakeRequest[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/imports/tfxes');

/** The review lists answered by their review_status filter. */
function reviewApi(extra: Parameters<typeof stubRouteApi>[1] = {}) {
  return stubRouteApi('admin', {
    'GET /api/tfxes?': (url) => {
      const status = url.searchParams.get('filters[review_status][$eq]');
      if (status === 'pending') {
        return jsonResponse(
          reviewTfxesAnswer([
            reviewTfxEntry(1, 'Huertos escolares en Murcia'),
            reviewTfxEntry(2, 'Escaneado sin texto', {
              text_status: 'empty',
              author: { name: 'Pablo', surname: 'Gómez' },
            }),
          ]),
        );
      }
      if (status === 'rejected') {
        return jsonResponse(
          reviewTfxesAnswer([
            reviewTfxEntry(3, 'Trabajo incompleto', {
              review_status: 'rejected',
              rejection_reason: 'Falta el capítulo de conclusiones.',
              updatedAt: '2026-11-22T09:00:00.000Z',
            }),
          ]),
        );
      }
      return jsonResponse(
        reviewTfxesAnswer([
          reviewTfxEntry(4, 'Radio comunitaria', {
            review_status: 'published',
            publishedAt: '2025-03-12T10:00:00.000Z',
          }),
        ]),
      );
    },
    'PUT /api/tfxes/': () => jsonResponse({ data: { id: 1, attributes: {} }, meta: {} }),
    ...extra,
  });
}

describe('/admin/biblioteca review', () => {
  it('opens on the pending works, with author, degree, university, date, PDF and "sin texto indexable"', async () => {
    const calls = reviewApi();
    const { router } = renderApp('/admin/biblioteca');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/biblioteca/pendientes'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Biblioteca' })).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: 'Pendientes de revisión' }).getAttribute('aria-current'),
      ).toBe('page'),
    );
    const first = (
      await screen.findByRole('heading', { level: 3, name: 'Huertos escolares en Murcia' })
    ).closest('li')!;
    expect(first.textContent).toContain('Lucía Martínez');
    expect(first.textContent).toContain('Grado en Magisterio');
    expect(first.textContent).toContain('Universidad de Murcia');
    expect(first.textContent).toContain('junio de 2025');
    expect(first.textContent).toContain('20 de noviembre de 2026');
    expect(within(first).queryByText('sin texto indexable')).toBeNull();
    const second = screen.getByRole('heading', { name: 'Escaneado sin texto' }).closest('li')!;
    expect(within(second).getByText('sin texto indexable')).toBeTruthy();
    expect(screen.getByText('2 trabajos')).toBeTruthy();

    const sent = calls.find((c) => c.url.pathname === '/api/tfxes')!.url.searchParams;
    expect(sent.get('filters[review_status][$eq]')).toBe('pending');
    expect(sent.get('publicationState')).toBe('preview');
    expect(sent.get('populate[file]')).toBe('*');
    expect(sent.get('populate[student][populate][user][fields][0]')).toBe('name');
    expect(sent.get('sort[0]')).toBe('createdAt:asc');
  });

  it('"Publicar" publishes the work (review_status published) and confirms it', async () => {
    const calls = reviewApi();
    renderApp('/admin/biblioteca/pendientes');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Publicar «Huertos escolares en Murcia»' }),
    );
    await expectToast('Has publicado «Huertos escolares en Murcia».');
    expect(puts(calls, '/api/tfxes/1')).toEqual([{ data: { review_status: 'published' } }]);
  });

  it('"Rechazar" asks the reason, refuses an empty one, then sends it', async () => {
    const calls = reviewApi();
    renderApp('/admin/biblioteca/pendientes');
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar «Escaneado sin texto»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar «Escaneado sin texto»' });
    const reason = within(dialog).getByRole('textbox', { name: 'Motivo del rechazo' });
    await waitFor(() => expect(document.activeElement).toBe(reason));

    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar trabajo' }));
    expect(await within(dialog).findByText('Indica el motivo del rechazo')).toBeTruthy();
    expect(puts(calls, '/api/tfxes/2')).toEqual([]);

    fireEvent.change(reason, { target: { value: ' El PDF es una imagen escaneada. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar trabajo' }));
    await expectToast('Has rechazado «Escaneado sin texto». Le hemos enviado el motivo.');
    expect(puts(calls, '/api/tfxes/2')).toEqual([
      {
        data: { review_status: 'rejected', rejection_reason: 'El PDF es una imagen escaneada.' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the rejected works show their reason; the published ones their date', async () => {
    const calls = reviewApi();
    renderApp('/admin/biblioteca/rechazados');
    expect(await screen.findByText('Falta el capítulo de conclusiones.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Publicar/ })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Publicados' }));
    const published = (await screen.findByRole('heading', { name: 'Radio comunitaria' })).closest(
      'li',
    )!;
    expect(published.textContent).toContain('Publicado el: 12 de marzo de 2025');
    const statuses = calls
      .filter((c) => c.url.pathname === '/api/tfxes')
      .map((c) => c.url.searchParams.get('filters[review_status][$eq]'));
    expect(statuses).toEqual(['rejected', 'published']);
  });

  it('"Descargar PDF" fetches the private file with the token and downloads it', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:pdf');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = reviewApi({
      'GET /api/upload/files/501/content': () =>
        new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
    });
    renderApp('/admin/biblioteca/pendientes');
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Descargar el PDF de «Huertos escolares en Murcia»',
      }),
    );
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const download = calls.find((c) => c.url.pathname === '/api/upload/files/501/content')!;
    expect(download.headers.Authorization).toBe('Bearer token-de-prueba');
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('trabajo.pdf');
  });
});

describe('/admin/biblioteca/importar', () => {
  const PREVIEW_ROWS = [
    importRow(2, 'create', 'Huertos urbanos'),
    importRow(3, 'skip', 'Radio comunitaria'),
    importRow(4, 'invalid', 'Sin año', [
      { row: 4, column: 'año', message: 'Falta el año del trabajo.' },
      { row: 4, column: null, message: 'La fila no tiene enlace ni PDF.' },
    ]),
  ];

  it('previews the file (nothing written), re-previews with "update", imports and shows the result', async () => {
    const calls = stubRouteApi('admin', {
      'POST /api/imports/tfxes': (url) => {
        const update = url.searchParams.get('onExisting') === 'update';
        const rows = PREVIEW_ROWS.map((row) =>
          update && row.action === 'skip' ? { ...row, action: 'update' as const } : row,
        );
        return jsonResponse(
          importAnswer(rows, { written: url.searchParams.get('dryRun') !== 'true' }),
        );
      },
    });
    renderApp('/admin/biblioteca/importar');
    const picker = await screen.findByLabelText('Elegir archivo');
    const file = new File(['título;año\nHuertos urbanos;2024'], 'externos.csv', {
      type: 'text/csv',
    });
    fireEvent.change(picker, { target: { files: [file] } });

    const table = await screen.findByRole('table', { name: /Vista previa de la importación/ });
    expect(
      screen.getByText(/3 filas: 1 trabajo nuevo, 0 se actualizarán, 1 ya existe/),
    ).toBeTruthy();
    const invalid = within(table).getByRole('rowheader', { name: '4' }).closest('tr')!;
    expect(invalid.textContent).toContain('Con errores: no se importará');
    expect(invalid.textContent).toContain('Columna «año»: Falta el año del trabajo.');
    expect(invalid.textContent).toContain('La fila no tiene enlace ni PDF.');
    const [first] = imports(calls);
    expect(Object.fromEntries(first!.url.searchParams)).toEqual({
      dryRun: 'true',
      onExisting: 'skip',
    });
    expect(first!.body).toBeInstanceOf(FormData);
    expect(((first!.body as FormData).get('file') as File).name).toBe('externos.csv');

    fireEvent.click(screen.getByRole('radio', { name: 'Actualizarlos con los datos del archivo' }));
    expect(await screen.findByText(/1 se actualizará/)).toBeTruthy();
    expect(imports(calls)[1]!.url.searchParams.get('onExisting')).toBe('update');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Mostrar solo las filas con problemas' }));
    const problems = screen.getByRole('table', { name: /Vista previa de la importación/ });
    expect(within(problems).queryByRole('rowheader', { name: '2' })).toBeNull();
    expect(within(problems).getByRole('rowheader', { name: '4' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Importar 2 trabajos' }));
    await expectToast('Importación terminada: 1 trabajo creado y 1 actualizado.');
    expect(await screen.findByRole('table', { name: /Resultado de la importación/ })).toBeTruthy();
    expect(screen.getByText(/1 trabajo creado, 1 actualizado/)).toBeTruthy();
    const last = imports(calls)[2]!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ onExisting: 'update' });
    expect(((last.body as FormData).get('file') as File).name).toBe('externos.csv');
  });

  it('a file that is not CSV or XLSX is refused in Spanish before anything is sent', async () => {
    const calls = stubRouteApi('admin', {});
    renderApp('/admin/biblioteca/importar');
    fireEvent.change(await screen.findByLabelText('Elegir archivo'), {
      target: { files: [new File(['x'], 'trabajos.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Archivo no permitido. Solo se aceptan: csv, xlsx',
    );
    expect(imports(calls)).toEqual([]);
  });

  it("the API's refusal of the file is said in Spanish, and nothing can be imported", async () => {
    stubRouteApi('admin', {
      'POST /api/imports/tfxes': () => refusal('El archivo no tiene la columna «título».'),
    });
    renderApp('/admin/biblioteca/importar');
    fireEvent.change(await screen.findByLabelText('Elegir archivo'), {
      target: { files: [new File(['a;b'], 'externos.xlsx')] },
    });
    expect(
      await screen.findByText(
        'No se ha podido leer el archivo: El archivo no tiene la columna «título».',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Importar \d/ })).toBeNull();
  });

  it('a file whose rows all have errors cannot be imported', async () => {
    stubRouteApi('admin', {
      'POST /api/imports/tfxes': () => jsonResponse(importAnswer([PREVIEW_ROWS[2]!])),
    });
    renderApp('/admin/biblioteca/importar');
    fireEvent.change(await screen.findByLabelText('Elegir archivo'), {
      target: { files: [new File(['a'], 'externos.csv')] },
    });
    expect(
      await screen.findByText(
        'No hay ninguna fila que importar: corrige el archivo y vuelve a elegirlo.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Importar 0 trabajos' }).disabled,
    ).toBe(true);
  });

  it('"Descargar la plantilla" downloads the CSV template', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:csv');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = stubRouteApi('admin', {
      'GET /api/imports/tfxes/template': () =>
        new Response('título;resumen\n', { headers: { 'content-type': 'text/csv' } }),
    });
    renderApp('/admin/biblioteca/importar');
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar la plantilla (CSV)' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(calls.some((c) => c.url.pathname === '/api/imports/tfxes/template')).toBe(true);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'plantilla-trabajos-externos.csv',
    );
  });

  it('a signed-in teacher is told the screen is not for them', async () => {
    stubRouteApi('teacher', {});
    renderApp('/admin/biblioteca/importar');
    expect(await screen.findByRole('heading', { name: 'Sin permiso' })).toBeTruthy();
  });
});
