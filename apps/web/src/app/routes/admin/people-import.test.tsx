import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  collection,
  importAnswer,
  importRow,
  jsonResponse,
  refusal,
  strapiError,
  type FakeRequest,
} from '../../../../test/api';
import { importStates, names, peopleImport, studentEntry } from '../../../../test/api/people-admin';
import { resetRouteApi, stubRouteApi, type Answer } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';

afterEach(() => {
  resetRouteApi();
  vi.restoreAllMocks();
});

const MURCIA = { id: 1, name: 'Universidad de Murcia' };

const choices: Record<string, Answer> = {
  'GET /api/universities?': () => jsonResponse(names([MURCIA])),
  'GET /api/degrees?': () => jsonResponse(names([])),
};

/** The preview of a students file as the API's tests show it (people-imports.test.ts). */
const PREVIEW = [
  importRow(2, 'create', 'ana@um.es'),
  importRow(3, 'invalid', 'Fila 3', [
    { row: 3, column: 'Email', message: 'Falta el correo electrónico.' },
    { row: 3, column: 'Nombre', message: 'Falta el nombre.' },
  ]),
  importRow(4, 'invalid', 'luis@um.es', [
    {
      row: 4,
      column: 'Universidad',
      message:
        '«Universidad de Murzia» no está entre las universidades de la plataforma. ¿Querías decir «Universidad de Murcia»?',
    },
  ]),
  importRow(5, 'invalid', 'eva@um.es', [
    { row: 5, column: 'Email', message: 'Ya hay una cuenta de estudiante con este correo.' },
  ]),
];

/** The same file with `mode=skip`: the registered row is no longer a problem. */
const SKIPPING = PREVIEW.map((row) => (row.row === 5 ? importRow(5, 'skip', 'eva@um.es') : row));

const imports = (calls: FakeRequest[], kind = 'students') =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === `/api/imports/${kind}`);

const sentFile = (call: FakeRequest) => (call.body as FormData).get('file') as File;

function previewRoute(kind: 'students' | 'teachers' | 'organizations' = 'students'): Answer {
  return (url) =>
    jsonResponse(
      importAnswer(url.searchParams.get('mode') === 'skip' ? SKIPPING : PREVIEW, { kind }),
    );
}

async function chooseFile(name = 'alumnos.csv', content = 'email;nombre\nana@um.es;Ana') {
  fireEvent.change(await screen.findByLabelText(/^Elegir (otro )?archivo$/), {
    target: { files: [new File([content], name, { type: 'text/csv' })] },
  });
}

describe('/students/load?vista=cargar', () => {
  it('explains the columns, links both templates, and reviews a file: every problem by row, column and message, nothing written', async () => {
    const calls = stubRouteApi('admin', { 'POST /api/imports/students': previewRoute() });
    renderApp('/students/load?vista=cargar');
    expect(await screen.findByRole('heading', { name: 'Cargar desde un archivo' })).toBeTruthy();
    const email = screen.getByText('email').closest('li')!;
    expect(email.textContent).toContain('(obligatoria)');
    expect(screen.getByText('provincia').closest('li')!.textContent).not.toContain('obligatoria');
    expect(
      screen.getByRole('link', { name: 'Descargar la plantilla CSV' }).getAttribute('href'),
    ).toBe('/api/imports/students/template?format=csv');
    expect(
      screen
        .getByRole('link', { name: 'Descargar la plantilla Excel (XLSX)' })
        .getAttribute('href'),
    ).toBe('/api/imports/students/template?format=xlsx');
    const review = screen.getByRole<HTMLButtonElement>('button', { name: 'Revisar archivo' });
    expect(review.disabled).toBe(true);

    await chooseFile();
    expect(screen.getByText('alumnos.csv')).toBeTruthy();
    fireEvent.click(review);

    const heading = await screen.findByRole('heading', { name: 'Revisión de «alumnos.csv»' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const [first] = imports(calls);
    expect(Object.fromEntries(first!.url.searchParams)).toEqual({ dryRun: 'true', mode: 'create' });
    expect(sentFile(first!).name).toBe('alumnos.csv');

    const figures = heading.parentElement!.querySelector('dl')!;
    expect(within(figures).getByText('Filas').nextElementSibling!.textContent).toBe('4');
    expect(within(figures).getByText('Sin problemas').nextElementSibling!.textContent).toBe('1');
    expect(within(figures).getByText('Con errores').nextElementSibling!.textContent).toBe('3');
    expect(screen.getByText('Si lo cargas, se creará 1 estudiante.')).toBeTruthy();

    const problems = screen.getByRole('table', { name: /Problemas del archivo/ });
    const lines = within(problems)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(lines).toEqual([
      ['3', '«Email»', 'Falta el correo electrónico.'],
      ['3', '«Nombre»', 'Falta el nombre.'],
      [
        '4',
        '«Universidad»',
        '«Universidad de Murzia» no está entre las universidades de la plataforma. ¿Querías decir «Universidad de Murcia»?',
      ],
      ['5', '«Email»', 'Ya hay una cuenta de estudiante con este correo.'],
    ]);

    // The rows to be written, on demand.
    expect(screen.queryByRole('table', { name: /Filas que se cargarán/ })).toBeNull();
    const details = screen.getByText('Ver las filas que se cargarán (1 fila)').closest('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const loadable = await screen.findByRole('table', { name: /Filas que se cargarán/ });
    expect(
      within(loadable).getByRole('rowheader', { name: '2' }).closest('tr')!.textContent,
    ).toContain('ana@um.es');
    expect(within(loadable).queryByRole('rowheader', { name: '3' })).toBeNull();

    expect(screen.getByRole('button', { name: 'Cargar 1 fila' })).toBeTruthy();
    expect(imports(calls)).toHaveLength(1);
  });

  it('a change of what to do with registered people, or of file, asks for a new review with it', async () => {
    const calls = stubRouteApi('admin', { 'POST /api/imports/students': previewRoute() });
    renderApp('/students/load?vista=cargar');
    await chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    await screen.findByRole('heading', { name: 'Revisión de «alumnos.csv»' });

    fireEvent.click(
      screen.getByRole('radio', { name: 'Saltar su fila: lo registrado se queda como está' }),
    );
    // The review was of the other choice: it goes, and nothing can be loaded from it.
    expect(screen.queryByRole('heading', { name: 'Revisión de «alumnos.csv»' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cargar \d/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    await screen.findByRole('heading', { name: 'Revisión de «alumnos.csv»' });
    expect(imports(calls)[1]!.url.searchParams.get('mode')).toBe('skip');
    expect(
      screen.getByText('Si lo cargas, se creará 1 estudiante y se saltará 1 fila ya registrada.'),
    ).toBeTruthy();
    expect(within(screen.getByRole('table', { name: /Problemas/ })).queryByText('5')).toBeNull();

    await chooseFile('corregido.xlsx');
    expect(screen.queryByRole('heading', { name: /^Revisión de/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    await screen.findByRole('heading', { name: 'Revisión de «corregido.xlsx»' });
    const third = imports(calls)[2]!;
    expect(third.url.searchParams.get('mode')).toBe('skip');
    expect(sentFile(third).name).toBe('corregido.xlsx');
  });

  it('loads the valid rows after saying how many will not be, follows the job to its result, and the list shows the new people', async () => {
    const states = importStates([
      peopleImport(7, 'students', { status: 'running', total: 4, processed: 2 }),
      peopleImport(7, 'students', {
        status: 'done',
        total: 4,
        processed: 4,
        created: 1,
        failed: 3,
        failures: PREVIEW.slice(1).map(({ row, label, errors }) => ({ row, label, errors })),
        finishedAt: '2026-11-27T10:00:03.000Z',
      }),
    ]);
    const calls = stubRouteApi('admin', {
      ...choices,
      'GET /api/students?': () =>
        jsonResponse(
          collection([studentEntry(5, { name: 'Ana', surname: 'Ruiz', email: 'ana@um.es' })]),
        ),
      'POST /api/imports/students': (url) =>
        url.searchParams.get('dryRun') === 'true'
          ? previewRoute()(url, {})
          : jsonResponse(peopleImport(7, 'students', { total: 4, fileName: 'alumnos.csv' }), 202),
      'GET /api/imports/7': () => jsonResponse(states()),
    });
    const { router } = renderApp('/students/load');
    await screen.findByRole('rowheader', { name: 'Ana Ruiz' });
    const listReads = () =>
      calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/students').length;
    const readsBefore = listReads();
    fireEvent.click(screen.getByRole('link', { name: 'Cargar desde un archivo' }));
    await chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cargar 1 fila' }));

    const dialog = await screen.findByRole('dialog', { name: '¿Cargar 1 fila?' });
    expect(dialog.textContent).toContain('Se creará 1 estudiante.');
    expect(dialog.textContent).toContain(
      'recibirá un correo con un enlace para elegir su contraseña',
    );
    expect(dialog.textContent).toContain('3 filas con errores no se cargarán.');
    expect(imports(calls)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cargar 1 fila' }));

    // The job is followed from its address.
    await waitFor(() => expect(router.state.location.search).toBe('?vista=cargar&carga=7'));
    const started = imports(calls)[1]!;
    expect(Object.fromEntries(started.url.searchParams)).toEqual({ mode: 'create' });
    expect(sentFile(started).name).toBe('alumnos.csv');
    const progressHeading = await screen.findByRole('heading', { name: 'Cargando el archivo' });
    await waitFor(() => expect(document.activeElement).toBe(progressHeading));
    expect(
      screen.getByText('La carga está en cola y empezará enseguida.').getAttribute('role'),
    ).toBe('status');
    const bar = screen.getByRole('progressbar', { name: 'Filas procesadas' });
    expect(bar.getAttribute('aria-valuemax')).toBe('4');
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    await waitFor(() =>
      expect(
        screen.getByRole('progressbar', { name: 'Filas procesadas' }).getAttribute('aria-valuenow'),
      ).toBe('2'),
    );

    const result = await screen.findByRole('heading', { name: 'Resultado de la carga' });
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect(
      screen.getByText(
        'Carga terminada: 1 fila creada, 0 actualizadas, 0 sin cambios y 3 con errores.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Filas creadas').nextElementSibling!.textContent).toBe('1');
    expect(screen.getByText('Filas con errores').nextElementSibling!.textContent).toBe('3');
    const failed = screen.getByRole('table', { name: /Filas que no se han cargado/ });
    expect(within(failed).getAllByRole('row')).toHaveLength(5);
    expect(failed.textContent).toContain('Ya hay una cuenta de estudiante con este correo.');

    // Done: no more reads of the import.
    const polls = calls.filter((c) => c.url.pathname === '/api/imports/7').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls.filter((c) => c.url.pathname === '/api/imports/7')).toHaveLength(polls);

    fireEvent.click(screen.getByRole('link', { name: 'Ver el listado' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByRole('rowheader', { name: 'Ana Ruiz' });
    // The list is read again although the cache never goes stale by itself.
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));
  });

  it("the API's refusal of a file is said in Spanish, and a file that is not CSV or XLSX is refused before anything is sent", async () => {
    let refuse = 'Falta la columna «email». Descarga la plantilla para ver las columnas.';
    const calls = stubRouteApi('admin', {
      'POST /api/imports/students': (url) =>
        url.searchParams.get('dryRun') === 'true' && refuse
          ? refusal(refuse)
          : url.searchParams.get('dryRun') === 'true'
            ? previewRoute()(url, {})
            : refusal(
                'El archivo pesa más de 5 MB: divídelo en varios.',
                413,
                'PayloadTooLargeError',
              ),
    });
    renderApp('/students/load?vista=cargar');
    fireEvent.change(await screen.findByLabelText('Elegir archivo'), {
      target: { files: [new File(['x'], 'alumnos.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Archivo no permitido. Solo se aceptan: csv, xlsx',
    );
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Revisar archivo' }).disabled,
    ).toBe(true);

    await chooseFile('sin-email.csv', 'nombre\nAna');
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se ha podido revisar el archivo: Falta la columna «email». Descarga la plantilla para ver las columnas.',
    );
    expect(screen.queryByRole('heading', { name: /^Revisión de/ })).toBeNull();

    refuse = '';
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cargar 1 fila' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cargar 1 fila?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cargar 1 fila' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se ha podido empezar la carga: El archivo pesa más de 5 MB: divídelo en varios.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(imports(calls).map((c) => c.url.searchParams.get('dryRun'))).toEqual([
      'true',
      'true',
      null,
    ]);
  });

  it('a file with nothing to load offers no load', async () => {
    stubRouteApi('admin', {
      'POST /api/imports/students': () =>
        jsonResponse(importAnswer(PREVIEW.slice(1), { kind: 'students' })),
    });
    renderApp('/students/load?vista=cargar');
    await chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect(
      await screen.findByText(/^No hay ninguna fila que cargar: corrige el archivo/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Cargar \d/ })).toBeNull();
  });
  it('a file with many problems shows the first 200 until asked for all', async () => {
    const many = Array.from({ length: 250 }, (_, index) =>
      importRow(index + 2, 'invalid', `Fila ${index + 2}`, [
        { row: index + 2, column: 'Email', message: 'Falta el correo electrónico.' },
      ]),
    );
    stubRouteApi('admin', {
      'POST /api/imports/students': () => jsonResponse(importAnswer(many, { kind: 'students' })),
    });
    renderApp('/students/load?vista=cargar');
    await chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    const problems = await screen.findByRole('table', { name: /Problemas del archivo/ });
    expect(within(problems).getAllByRole('row')).toHaveLength(201);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar los 250 problemas' }));
    expect(within(problems).getAllByRole('row')).toHaveLength(251);
    expect(document.activeElement).toBe(
      screen.getByRole('region', { name: 'Problemas del archivo' }),
    );
  });
});

describe('following an import from its address', () => {
  it('an organisations import that stopped says why, what was kept and which rows failed', async () => {
    stubRouteApi('admin', {
      'GET /api/imports/9': () =>
        jsonResponse(
          peopleImport(9, 'organizations', {
            status: 'failed',
            fileName: 'empresas.xlsx',
            total: 1200,
            processed: 500,
            created: 499,
            failed: 1,
            failures: [
              {
                row: 7,
                label: 'Acme Agua',
                errors: [
                  { row: 7, column: 'nombre', message: 'Ya hay una organización con este nombre.' },
                ],
              },
            ],
            error: 'La carga no ha podido terminar.',
          }),
        ),
    });
    renderApp('/organizations/load?vista=cargar&carga=9');
    expect(await screen.findByRole('heading', { name: 'La carga no ha terminado' })).toBeTruthy();
    expect(screen.getByText('Archivo «empresas.xlsx»')).toBeTruthy();
    expect(screen.getByText('La carga se ha detenido antes de terminar.')).toBeTruthy();
    expect(
      screen.getByText(/La carga no ha podido terminar\. Lo cargado hasta entonces/),
    ).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Filas procesadas' });
    expect(bar.getAttribute('aria-valuetext')).toBe('500 de 1200 (42 %)');
    const failed = screen.getByRole('table', { name: /Filas que no se han cargado/ });
    expect(within(failed).getByRole('rowheader', { name: '7' }).closest('tr')!.textContent).toBe(
      '7«nombre»Ya hay una organización con este nombre.',
    );
    expect(screen.getByRole('link', { name: 'Ver el listado' }).getAttribute('href')).toBe(
      '/organizations/load',
    );
  });

  it('an import that cannot be read says so and goes back to the form', async () => {
    const calls = stubRouteApi('admin', {
      'GET /api/imports/404': () => strapiError(404, 'Not Found'),
    });
    const { router } = renderApp('/teachers/load?vista=cargar&carga=404');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^No se ha podido consultar la carga: /,
    );
    // A 404 is not asked again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls.filter((c) => c.url.pathname === '/api/imports/404')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cargar otro archivo' }));
    await waitFor(() => expect(router.state.location.search).toBe('?vista=cargar'));
    expect(await screen.findByLabelText('Elegir archivo')).toBeTruthy();
    expect(screen.getByText(/Si un profesor del archivo ya está registrado/)).toBeTruthy();
  });
});
