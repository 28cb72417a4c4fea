import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CATALOGUE_MESSAGES } from '@plataforma/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  collection,
  jsonResponse,
  refusal,
  strapiError,
  type FakeRequest,
} from '../../../../test/api';
import {
  callEntry,
  callUsage,
  campusEntry,
  campusUsage,
  degreeEntry,
  degreeUsage,
  namesList,
  universityEntry,
} from '../../../../test/api/catalogue-admin';
import { resetRouteApi, stubRouteApi, type Answer } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';
import { expectToast } from '../../../../test/toasts';

afterEach(resetRouteApi);

const MURCIA = { id: 1, name: 'Universidad de Murcia' };
const CARTAGENA = { id: 2, name: 'Universidad Politécnica de Cartagena' };
const EDUCACION = { id: 7, name: 'Facultad de Educación' };
const PSICOLOGIA = { id: 8, name: 'Facultad de Psicología' };
const PRIMARIA = { id: 30, name: 'Grado en Educación Primaria' };
const INFANTIL = { id: 31, name: 'Grado en Educación Infantil' };

const written = (calls: FakeRequest[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.pathname === path).map((c) => c.body);
const sent = (calls: FakeRequest[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === path).map((c) => c.url.searchParams);

/** The universities: the list (with its campus counts) or a form's choices (names only). */
const universities: Answer = (url) =>
  jsonResponse(
    url.searchParams.has('populate[centers][count]')
      ? collection([
          universityEntry(MURCIA.id, MURCIA.name, 2),
          universityEntry(CARTAGENA.id, CARTAGENA.name, 0),
        ])
      : namesList([MURCIA, CARTAGENA]),
  );

/** Everything the screen reads about Murcia's Facultad de Educación. */
function educacionRoutes(extra: Record<string, Answer> = {}): Record<string, Answer> {
  return {
    'GET /api/universities?': universities,
    'GET /api/universities/1?': () =>
      jsonResponse({ data: { id: 1, attributes: { name: MURCIA.name } }, meta: {} }),
    'GET /api/campuses?': (url) =>
      jsonResponse(
        url.searchParams.has('populate[degrees][count]')
          ? collection([
              campusEntry(EDUCACION.id, EDUCACION.name, { university: MURCIA, degreeCount: 2 }),
              campusEntry(PSICOLOGIA.id, PSICOLOGIA.name, { university: MURCIA, degreeCount: 0 }),
            ])
          : namesList([EDUCACION, PSICOLOGIA]),
      ),
    'GET /api/campuses/7?': () =>
      jsonResponse({
        data: campusEntry(EDUCACION.id, EDUCACION.name, { university: MURCIA, degreeCount: 2 }),
        meta: {},
      }),
    'GET /api/degrees?': (url) =>
      jsonResponse(
        url.searchParams.has('populate[calls][sort][0]')
          ? collection([
              degreeEntry(INFANTIL.id, INFANTIL.name, { campuses: [EDUCACION] }),
              degreeEntry(PRIMARIA.id, PRIMARIA.name, {
                campuses: [EDUCACION, { id: 9, name: 'Campus de Lorca' }],
                calls: [
                  callEntry(50, 'Convocatoria TFG 2026-2027', {
                    description: 'Trabajos de fin de grado del curso.',
                    degrees: [PRIMARIA, INFANTIL],
                  }),
                ],
              }),
            ])
          : namesList([INFANTIL, PRIMARIA]),
      ),
    ...extra,
  };
}

describe('/campus, browsing', () => {
  it('lists the universities with their campuses, searches them, and says when none matches', async () => {
    const calls = stubRouteApi('admin', {
      'GET /api/universities?': (url) =>
        jsonResponse(
          url.searchParams.get('filters[name][$containsi]') === 'zaragoza'
            ? collection([])
            : collection([
                universityEntry(MURCIA.id, MURCIA.name, 2),
                universityEntry(CARTAGENA.id, CARTAGENA.name, 1),
              ]),
        ),
    });
    const { router } = renderApp('/campus');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Facultades y Grados' }),
    ).toBeTruthy();
    const murcia = await screen.findByRole('link', { name: MURCIA.name });
    expect(murcia.getAttribute('href')).toBe('/campus?universidad=1');
    expect(within(murcia.closest('li')!).getByText('2 campus')).toBeTruthy();
    expect(screen.getByText('2 universidades')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar universidades' }), {
      target: { value: ' zaragoza ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Ninguna universidad coincide con «zaragoza».')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=zaragoza');
    const last = sent(calls, '/api/universities').at(-1)!;
    expect(last.get('filters[name][$containsi]')).toBe('zaragoza');
    expect(last.get('sort[0]')).toBe('name:asc');
  });

  it('while the list loads says "Cargando...", and when it fails offers to try again', async () => {
    let fail = true;
    stubRouteApi('admin', {
      'GET /api/universities?': () =>
        fail
          ? strapiError(500, 'Internal Server Error')
          : jsonResponse(collection([universityEntry(1, MURCIA.name)])),
    });
    renderApp('/campus');
    expect(await screen.findByText('Cargando...')).toBeTruthy();
    expect(
      await screen.findByText(
        'No se han podido cargar las universidades. Inténtalo de nuevo en unos minutos.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: MURCIA.name })).toBeTruthy();
  });

  it('walks from a university to its campuses and to a campus’s degrees and calls, with the way back', async () => {
    const calls = stubRouteApi('admin', educacionRoutes());
    renderApp('/campus?universidad=1');
    expect(await screen.findByRole('heading', { level: 2, name: MURCIA.name })).toBeTruthy();
    const trail = screen.getByRole('navigation', { name: 'Ruta' });
    expect(within(trail).getByRole('link', { name: 'Universidades' })).toBeTruthy();
    expect(within(trail).getByText(MURCIA.name).getAttribute('aria-current')).toBe('page');
    const psicologia = (await screen.findByRole('link', { name: PSICOLOGIA.name })).closest('li')!;
    expect(sent(calls, '/api/campuses').at(-1)!.get('filters[university][id][$eq]')).toBe('1');
    expect(within(psicologia).getByText('0 grados')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: EDUCACION.name }));
    expect(await screen.findByRole('heading', { level: 2, name: EDUCACION.name })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Ruta' })).getByRole('link', {
        name: MURCIA.name,
      }),
    ).toBeTruthy();
    const primaria = (await screen.findByRole('heading', { name: PRIMARIA.name })).closest('li')!;
    expect(within(primaria).getByText('Grado')).toBeTruthy();
    expect(within(primaria).getByText('4 años')).toBeTruthy();
    expect(within(primaria).getByText('También lo ofrece: Campus de Lorca')).toBeTruthy();
    expect(within(primaria).getByText('Convocatoria TFG 2026-2027')).toBeTruthy();
    expect(
      within(primaria).getByText('Del 1 de septiembre de 2026 al 30 de junio de 2027'),
    ).toBeTruthy();
    expect(within(primaria).getByText(`También para: ${INFANTIL.name}`)).toBeTruthy();
    const infantil = screen.getByRole('heading', { name: INFANTIL.name }).closest('li')!;
    expect(within(infantil).getByText('Este grado no tiene convocatorias.')).toBeTruthy();
    expect(sent(calls, '/api/degrees').at(-1)!.get('filters[campuses][id][$eq]')).toBe('7');
  });

  it('when a university has no campus yet, says so and offers to create one', async () => {
    stubRouteApi('admin', {
      ...educacionRoutes(),
      'GET /api/campuses?': () => jsonResponse(collection([])),
    });
    renderApp('/campus?universidad=1');
    expect(
      await screen.findByText('Esta universidad todavía no tiene campus. Crea el primero.'),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Nuevo campus' })).toHaveLength(2);
  });

  it('when the campus asked for does not exist, says so with a way back', async () => {
    stubRouteApi('admin', { 'GET /api/campuses/99?': () => strapiError(404, 'Not Found') });
    renderApp('/campus?campus=99');
    expect(
      await screen.findByText('No se ha encontrado este campus: puede que se haya borrado.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver las universidades' })).toBeTruthy();
  });

  it('a signed-in teacher is told the screen is not for them', async () => {
    stubRouteApi('teacher', {});
    renderApp('/campus');
    expect(await screen.findByRole('heading', { name: 'Sin permiso' })).toBeTruthy();
  });
});

describe('/campus, campuses', () => {
  it('creates a campus in the university shown: says what is missing first, then posts its name and university', async () => {
    const calls = stubRouteApi(
      'admin',
      educacionRoutes({
        'POST /api/campuses': () =>
          jsonResponse({
            data: campusEntry(12, 'Facultad de Derecho', { university: MURCIA }),
            meta: {},
          }),
      }),
    );
    renderApp('/campus?universidad=1');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Nuevo campus' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo campus' });
    const university = within(dialog).getByRole<HTMLSelectElement>('combobox', {
      name: 'Universidad',
    });
    await waitFor(() => expect(university.value).toBe('1'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear campus' }));
    const name = within(dialog).getByRole('textbox', { name: 'Nombre del campus o facultad' });
    expect(await within(dialog).findByText('Este campo es obligatorio.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(written(calls, 'POST', '/api/campuses')).toEqual([]);

    fireEvent.change(name, { target: { value: '  Facultad   de Derecho ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear campus' }));
    await expectToast('Has creado el campus «Facultad de Derecho».');
    expect(written(calls, 'POST', '/api/campuses')).toEqual([
      { data: { name: 'Facultad de Derecho', university: 1 } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('when the API refuses the campus, says "Error al crear el campus" and its reason at the name', async () => {
    const taken = CATALOGUE_MESSAGES.campusNameTaken(EDUCACION.name);
    stubRouteApi(
      'admin',
      educacionRoutes({
        'POST /api/campuses': () =>
          new Response(
            JSON.stringify({
              data: null,
              error: {
                status: 400,
                name: 'ValidationError',
                message: taken,
                details: { errors: [{ path: ['name'], message: taken, name: 'ValidationError' }] },
              },
            }),
            {
              status: 400,
              headers: { 'content-type': 'application/json', 'content-language': 'es' },
            },
          ),
      }),
    );
    renderApp('/campus?universidad=1');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Nuevo campus' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo campus' });
    await waitFor(() =>
      expect(
        within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Universidad' }).value,
      ).toBe('1'),
    );
    fireEvent.change(
      within(dialog).getByRole('textbox', { name: 'Nombre del campus o facultad' }),
      {
        target: { value: 'facultad de educacion' },
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear campus' }));
    const alert = await within(dialog).findByText('Error al crear el campus');
    expect(alert.closest('[role="alert"]')?.textContent).toContain(taken);
    const name = within(dialog).getByRole('textbox', { name: 'Nombre del campus o facultad' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('when the API fails for another reason, says "Error al crear el campus" in Spanish', async () => {
    stubRouteApi(
      'admin',
      educacionRoutes({ 'POST /api/campuses': () => strapiError(500, 'Internal Server Error') }),
    );
    renderApp('/campus');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo campus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo campus' });
    const university = within(dialog).getByRole<HTMLSelectElement>('combobox', {
      name: 'Universidad',
    });
    await waitFor(() => expect(university.disabled).toBe(false));
    expect(university.value).toBe('');
    fireEvent.change(university, { target: { value: '2' } });
    fireEvent.change(
      within(dialog).getByRole('textbox', { name: 'Nombre del campus o facultad' }),
      {
        target: { value: 'Campus de Alfonso XIII' },
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear campus' }));
    const alert = (await within(dialog).findByText('Error al crear el campus')).closest(
      '[role="alert"]',
    )!;
    expect(alert.textContent).toContain('No se ha podido completar la operación');
  });

  it('edits a campus: its saved name and university are filled in and the change is put', async () => {
    const calls = stubRouteApi(
      'admin',
      educacionRoutes({
        'PUT /api/campuses/8': () =>
          jsonResponse({ data: campusEntry(8, 'Facultad de Psicología y Logopedia'), meta: {} }),
      }),
    );
    renderApp('/campus?universidad=1');
    fireEvent.click(
      await screen.findByRole('button', { name: `Editar el campus «${PSICOLOGIA.name}»` }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: `Editar el campus «${PSICOLOGIA.name}»`,
    });
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', {
      name: 'Nombre del campus o facultad',
    });
    expect(name.value).toBe(PSICOLOGIA.name);
    fireEvent.change(name, { target: { value: 'Facultad de Psicología y Logopedia' } });
    await waitFor(() =>
      expect(
        within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Universidad' }).disabled,
      ).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await expectToast('Has guardado el campus «Facultad de Psicología y Logopedia».');
    expect(written(calls, 'PUT', '/api/campuses/8')).toEqual([
      { data: { name: 'Facultad de Psicología y Logopedia', university: 1 } },
    ]);
  });

  it('deletes a campus after saying what the delete touches, in one request, and goes back to its university', async () => {
    let isDeleted = false;
    const calls = stubRouteApi(
      'admin',
      educacionRoutes({
        // Once deleted, the campus is the API's 404, as it really is.
        'GET /api/campuses/7?': () =>
          isDeleted
            ? strapiError(404, 'Not Found')
            : jsonResponse({
                data: campusEntry(EDUCACION.id, EDUCACION.name, {
                  university: MURCIA,
                  degreeCount: 2,
                }),
                meta: {},
              }),
        'GET /api/campuses/7/usage': () =>
          jsonResponse(
            campusUsage({
              calls: 3,
              degrees: 2,
              degreesShared: 1,
              students: 40,
              teachers: 5,
              projects: 2,
              applications: 12,
            }),
          ),
        'DELETE /api/campuses/7': () => {
          isDeleted = true;
          return jsonResponse({ data: campusEntry(7, EDUCACION.name), meta: {} });
        },
      }),
    );
    const { router } = renderApp('/campus?campus=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Borrar campus' }));
    const dialog = await screen.findByRole('dialog', {
      name: `¿Borrar el campus «${EDUCACION.name}»?`,
    });
    expect(
      await within(dialog).findByText('Se borrarán 3 convocatorias de sus grados.'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('Se borrarán 2 grados que solo ofrece este campus.'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('1 grado seguirá en otros campus: solo dejará de ofrecerse aquí.'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('40 estudiantes se quedarán sin este campus o sin su grado.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('2 proyectos se quedarán sin campus.')).toBeTruthy();
    expect(within(dialog).getByText('12 candidaturas se quedarán sin convocatoria.')).toBeTruthy();
    expect(within(dialog).getByText('En total, el borrado afecta a 66 registros.')).toBeTruthy();
    expect(written(calls, 'DELETE', '/api/campuses/7')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Borrar campus' }));
    await expectToast(`Has borrado el campus «${EDUCACION.name}».`);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      '/api/campuses/7',
    ]);
    await waitFor(() => expect(router.state.location.search).toBe('?universidad=1'));
    expect(await screen.findByRole('heading', { level: 2, name: MURCIA.name })).toBeTruthy();
  });

  it('when a campus has no degrees, the confirmation says so as the spec words it', async () => {
    stubRouteApi(
      'admin',
      educacionRoutes({ 'GET /api/campuses/8/usage': () => jsonResponse(campusUsage()) }),
    );
    renderApp('/campus?universidad=1');
    fireEvent.click(
      await screen.findByRole('button', { name: `Borrar el campus «${PSICOLOGIA.name}»` }),
    );
    const dialog = await screen.findByRole('dialog');
    const sentence = await within(dialog).findByText('No degrees found for the specified campus.');
    expect(sentence.getAttribute('lang')).toBe('en');
    expect(within(dialog).getByText('El borrado afecta a 1 registro: solo a este.')).toBeTruthy();
  });

  it('when the counts cannot be read, nothing can be deleted until they are', async () => {
    const calls = stubRouteApi(
      'admin',
      educacionRoutes({
        'GET /api/campuses/8/usage': () =>
          strapiError(403, 'Forbidden', undefined, 'ForbiddenError'),
      }),
    );
    renderApp('/campus?universidad=1');
    fireEvent.click(
      await screen.findByRole('button', { name: `Borrar el campus «${PSICOLOGIA.name}»` }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(/No se ha podido comprobar a qué afecta el borrado/),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Borrar campus' }).disabled,
    ).toBe(true);
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });
});

describe('/campus, degrees and calls', () => {
  it('creates a degree offered at the campus shown, with its duration and whether it is a máster', async () => {
    const calls = stubRouteApi(
      'admin',
      educacionRoutes({
        'POST /api/degrees': () =>
          jsonResponse({
            data: degreeEntry(40, 'Máster en Psicopedagogía', { master: true, duration: 1 }),
            meta: {},
          }),
      }),
    );
    renderApp('/campus?campus=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo grado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo grado' });
    const educacion = await within(dialog).findByRole<HTMLInputElement>('checkbox', {
      name: EDUCACION.name,
    });
    expect(educacion.checked).toBe(true);
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: PSICOLOGIA.name }).checked,
    ).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nombre del grado o máster' }), {
      target: { value: 'Máster en Psicopedagogía' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear grado' }));
    const duration = within(dialog).getByRole('combobox', { name: 'Duración' });
    expect(await within(dialog).findByText('Este campo es obligatorio.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(duration));

    fireEvent.change(duration, { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Es un máster' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: PSICOLOGIA.name }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear grado' }));
    await expectToast('Has creado el grado «Máster en Psicopedagogía».');
    expect(written(calls, 'POST', '/api/degrees')).toEqual([
      { data: { name: 'Máster en Psicopedagogía', duration: 1, master: true, campuses: [7, 8] } },
    ]);
  });

  it('when the API refuses the degree, says "Error al crear el grado" and why', async () => {
    const taken = CATALOGUE_MESSAGES.degreeNameTaken(PRIMARIA.name, EDUCACION.name);
    stubRouteApi('admin', educacionRoutes({ 'POST /api/degrees': () => refusal(taken) }));
    renderApp('/campus?campus=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo grado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo grado' });
    await within(dialog).findByRole('checkbox', { name: EDUCACION.name });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nombre del grado o máster' }), {
      target: { value: PRIMARIA.name },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Duración' }), {
      target: { value: '4' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear grado' }));
    const alert = (await within(dialog).findByText('Error al crear el grado')).closest(
      '[role="alert"]',
    )!;
    expect(alert.textContent).toContain(taken);
  });

  it('creates a call for a degree: checks the period before sending, then posts it', async () => {
    const calls = stubRouteApi(
      'admin',
      educacionRoutes({
        'POST /api/calls': () =>
          jsonResponse({ data: callEntry(60, 'Convocatoria TFG 2027-2028'), meta: {} }),
      }),
    );
    renderApp('/campus?campus=7');
    fireEvent.click(
      await screen.findByRole('button', { name: `Nueva convocatoria de «${PRIMARIA.name}»` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nueva convocatoria' });
    expect(
      (await within(dialog).findByRole<HTMLInputElement>('checkbox', { name: PRIMARIA.name }))
        .checked,
    ).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nombre de la convocatoria' }), {
      target: { value: 'Convocatoria TFG 2027-2028' },
    });
    const start = within(dialog).getByRole('textbox', { name: 'Inicio del periodo académico' });
    const end = within(dialog).getByRole('textbox', { name: 'Fin del periodo académico' });
    fireEvent.change(start, { target: { value: '01/09/2027' } });
    fireEvent.change(end, { target: { value: '31/08/2027' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear convocatoria' }));
    expect(await within(dialog).findByText(CATALOGUE_MESSAGES.periodOrder)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(end));
    expect(written(calls, 'POST', '/api/calls')).toEqual([]);

    fireEvent.change(end, { target: { value: '30/06/2028' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Descripción/ }), {
      target: { value: '  Trabajos de fin de grado.  ' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: INFANTIL.name }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear convocatoria' }));
    await expectToast('Has creado la convocatoria «Convocatoria TFG 2027-2028».');
    expect(written(calls, 'POST', '/api/calls')).toEqual([
      {
        data: {
          name: 'Convocatoria TFG 2027-2028',
          degrees: [PRIMARIA.id, INFANTIL.id],
          academic_period_start: '2027-09-01',
          academic_period_end: '2028-06-30',
          description: 'Trabajos de fin de grado.',
        },
      },
    ]);
  });

  it('when the API refuses the call, says "Error al crear la convocatoria" and why', async () => {
    const clash = CATALOGUE_MESSAGES.callNameTaken('Convocatoria TFG 2026-2027', PRIMARIA.name);
    stubRouteApi('admin', educacionRoutes({ 'POST /api/calls': () => refusal(clash) }));
    renderApp('/campus?campus=7');
    fireEvent.click(
      await screen.findByRole('button', { name: `Nueva convocatoria de «${PRIMARIA.name}»` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nueva convocatoria' });
    await within(dialog).findByRole('checkbox', { name: PRIMARIA.name });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nombre de la convocatoria' }), {
      target: { value: 'Convocatoria TFG 2026-2027' },
    });
    fireEvent.change(
      within(dialog).getByRole('textbox', { name: 'Inicio del periodo académico' }),
      {
        target: { value: '01/09/2026' },
      },
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Fin del periodo académico' }), {
      target: { value: '30/06/2027' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear convocatoria' }));
    const alert = (await within(dialog).findByText('Error al crear la convocatoria')).closest(
      '[role="alert"]',
    )!;
    expect(alert.textContent).toContain(clash);
  });

  it('edits a call with its saved values and puts the change', async () => {
    const calls = stubRouteApi(
      'admin',
      educacionRoutes({
        'PUT /api/calls/50': () =>
          jsonResponse({ data: callEntry(50, 'Convocatoria TFG 2026-2027'), meta: {} }),
      }),
    );
    renderApp('/campus?campus=7');
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Editar la convocatoria «Convocatoria TFG 2026-2027»',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Editar la convocatoria «Convocatoria TFG 2026-2027»',
    });
    expect(
      within(dialog).getByRole<HTMLInputElement>('textbox', {
        name: 'Inicio del periodo académico',
      }).value,
    ).toBe('01/09/2026');
    expect(
      (await within(dialog).findByRole<HTMLInputElement>('checkbox', { name: INFANTIL.name }))
        .checked,
    ).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Fin del periodo académico' }), {
      target: { value: '15/07/2027' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await expectToast('Has guardado la convocatoria «Convocatoria TFG 2026-2027».');
    expect(written(calls, 'PUT', '/api/calls/50')).toEqual([
      {
        data: {
          name: 'Convocatoria TFG 2026-2027',
          degrees: [PRIMARIA.id, INFANTIL.id],
          academic_period_start: '2026-09-01',
          academic_period_end: '2027-07-15',
          description: 'Trabajos de fin de grado del curso.',
        },
      },
    ]);
  });

  it('deletes a degree and a call, each after saying what it touches', async () => {
    const calls = stubRouteApi(
      'admin',
      educacionRoutes({
        'GET /api/degrees/30/usage': () =>
          jsonResponse(degreeUsage({ campuses: 2, calls: 1, students: 15 })),
        'GET /api/calls/50/usage': () => jsonResponse(callUsage({ degrees: 2, applications: 4 })),
        'DELETE /api/degrees/30': () =>
          jsonResponse({ data: degreeEntry(30, PRIMARIA.name), meta: {} }),
        'DELETE /api/calls/50': () => jsonResponse({ data: callEntry(50, 'x'), meta: {} }),
      }),
    );
    renderApp('/campus?campus=7');
    fireEvent.click(
      await screen.findByRole('button', { name: `Borrar el grado «${PRIMARIA.name}»` }),
    );
    let dialog = await screen.findByRole('dialog', {
      name: `¿Borrar el grado «${PRIMARIA.name}»?`,
    });
    expect(await within(dialog).findByText('2 campus dejarán de ofrecerlo.')).toBeTruthy();
    expect(within(dialog).getByText('15 estudiantes se quedarán sin grado.')).toBeTruthy();
    expect(within(dialog).getByText('En total, el borrado afecta a 19 registros.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Borrar grado' }));
    await expectToast(`Has borrado el grado «${PRIMARIA.name}».`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(
      screen.getByRole('button', { name: 'Borrar la convocatoria «Convocatoria TFG 2026-2027»' }),
    );
    dialog = await screen.findByRole('dialog', {
      name: '¿Borrar la convocatoria «Convocatoria TFG 2026-2027»?',
    });
    expect(
      await within(dialog).findByText('4 candidaturas se quedarán sin convocatoria.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Borrar convocatoria' }));
    await expectToast('Has borrado la convocatoria «Convocatoria TFG 2026-2027».');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      '/api/degrees/30',
      '/api/calls/50',
    ]);
  });
});
