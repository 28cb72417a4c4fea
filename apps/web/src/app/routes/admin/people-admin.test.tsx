import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  allPermissions,
  collection,
  jsonResponse,
  refusal,
  strapiError,
} from '../../../../test/api';
import {
  coordinatorEntry,
  names,
  organizationEntry,
  studentEntry,
  teacherEntry,
} from '../../../../test/api/people-admin';
import { resetRouteApi, stubRouteApi, type Answer } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';
import { expectToast } from '../../../../test/toasts';

afterEach(() => {
  resetRouteApi();
  vi.restoreAllMocks();
});

const MURCIA = { id: 1, name: 'Universidad de Murcia' };
const PRIMARIA = { id: 30, name: 'Grado en Educación Primaria' };
const ACME = { id: 3, name: 'Acme Agua' };

const ANA = studentEntry(5, {
  name: 'Ana',
  surname: 'Ruiz',
  email: 'ana@um.es',
  university: MURCIA,
  degree: PRIMARIA,
  thesis_stage: 'doing',
});
const LUIS = studentEntry(6, {
  name: 'Luis',
  surname: 'Gil, "el de Lorca"',
  email: 'luis@um.es',
  published: false,
  thesis_stage: null,
});

const choices: Record<string, Answer> = {
  'GET /api/universities?': () => jsonResponse(names([MURCIA])),
  'GET /api/degrees?': () => jsonResponse(names([PRIMARIA])),
};

const listCalls = (calls: { method: string; url: URL }[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === path).map((c) => c.url.searchParams);

describe('/students/load', () => {
  it('lists every student, drafts too, with their email but never the DNI, and pages in the URL', async () => {
    const calls = stubRouteApi('admin', {
      ...choices,
      'GET /api/students?': () =>
        jsonResponse(collection([ANA, LUIS], { page: 1, pageSize: 25, pageCount: 3, total: 52 })),
    });
    renderApp('/students/load');
    expect(await screen.findByRole('heading', { level: 1, name: 'Estudiantes' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const ana = within(table).getByRole('rowheader', { name: 'Ana Ruiz' }).closest('tr')!;
    expect(within(ana).getByRole('link', { name: 'ana@um.es' })).toBeTruthy();
    expect(within(ana).getByText('Universidad de Murcia')).toBeTruthy();
    expect(within(ana).getByText('Haciendo el TFG/M')).toBeTruthy();
    expect(within(ana).getByText('Publicado')).toBeTruthy();
    const luis = within(table).getByRole('rowheader', { name: 'Luis Gil, "el de Lorca"' });
    expect(within(luis.closest('tr')!).getByText('Sin publicar')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Resultados (52 estudiantes)' })).toBeTruthy();

    const query = listCalls(calls, '/api/students')[0]!;
    expect(query.get('publicationState')).toBe('preview');
    expect(query.get('pagination[pageSize]')).toBe('25');
    expect([...query.values()]).not.toContain('dni');
    expect([...query.values()]).not.toContain('disability');

    const pages = screen.getByRole('navigation', { name: 'Páginas de estudiantes' });
    expect(within(pages).getByRole('link', { name: 'Página 2' }).getAttribute('href')).toBe(
      '/students/load?pagina=2',
    );
  });

  it('searches and filters through the URL, and sorts', async () => {
    const calls = stubRouteApi('admin', {
      ...choices,
      'GET /api/students?': () => jsonResponse(collection([ANA])),
    });
    const { router } = renderApp('/students/load');
    await screen.findByRole('table');
    const search = screen.getByRole('search', { name: 'Buscar estudiantes' });
    fireEvent.change(within(search).getByRole('searchbox', { name: 'Buscar' }), {
      target: { value: ' ruiz ' },
    });
    const university = within(search).getByRole('combobox', { name: 'Universidad' });
    await within(university).findByRole('option', { name: MURCIA.name });
    fireEvent.change(university, { target: { value: '1' } });
    fireEvent.change(within(search).getByRole('combobox', { name: 'Etapa del TFG/TFM' }), {
      target: { value: 'finished' },
    });
    fireEvent.change(within(search).getByRole('combobox', { name: 'Publicado' }), {
      target: { value: 'no' },
    });
    fireEvent.click(within(search).getByRole('button', { name: 'Aplicar filtros' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?q=ruiz&universidad=1&etapa=finished&publicado=no',
      ),
    );
    await waitFor(() => expect(listCalls(calls, '/api/students')).toHaveLength(2));
    const query = listCalls(calls, '/api/students')[1]!;
    expect(query.get('filters[$or][0][user][name][$containsi]')).toBe('ruiz');
    expect(query.get('filters[$or][3][primaryKey][$containsi]')).toBe('ruiz');
    expect(query.get('filters[university][id][$eq]')).toBe('1');
    expect(query.get('filters[thesis_stage][$eq]')).toBe('finished');
    expect(query.get('filters[publishedAt][$null]')).toBe('true');

    fireEvent.change(screen.getByRole('combobox', { name: 'Ordenar por' }), {
      target: { value: 'apellidos' },
    });
    await waitFor(() => expect(router.state.location.search).toContain('orden=apellidos'));
    await waitFor(() =>
      expect(listCalls(calls, '/api/students').at(-1)!.get('sort[0]')).toBe('user.surname:asc'),
    );
    expect(await screen.findByRole('button', { name: 'Limpiar filtros' })).toBeTruthy();
  });

  it('says when nothing matches, and when the list cannot be read offers to try again', async () => {
    let fail = true;
    stubRouteApi('admin', {
      ...choices,
      'GET /api/students?': () =>
        fail ? strapiError(500, 'Internal Server Error') : jsonResponse(collection([])),
    });
    renderApp('/students/load?q=nadie');
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }, { timeout: 15_000 }));
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByText(
        'No hay estudiantes que cumplan estos filtros. Prueba a quitar alguno.',
      ),
    ).toBeTruthy();
  });

  it('edits a student’s main fields, sending only what changed', async () => {
    const calls = stubRouteApi('admin', {
      ...choices,
      'GET /api/students?': () => jsonResponse(collection([ANA])),
      'PUT /api/students/5': () => jsonResponse({ data: ANA, meta: {} }),
    });
    renderApp('/students/load');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar a Ana Ruiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar estudiante: Ana Ruiz' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Etapa del TFG/TFM' }), {
      target: { value: 'finished' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Validado' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await expectToast('Se han guardado los cambios de Ana Ruiz.');
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put.map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/students/5', { data: { thesis_stage: 'finished', validated: true } }],
    ]);
  });

  it('unpublishes after a confirmation, and publishes again', async () => {
    const calls = stubRouteApi('admin', {
      ...choices,
      'GET /api/students?': () => jsonResponse(collection([ANA, LUIS])),
      'PUT /api/students/': () => jsonResponse({ data: ANA, meta: {} }),
    });
    renderApp('/students/load');
    fireEvent.click(await screen.findByRole('button', { name: 'Despublicar a Ana Ruiz' }));
    let dialog = await screen.findByRole('dialog', { name: '¿Despublicar a Ana Ruiz?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Despublicar' }));
    await expectToast('Ana Ruiz ya no está publicado.');

    fireEvent.click(screen.getByRole('button', { name: 'Publicar a Luis Gil, "el de Lorca"' }));
    dialog = await screen.findByRole('dialog', {
      name: '¿Publicar de nuevo a Luis Gil, "el de Lorca"?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    await expectToast('vuelve a estar publicado.');

    const put = calls.filter((c) => c.method === 'PUT');
    expect(put.map((c) => c.url.pathname)).toEqual(['/api/students/5', '/api/students/6']);
    expect(put[0]!.body).toEqual({ data: { publishedAt: null } });
    expect((put[1]!.body as { data: { publishedAt: string } }).data.publishedAt).toMatch(
      /^\d{4}-\d{2}-\d{2}T/,
    );
  });

  it('a refused unpublish says why in the confirmation', async () => {
    stubRouteApi('admin', {
      ...choices,
      'GET /api/students?': () => jsonResponse(collection([ANA])),
      'PUT /api/students/5': () =>
        refusal('No tienes permiso para hacer esto.', 403, 'ForbiddenError'),
    });
    renderApp('/students/load');
    fireEvent.click(await screen.findByRole('button', { name: 'Despublicar a Ana Ruiz' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Despublicar a Ana Ruiz?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Despublicar' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain(
      'No se ha podido guardar el cambio.',
    );
  });

  it('exports the filtered students as a CSV built in the browser from /api/students/all', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:csv');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = stubRouteApi('admin', {
      ...choices,
      'GET /api/students?': () => jsonResponse(collection([ANA])),
      'GET /api/students/all': () => jsonResponse(collection([ANA, LUIS])),
    });
    renderApp('/students/load?validado=no&orden=codigo');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await expectToast('Se ha descargado el archivo CSV (2 estudiantes).');

    const all = listCalls(calls, '/api/students/all')[0]!;
    expect(all.get('filters[validated][$eq]')).toBe('false');
    expect(all.get('publicationState')).toBe('preview');
    // The streamed route refuses an order or pages (docs/api.md).
    expect(
      [...all.keys()].some((key) => key.startsWith('sort') || key.startsWith('pagination')),
    ).toBe(false);
    const csv = await created.mock.calls[0]![0].text();
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Nombre,Correo,Código,Universidad,Titulación,Etapa del TFG/TFM,Validado,Estado',
    );
    expect(lines[1]).toBe(
      'Ana Ruiz,ana@um.es,E0005,Universidad de Murcia,Grado en Educación Primaria,Haciendo el TFG/M,No,Publicado',
    );
    expect(lines[2]).toBe('"Luis Gil, ""el de Lorca""",luis@um.es,E0006,,,,No,Sin publicar');
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^estudiantes-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('sends a student’s invitation again from their record, and says why when the API refuses it', async () => {
    let refuse = false;
    const calls = stubRouteApi('admin', {
      ...choices,
      'GET /api/students?': () => jsonResponse(collection([ANA])),
      'POST /api/communication/inviteStudent': () =>
        refuse
          ? refusal(
              'Demasiadas invitaciones a esta dirección. Espera un poco.',
              429,
              'RateLimitError',
            )
          : jsonResponse({ ok: true }),
    });
    renderApp('/students/load');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar a Ana Ruiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar estudiante: Ana Ruiz' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reenviar invitación' }));
    expect(
      await within(dialog).findByText('Se ha enviado de nuevo la invitación a ana@um.es.'),
    ).toBeTruthy();
    refuse = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reenviar invitación' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'No se ha podido enviar la invitación. Demasiadas invitaciones',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { email: 'ana@um.es' },
      { email: 'ana@um.es' },
    ]);
  });

  it('loads from a file in a tab of its own (people-import.test.tsx follows it)', async () => {
    stubRouteApi('admin', {
      ...choices,
      'GET /api/students?': () => jsonResponse(collection([ANA])),
    });
    const { router } = renderApp('/students/load');
    fireEvent.click(await screen.findByRole('link', { name: 'Cargar desde un archivo' }));
    expect(await screen.findByRole('heading', { name: 'Cargar desde un archivo' })).toBeTruthy();
    expect(router.state.location.search).toBe('?vista=cargar');
    expect(
      screen.getByRole('link', { name: 'Cargar desde un archivo' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByLabelText('Elegir archivo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revisar archivo' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a signed-in student is told the screen is not for them, and no student is read', async () => {
    const calls = stubRouteApi('student', {});
    renderApp('/students/load');
    expect(await screen.findByRole('heading', { name: 'Sin permiso' })).toBeTruthy();
    // Only the header's lookup of their own profile, never the admins' list.
    expect(
      listCalls(calls, '/api/students').filter((q) => q.get('fields[2]') === 'validated'),
    ).toEqual([]);
  });
});

describe('/teachers/load', () => {
  it('lists the teachers and filters them by a degree they teach', async () => {
    const calls = stubRouteApi('admin', {
      ...choices,
      'POST /api/communication/inviteTeacher': () => jsonResponse({ ok: true }),
      'GET /api/teachers?': () =>
        jsonResponse(
          collection([
            teacherEntry(4, {
              name: 'Marta',
              surname: 'López',
              email: 'marta@um.es',
              university: MURCIA,
              teacher_area: 'Didáctica',
            }),
          ]),
        ),
    });
    renderApp('/teachers/load?grado=30');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profesorado' })).toBeTruthy();
    const row = (await screen.findByRole('rowheader', { name: 'Marta López' })).closest('tr')!;
    expect(within(row).getByText('Didáctica')).toBeTruthy();
    expect(within(row).getByText('P0004')).toBeTruthy();
    const query = listCalls(calls, '/api/teachers').find((q) => q.has('pagination[page]'))!;
    expect(query.get('filters[degrees][id][$eq]')).toBe('30');
    expect(query.get('publicationState')).toBe('preview');

    fireEvent.click(within(row).getByRole('button', { name: 'Editar a Marta López' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar profesor: Marta López' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reenviar invitación' }));
    expect(
      await within(dialog).findByText('Se ha enviado de nuevo la invitación a marta@um.es.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/communication/inviteTeacher',
    ]);
  });
});

describe("/teachers/load: a teacher's degrees", () => {
  it("edits the degrees a teacher teaches: the university's degrees as checkboxes, saved as ids", async () => {
    const DERECHO = { id: 31, name: 'Grado en Derecho' };
    const OTHER = { id: 77, name: 'Máster de otra universidad' };
    const marta = teacherEntry(4, {
      name: 'Marta',
      surname: 'López',
      email: 'marta@um.es',
      university: MURCIA,
    });
    const calls = stubRouteApi('admin', {
      'GET /api/universities?': () => jsonResponse(names([MURCIA])),
      'GET /api/degrees?': () => jsonResponse(names([PRIMARIA, DERECHO])),
      'GET /api/teachers?': () =>
        jsonResponse(
          collection([
            {
              ...marta,
              attributes: {
                ...marta.attributes,
                degrees: { data: [{ id: OTHER.id, attributes: { name: OTHER.name } }] },
              },
            },
          ]),
        ),
      'PUT /api/teachers/4': () => jsonResponse({ data: marta, meta: {} }),
    });
    renderApp('/teachers/load');
    const row = (await screen.findByRole('rowheader', { name: 'Marta López' })).closest('tr')!;
    const query = listCalls(calls, '/api/teachers').find((q) => q.has('pagination[page]'))!;
    expect(query.get('populate[degrees][fields][0]')).toBe('name');

    fireEvent.click(within(row).getByRole('button', { name: 'Editar a Marta López' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar profesor: Marta López' });
    const group = within(dialog).getByRole('group', { name: 'Grados en los que imparte' });
    // The degree she has stays listed, ticked, though it is not one of her university's.
    const other = await within(group).findByRole('checkbox', { name: OTHER.name });
    expect((other as HTMLInputElement).checked).toBe(true);
    const derecho = await within(group).findByRole('checkbox', { name: DERECHO.name });
    expect((derecho as HTMLInputElement).checked).toBe(false);
    const degreeQuery = listCalls(calls, '/api/degrees').at(-1)!;
    expect(degreeQuery.get('filters[campuses][university][id][$eq]')).toBe(String(MURCIA.id));

    fireEvent.click(derecho);
    fireEvent.click(other);
    // Unticked, her old degree stays in the list, so it can be ticked again.
    expect(
      within(group).getByRole<HTMLInputElement>('checkbox', { name: OTHER.name }).checked,
    ).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await expectToast('Se han guardado los cambios de Marta López.');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/teachers/4');
    expect(put.body).toEqual({ data: { degrees: [DERECHO.id] } });
  });
});

describe('/organizations/load', () => {
  it('while organisations are switched off, says so and links to the permissions, without asking for any', async () => {
    const permissions = allPermissions();
    const calls = stubRouteApi(
      'admin',
      { 'GET /api/organizations?': () => jsonResponse(collection([])) },
      {
        permissions: {
          ...permissions,
          organizations: { ...permissions.organizations, enabled: false },
        },
      },
    );
    renderApp('/organizations/load');
    expect(await screen.findByRole('heading', { level: 1, name: 'Empresas' })).toBeTruthy();
    expect(
      screen.getByText(/Las organizaciones no están activadas en esta plataforma/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a los permisos' }).getAttribute('href')).toBe(
      '/admin/ajustes/permisos',
    );
    expect(screen.queryByRole('link', { name: 'Cargar desde un archivo' })).toBeNull();
    expect(listCalls(calls, '/api/organizations')).toEqual([]);
  });

  it('lists the organisations with their contact, edits one, and refuses an empty name', async () => {
    const calls = stubRouteApi('admin', {
      ...choices,
      'GET /api/organizations?': () =>
        jsonResponse(
          collection([
            organizationEntry(ACME.id, ACME.name, {
              contact_mail: 'hola@acme.es',
              contact_name: 'Pilar',
              coordinators: 2,
            }),
          ]),
        ),
      'PUT /api/organizations/3': () => refusal('La web no es válida.', 400),
    });
    renderApp('/organizations/load');
    expect(await screen.findByRole('heading', { level: 1, name: 'Empresas' })).toBeTruthy();
    const row = (await screen.findByRole('rowheader', { name: ACME.name })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'hola@acme.es' })).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    // Organisations are not draft/publish: no publish action.
    expect(within(row).queryByRole('button', { name: /publicar/i })).toBeNull();
    const query = listCalls(calls, '/api/organizations').find((q) => q.has('pagination[page]'))!;
    expect(query.has('publicationState')).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: `Editar ${ACME.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Editar organización: ${ACME.name}` });
    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Este campo es obligatorio.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Acme Agua SL' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Web/ }), {
      target: { value: 'no es una web' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { data: { name: 'Acme Agua SL', web: 'no es una web' } },
    ]);
  });

  it('lists the coordinators in their own tab and exports them page by page', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:csv');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const pilar = coordinatorEntry(8, {
      name: 'Pilar',
      surname: 'Sanz',
      email: 'pilar@acme.es',
      organization: ACME,
      job_position: 'Directora',
    });
    const calls = stubRouteApi('admin', {
      ...choices,
      'GET /api/coordinators?': (url) =>
        jsonResponse(
          url.searchParams.get('pagination[pageSize]') === '100'
            ? collection([pilar], {
                page: Number(url.searchParams.get('pagination[page]')),
                pageSize: 100,
                pageCount: 2,
                total: 2,
              })
            : collection([pilar]),
        ),
    });
    const { router } = renderApp('/organizations/load?vista=coordinadores');
    const row = (await screen.findByRole('rowheader', { name: 'Pilar Sanz' })).closest('tr')!;
    expect(within(row).getByText(ACME.name)).toBeTruthy();
    expect(within(row).getByText('Directora')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Ordenar por' }), {
      target: { value: 'organizacion' },
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?vista=coordinadores&orden=organizacion'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await expectToast('(2 coordinadores)');
    const pages = listCalls(calls, '/api/coordinators')
      .filter((q) => q.get('pagination[pageSize]') === '100')
      .map((q) => q.get('pagination[page]'));
    expect(pages).toEqual(['1', '2']);
  });
});

describe('a person’s data, for an admin acting for someone who asked by other means (ADR 0054)', () => {
  const PREVIEW = {
    deleted: [{ key: 'account', label: 'La cuenta y los datos del perfil', count: 1 }],
    anonymised: [
      {
        key: 'applications',
        label: 'Inscripciones en proyectos: se conservan sin datos personales',
        count: 2,
      },
    ],
  };

  it('downloads the archive of that user, and says so when it cannot be prepared', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:zip');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const named: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      named.push(this.download);
    });
    let fail = false;
    const calls = stubRouteApi('admin', {
      ...choices,
      'GET /api/students?': () => jsonResponse(collection([ANA, LUIS])),
      'GET /api/users/1005/export': () =>
        fail
          ? strapiError(500, 'Internal Server Error')
          : new Response(new Uint8Array([80, 75, 3, 4]), {
              headers: { 'content-type': 'application/zip' },
            }),
    });
    renderApp('/students/load');
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar los datos de Ana Ruiz' }));
    await expectToast('Se han descargado los datos de Ana Ruiz.');
    expect(calls.filter((c) => c.url.pathname === '/api/users/1005/export')).toHaveLength(1);
    expect(created).toHaveBeenCalledTimes(1);
    expect(named).toEqual([expect.stringMatching(/^datos-usuario-1005-\d{4}-\d{2}-\d{2}\.zip$/)]);

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Descargar los datos de Ana Ruiz' }));
    await expectToast(
      'No se han podido descargar los datos de Ana Ruiz. Inténtalo de nuevo en unos minutos.',
    );
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('deletes an account after showing what goes and what is kept, with no password, and reads the list again', async () => {
    let deleted = false;
    const calls = stubRouteApi('admin', {
      ...choices,
      'GET /api/students?': () => jsonResponse(collection(deleted ? [LUIS] : [ANA, LUIS])),
      'GET /api/users/1005/deletion-preview': () => jsonResponse(PREVIEW),
      'DELETE /api/users/1005': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/students/load');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar la cuenta de Ana Ruiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar la cuenta de Ana Ruiz' });
    expect(await within(dialog).findByText(/La cuenta y los datos del perfil/)).toBeTruthy();
    expect(within(dialog).getByText(/Inscripciones en proyectos: se conservan/)).toBeTruthy();
    // An admin confirms without a password: it is the person's, not theirs.
    expect(within(dialog).queryByLabelText('Tu contraseña')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar la cuenta' }));
    await expectToast('La cuenta de Ana Ruiz se ha eliminado.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deletion = calls.filter((c) => c.method === 'DELETE');
    expect(deletion.map((c) => c.url.pathname)).toEqual(['/api/users/1005']);
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Ana Ruiz' })).toBeNull());
    expect(screen.getByRole('rowheader', { name: 'Luis Gil, "el de Lorca"' })).toBeTruthy();
  });
});
