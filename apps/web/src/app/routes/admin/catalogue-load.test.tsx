import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { collection, jsonResponse, refusal, type FakeRequest } from '../../../../test/api';
import {
  catalogueLoadAnswer,
  catalogueRow,
  namesList,
  universityEntry,
} from '../../../../test/api/catalogue-admin';
import { resetRouteApi, stubRouteApi, type Answer } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';

afterEach(resetRouteApi);

const MURCIA = { id: 1, name: 'Universidad de Murcia' };

const universities: Answer = (url) =>
  jsonResponse(
    url.searchParams.has('populate[centers][count]')
      ? collection([universityEntry(MURCIA.id, MURCIA.name, 2)])
      : namesList([MURCIA]),
  );

/** The preview of a catalogue file as the API's tests show it (catalogue-imports.test.ts). */
const ROWS = [
  catalogueRow(2, 'create', 'Universidad de Murcia › Facultad de Educación › Grado en Magisterio'),
  catalogueRow(3, 'create', 'Universidad de Murcia › Campus de Lorca › Grado en Enfermería'),
  catalogueRow(4, 'create', 'Universidad de Murcia › Facultad de Infromática', {
    warnings: [
      {
        row: 4,
        column: 'campus',
        message:
          '«Facultad de Infromática» no es un campus de «Universidad de Murcia»: se creará como nuevo. ¿Querías decir «Facultad de Informática»?',
      },
    ],
  }),
  catalogueRow(5, 'invalid', 'Universidad de Murcia › Facultad de Educación › Grado en Historia', {
    errors: [
      {
        row: 5,
        column: 'duracion',
        message: '«cuatro» no es una duración: escribe los años con un número, de 1 a 6.',
      },
    ],
  }),
  catalogueRow(
    6,
    'invalid',
    'Universidad de Murcia › Facultad de Educación › Grado en Magisterio',
    {
      errors: [{ row: 6, column: 'grado', message: 'Esta fila repite la fila 2.' }],
    },
  ),
  catalogueRow(7, 'skip', 'Universidad de Murcia'),
];
const ENTRIES = { campuses: 2, degrees: 1, degreesLinked: 1 };

const loads = (calls: FakeRequest[], kind = 'catalogue') =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === `/api/imports/${kind}`);
const sentFile = (call: FakeRequest) => (call.body as FormData).get('file') as File;

function loadRoute(rows = ROWS): Answer {
  return (url) =>
    jsonResponse(
      catalogueLoadAnswer(rows, ENTRIES, { written: url.searchParams.get('dryRun') !== 'true' }),
    );
}

async function chooseFile(name = 'catalogo.csv', content = 'universidad;campus\nMurcia;Lorca') {
  fireEvent.change(await screen.findByLabelText(/^Elegir (otro )?archivo$/), {
    target: { files: [new File([content], name, { type: 'text/csv' })] },
  });
}

const lines = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('/campus/load', () => {
  it('is reached from "Facultades y Grados"; reviews a file with its errors and warnings; loads it after a confirmation; and the catalogue is read again', async () => {
    const calls = stubRouteApi('admin', {
      'GET /api/universities?': universities,
      'POST /api/imports/catalogue': loadRoute(),
    });
    const { router } = renderApp('/campus');
    await screen.findByRole('link', { name: MURCIA.name });
    const listReads = () =>
      calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/universities').length;
    const readsBefore = listReads();
    fireEvent.click(screen.getByRole('link', { name: 'Cargar desde un archivo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campus/load'));

    expect(
      await screen.findByRole('heading', { name: 'Cargar el catálogo desde un archivo' }),
    ).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Universidades, campus y grados' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByText('universidad').closest('li')!.textContent).toContain('(obligatoria)');
    expect(screen.getByText('duracion').closest('li')!.textContent).not.toContain('obligatoria');
    expect(
      screen.getByRole('link', { name: 'Descargar la plantilla CSV' }).getAttribute('href'),
    ).toBe('/api/imports/catalogue/template?format=csv');
    expect(
      screen
        .getByRole('link', { name: 'Descargar la plantilla Excel (XLSX)' })
        .getAttribute('href'),
    ).toBe('/api/imports/catalogue/template?format=xlsx');
    const review = screen.getByRole<HTMLButtonElement>('button', { name: 'Revisar archivo' });
    expect(review.disabled).toBe(true);

    await chooseFile();
    fireEvent.click(review);
    const heading = await screen.findByRole('heading', { name: 'Revisión de «catalogo.csv»' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const [first] = loads(calls);
    expect(Object.fromEntries(first!.url.searchParams)).toEqual({ dryRun: 'true' });
    expect(sentFile(first!).name).toBe('catalogo.csv');

    const figures = heading.parentElement!.querySelector('dl')!;
    const figure = (term: string) =>
      within(figures).getByText(term).nextElementSibling!.textContent;
    expect([
      figure('Filas'),
      figure('Sin problemas'),
      figure('Con avisos'),
      figure('Con errores'),
    ]).toEqual(['6', '4', '1', '2']);
    expect(
      screen.getByText(
        'Si lo cargas, se crearán 2 campus y 1 grado; 1 grado que ya existía se impartirá también en otro campus.',
      ),
    ).toBeTruthy();
    expect(lines(screen.getByRole('table', { name: /Errores del archivo/ }))).toEqual([
      ['5', '«duracion»', '«cuatro» no es una duración: escribe los años con un número, de 1 a 6.'],
      ['6', '«grado»', 'Esta fila repite la fila 2.'],
    ]);
    const warnings = screen.getByRole('table', { name: /Avisos del archivo/ });
    expect(within(warnings).getByRole('columnheader', { name: 'Aviso' })).toBeTruthy();
    expect(lines(warnings)).toEqual([
      [
        '4',
        '«campus»',
        '«Facultad de Infromática» no es un campus de «Universidad de Murcia»: se creará como nuevo. ¿Querías decir «Facultad de Informática»?',
      ],
    ]);

    // The rows to be written, on demand, the warning beside its row.
    const details = screen.getByText('Ver las filas que se cargarán (4 filas)').closest('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const loadable = await screen.findByRole('table', { name: /Filas que se cargarán/ });
    const warned = within(loadable).getByRole('rowheader', { name: '4' }).closest('tr')!;
    expect(warned.textContent).toContain('Se creará');
    expect(warned.textContent).toContain('Aviso. Columna «campus»:');
    expect(within(loadable).queryByRole('rowheader', { name: '5' })).toBeNull();
    expect(
      within(loadable).getByRole('rowheader', { name: '7' }).closest('tr')!.textContent,
    ).toContain('Ya existe: se deja como está');

    fireEvent.click(screen.getByRole('button', { name: 'Cargar 3 filas' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cargar 3 filas?' });
    expect(dialog.textContent).toContain(
      'Se crearán 2 campus y 1 grado; 1 grado que ya existía se impartirá también en otro campus. 1 fila con avisos se cargará tal cual. 2 filas con errores no se cargarán.',
    );
    expect(loads(calls)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cargar 3 filas' }));

    const result = await screen.findByRole('heading', { name: 'Resultado de la carga' });
    await waitFor(() => expect(document.activeElement).toBe(result));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const written = loads(calls)[1]!;
    expect(written.url.search).toBe('');
    expect(sentFile(written).name).toBe('catalogo.csv');
    expect(screen.getByText('Archivo «catalogo.csv»')).toBeTruthy();
    expect(
      screen
        .getByText(
          'Se han creado 2 campus y 1 grado; 1 grado que ya existía se imparte ahora también en otro campus.',
        )
        .getAttribute('role'),
    ).toBe('status');
    expect(screen.getByText('Campus nuevos').nextElementSibling!.textContent).toBe('2');
    expect(screen.getByText('Grados en otro campus').nextElementSibling!.textContent).toBe('1');
    expect(
      screen.getByRole('heading', { name: 'Filas que no se han cargado (2 filas)' }),
    ).toBeTruthy();
    expect(
      lines(screen.getByRole('table', { name: /Filas que no se han cargado/ })).map((l) => l[0]),
    ).toEqual(['5', '6']);

    fireEvent.click(screen.getByRole('link', { name: 'Ver Facultades y Grados' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campus'));
    await screen.findByRole('link', { name: MURCIA.name });
    // Read again although the cache never goes stale by itself.
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));
  });

  it('study areas have their own tab, columns, templates and route', async () => {
    const calls = stubRouteApi('admin', {
      'POST /api/imports/study-areas': () =>
        jsonResponse(
          catalogueLoadAnswer(
            [
              catalogueRow(2, 'create', 'Humanidades › Historia del Arte'),
              catalogueRow(3, 'skip', 'Humanidades'),
            ],
            { studySubareas: 1 },
            { kind: 'study-areas' },
          ),
        ),
    });
    const { router } = renderApp('/campus/load');
    fireEvent.click(await screen.findByRole('link', { name: 'Áreas de estudio' }));
    await waitFor(() => expect(router.state.location.search).toBe('?que=areas'));
    expect(
      screen.getByRole('link', { name: 'Áreas de estudio' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByText('area').closest('li')!.textContent).toContain('(obligatoria)');
    expect(screen.getByText('subarea')).toBeTruthy();
    expect(screen.queryByText('universidad')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Descargar la plantilla CSV' }).getAttribute('href'),
    ).toBe('/api/imports/study-areas/template?format=csv');
    await chooseFile('areas.xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect(await screen.findByText('Si lo cargas, se creará 1 subárea.')).toBeTruthy();
    expect(screen.getByText('Ninguna fila tiene errores.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: /Avisos/ })).toBeNull();
    expect(loads(calls, 'study-areas')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cargar 1 fila' })).toBeTruthy();
  });

  it("the API's refusal of a file is said in Spanish, a file that is not CSV or XLSX is refused before anything is sent, and a failed load says why", async () => {
    let refuse = 'Falta la columna «universidad». Descarga la plantilla para ver las columnas.';
    const calls = stubRouteApi('admin', {
      'POST /api/imports/catalogue': (url, init) =>
        url.searchParams.get('dryRun') !== 'true'
          ? refusal('El archivo pesa más de 5 MB: divídelo en varios.', 413, 'PayloadTooLargeError')
          : refuse
            ? refusal(refuse)
            : loadRoute()(url, init),
    });
    renderApp('/campus/load');
    fireEvent.change(await screen.findByLabelText('Elegir archivo'), {
      target: { files: [new File(['x'], 'catalogo.ods', { type: 'application/octet-stream' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Archivo no permitido. Solo se aceptan: csv, xlsx',
    );
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Revisar archivo' }).disabled,
    ).toBe(true);

    await chooseFile('sin-universidad.csv', 'campus\nLorca');
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se ha podido revisar el archivo: Falta la columna «universidad». Descarga la plantilla para ver las columnas.',
    );
    expect(screen.queryByRole('heading', { name: /^Revisión de/ })).toBeNull();

    refuse = '';
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cargar 3 filas' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cargar 3 filas?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cargar 3 filas' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se ha podido cargar el archivo: El archivo pesa más de 5 MB: divídelo en varios.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Resultado de la carga' })).toBeNull();
    expect(loads(calls).map((c) => c.url.searchParams.get('dryRun'))).toEqual([
      'true',
      'true',
      null,
    ]);
  });

  it('a file whose every row is already in the catalogue, or wrong, offers no load', async () => {
    stubRouteApi('admin', {
      'POST /api/imports/catalogue': () =>
        jsonResponse(
          catalogueLoadAnswer([catalogueRow(2, 'skip', 'Universidad de Murcia'), ROWS[4]!]),
        ),
    });
    renderApp('/campus/load');
    await chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect(
      await screen.findByText(
        'No hay nada nuevo: todo lo que el archivo dice ya está en el catálogo.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(/^No hay nada nuevo que cargar: todo lo que el archivo dice/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Cargar \d/ })).toBeNull();
  });

  it('an empty catalogue offers the load from a file', async () => {
    stubRouteApi('admin', {
      'GET /api/universities?': () => jsonResponse(collection([])),
    });
    renderApp('/campus');
    expect(
      await screen.findByText(
        'Todavía no hay universidades en el catálogo. Cárgalas desde un archivo, con sus campus y grados.',
      ),
    ).toBeTruthy();
    expect(
      screen
        .getAllByRole('link', { name: 'Cargar desde un archivo' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/campus/load', '/campus/load']);
  });
});
