import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applicationsAnswer,
  impactAnswer,
  jsonResponse,
  overviewAnswer,
  projectsAnswer,
  strapiError,
  studentsAnswer,
  universityNames,
} from '../../../../test/api';
import { resetRouteApi, stubRouteApi, type Answer } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';

/** Every call of the dashboard answered with figures; a test replaces the ones it is about. */
function dashboardApi(routes: Record<string, Answer> = {}) {
  return stubRouteApi('admin', {
    'GET /api/universities/names': () =>
      jsonResponse(universityNames(['Universidad de Murcia', 'Universidad de Valencia'])),
    'GET /api/reports/overview': () =>
      jsonResponse(
        overviewAnswer({
          students: 12_345,
          projects: 420,
          applications: 3_100,
          selections: 280,
          hours: 54_000,
          activeOrganizations: 61,
        }),
      ),
    'GET /api/reports/students': () =>
      jsonResponse(
        studentsAnswer({
          degrees: [
            { degree: { id: 7, name: 'Grado en Enfermería' }, count: 3 },
            { degree: { id: 8, name: '=Grado con fórmula' }, count: 2 },
            { degree: null, count: 1 },
          ],
          stages: { doing: 4, none: 2 },
          goals: { work: 5, study: 1 },
        }),
      ),
    'GET /api/reports/projects': () =>
      jsonResponse(
        projectsAnswer({
          statuses: { Publicada: 8, Pendiente: 2 },
          types: { 'Impacto social': 6, 'TFG/TFM': 4 },
          organizationTypes: { ONG: 5, none: 1 },
          withoutOrganization: 4,
          ods: { 4: 6, 13: 2 },
        }),
      ),
    'GET /api/reports/applications': () =>
      jsonResponse(
        applicationsAnswer([
          { month: '2026-05', applications: 40, selections: 4 },
          { month: '2026-06', applications: 0, selections: 0 },
          { month: '2026-07', applications: 25, selections: 3 },
        ]),
      ),
    'GET /api/reports/impact': () =>
      jsonResponse(
        impactAnswer(
          { hours: 11_700, selections: 7, selectionsWithoutDedication: 1, activeOrganizations: 3 },
          {
            4: { projects: 6, selections: 5, hours: 11_250 },
            13: { projects: 2, selections: 2, hours: 450 },
          },
        ),
      ),
    ...routes,
  });
}

/** The card of a chart, found by its heading. */
async function card(title: string) {
  const heading = await screen.findByRole('heading', { level: 3, name: title });
  return heading.closest('section')!;
}

let downloads: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  // No real object URLs and no download: the blob and the file name are kept instead.
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const href = `blob:informe-${blobs.size}`;
    blobs.set(href, blob as Blob);
    return href;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  });
});
afterEach(() => {
  resetRouteApi();
  vi.restoreAllMocks();
});

describe('/admin/informes', () => {
  it('shows the headline figures and every chart with its numbers as a table, for every university by default', async () => {
    const calls = dashboardApi();
    renderApp('/admin/informes');

    await screen.findByRole('heading', { level: 1, name: 'Informes de impacto' });
    const headline = await screen.findByRole('region', { name: 'Cifras clave' });
    await within(headline).findByText('12.345');
    expect(within(headline).getByText('Horas de trabajo estudiantil')).toBeTruthy();
    expect(within(headline).getByText('54.000')).toBeTruthy();
    expect(screen.getByText('Todas las universidades, desde el principio')).toBeTruthy();

    // Each chart's numbers are in its table (the picture is hidden from screen readers).
    const degrees = await card('Estudiantes por titulación');
    const table = await within(degrees).findByRole('table', { name: 'Estudiantes por titulación' });
    expect(within(table).getByRole('rowheader', { name: 'Grado en Enfermería' })).toBeTruthy();
    expect(
      within(table).getByRole('rowheader', { name: 'Sin titulación del catálogo' }),
    ).toBeTruthy();
    const stages = within(await card('Estudiantes por fase del TFG/TFM')).getByRole('table');
    expect(
      within(stages)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Fase del TFG/TFMEstudiantes',
      'No lo tengo que hacer aún0',
      'Eligiendo el tema0',
      'Haciendo el TFG/M4',
      'Ya he terminado mi TFG/M0',
      'Sin indicar2',
    ]);
    const organizations = within(await card('Proyectos por tipo de organización')).getByRole(
      'table',
    );
    expect(
      within(organizations).getByRole('rowheader', {
        name: 'Sin organización (proyecto del profesorado)',
      }).parentElement!.textContent,
    ).toBe('Sin organización (proyecto del profesorado)4');
    const months = within(await card('Candidaturas y selecciones por mes')).getByRole('table');
    expect(within(months).getAllByRole('row')[2]!.textContent).toBe('junio de 202600');
    const ods = within(await card('Horas de trabajo estudiantil por ODS')).getByRole('table');
    expect(
      within(ods).getByRole('rowheader', { name: 'ODS 4: Educación de calidad' }).parentElement!
        .textContent,
    ).toBe('ODS 4: Educación de calidad6511.250');

    // Every call asked for every university and no period.
    for (const report of ['overview', 'students', 'projects', 'applications', 'impact']) {
      const asked = calls.filter((call) => call.url.pathname === `/api/reports/${report}`);
      expect(asked.map((call) => call.url.search)).toEqual(['']);
    }
  });

  it('"Ver como tabla" shows the table in place of the chart', async () => {
    dashboardApi();
    renderApp('/admin/informes');
    const goals = await card('Estudiantes por objetivo');
    const toggle = await within(goals).findByRole('button', { name: 'Ver como tabla' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(within(goals).getByRole('table').parentElement!.className).toContain('sr-only');
    expect(goals.querySelector('[aria-hidden="true"] svg')).not.toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(within(goals).getByRole('table').parentElement!.className).not.toContain('sr-only');
    expect(goals.querySelector('[aria-hidden="true"] svg')).toBeNull();
  });

  it("downloads a chart's numbers as CSV: BOM, «;», CRLF, every row, formulas defused", async () => {
    dashboardApi();
    renderApp('/admin/informes');
    const degrees = await card('Estudiantes por titulación');
    fireEvent.click(
      await within(degrees).findByRole('button', {
        name: 'Descargar CSV: Estudiantes por titulación',
      }),
    );
    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    expect(download!.name).toMatch(
      /^estudiantes-por-titulacion-todas-las-universidades-desde-el-principio-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = new Uint8Array(await download!.blob.arrayBuffer());
    // The byte-order mark (text() reads past it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await download!.blob.text()).toBe(
      "Titulación;Estudiantes\r\nGrado en Enfermería;3\r\n'=Grado con fórmula;2\r\nSin titulación del catálogo;1\r\n",
    );
  });

  it('the university and the period go in the address and in every call; an end before the start is refused at the field', async () => {
    const calls = dashboardApi();
    const { router } = renderApp('/admin/informes');
    const form = await screen.findByRole('search', { name: 'Elegir universidad y periodo' });
    // The list arrives after the form: the select is drawn again with it.
    await within(form).findByRole('option', { name: 'Universidad de Valencia' });
    const select = within(form).getByRole('combobox', { name: 'Universidad' });
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Desde/ }), {
      target: { value: '30/06/2026' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Hasta/ }), {
      target: { value: '01/01/2026' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Ver cifras' }));
    await within(form).findByText('La fecha «Hasta» no puede ser anterior a «Desde».');
    expect(router.state.location.search).toBe('');

    fireEvent.change(within(form).getByRole('textbox', { name: /Desde/ }), {
      target: { value: '01/01/2026' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Hasta/ }), {
      target: { value: '30/06/2026' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Ver cifras' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?universidad=2&desde=2026-01-01&hasta=2026-06-30'),
    );
    await screen.findByText(
      'Universidad de Valencia, del 1 de enero de 2026 al 30 de junio de 2026',
    );
    for (const report of ['overview', 'students', 'projects', 'applications', 'impact']) {
      await waitFor(() =>
        expect(
          calls
            .filter((call) => call.url.pathname === `/api/reports/${report}`)
            .map((call) => call.url.search),
        ).toContain('?university=2&from=2026-01-01&to=2026-06-30'),
      );
    }

    fireEvent.click(await screen.findByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a link with filters opens with them; what the API would refuse is left out', async () => {
    const calls = dashboardApi();
    renderApp('/admin/informes?universidad=1&desde=2026-02-30&hasta=2026-03-31');
    await screen.findByText('Universidad de Murcia, hasta el 31 de marzo de 2026');
    expect(calls.find((call) => call.url.pathname === '/api/reports/overview')?.url.search).toBe(
      '?university=1&to=2026-03-31',
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Universidad' });
    await waitFor(() => expect(select.value).toBe('1'));
  });

  it('with nothing to count, says so in the headline and in each chart', async () => {
    dashboardApi({
      'GET /api/reports/overview': () => jsonResponse(overviewAnswer()),
      'GET /api/reports/students': () => jsonResponse(studentsAnswer()),
      'GET /api/reports/projects': () => jsonResponse(projectsAnswer()),
      'GET /api/reports/applications': () => jsonResponse(applicationsAnswer()),
      'GET /api/reports/impact': () => jsonResponse(impactAnswer()),
    });
    renderApp('/admin/informes?universidad=2');
    await screen.findByText(/No hay actividad registrada con estos filtros/);
    const degrees = await card('Estudiantes por titulación');
    await within(degrees).findByText('No hay nada que contar con estos filtros.');
    expect(within(degrees).queryByRole('button', { name: 'Ver como tabla' })).toBeNull();
    await within(await card('Candidaturas y selecciones por mes')).findByText(
      'No hay nada que contar con estos filtros.',
    );
  });

  it('shows each part loading, and a part that fails with a way to ask again', async () => {
    let failures = 1;
    const calls = dashboardApi({
      'GET /api/reports/overview': () => new Promise<Response>(() => {}),
      'GET /api/reports/students': () =>
        failures-- > 0
          ? strapiError(400, 'Bad Request')
          : jsonResponse(studentsAnswer({ goals: { work: 2 } })),
    });
    renderApp('/admin/informes');
    await screen.findByText('Cargando las cifras clave...');
    const goals = await card('Estudiantes por objetivo');
    await within(goals).findByText('No se han podido cargar estas cifras.');
    fireEvent.click(within(goals).getByRole('button', { name: 'Reintentar' }));
    await within(goals).findByRole('button', { name: 'Ver como tabla' });
    expect(calls.filter((call) => call.url.pathname === '/api/reports/students')).toHaveLength(2);
    // The other cards were not held up.
    await within(await card('Proyectos por estado')).findByRole('table');
  });

  it('a signed-in user who is not an admin is told the page is not for them, and nothing is asked', async () => {
    const calls = stubRouteApi('coordinator', {});
    renderApp('/admin/informes');
    await screen.findByRole('heading', { level: 1, name: 'Sin permiso' });
    expect(calls.some((call) => call.url.pathname.startsWith('/api/reports'))).toBe(false);
  });
});
