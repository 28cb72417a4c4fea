import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, it } from 'vitest';
import { collection, importAnswer, importRow, jsonResponse } from '../../../../test/api';
import {
  coordinatorEntry,
  names,
  organizationEntry,
  peopleImport,
  studentEntry,
  teacherEntry,
} from '../../../../test/api/people-admin';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';
import { expectNoViolations } from '../../../../test/axe';

afterEach(resetRouteApi);

const MURCIA = { id: 1, name: 'Universidad de Murcia' };
const PRIMARIA = { id: 30, name: 'Grado en Educación Primaria' };
const ACME = { id: 3, name: 'Acme Agua' };

const PROBLEMS = [
  importRow(3, 'invalid', 'Fila 3', [
    { row: 3, column: 'Email', message: 'Falta el correo electrónico.' },
    { row: 3, column: null, message: 'La fila está vacía.' },
  ]),
  importRow(4, 'invalid', 'luis@um.es', [
    {
      row: 4,
      column: 'Grados',
      message: '«Astrofísica» no está entre los grados del campus «Espinardo».',
    },
  ]),
];

function stubPeople() {
  stubRouteApi('admin', {
    'POST /api/imports/teachers': (url) =>
      url.searchParams.get('dryRun') === 'true'
        ? jsonResponse(
            importAnswer(
              [
                importRow(2, 'create', 'marta@um.es'),
                importRow(5, 'update', 'eva@um.es'),
                ...PROBLEMS,
              ],
              { kind: 'teachers' },
            ),
          )
        : jsonResponse(peopleImport(3, 'teachers', { total: 4 }), 202),
    'GET /api/imports/3': () =>
      jsonResponse(
        peopleImport(3, 'teachers', {
          status: 'done',
          total: 4,
          processed: 4,
          created: 1,
          updated: 1,
          failed: 2,
          failures: PROBLEMS.map(({ row, label, errors }) => ({ row, label, errors })),
        }),
      ),
    'GET /api/universities?': () => jsonResponse(names([MURCIA])),
    'GET /api/degrees?': () => jsonResponse(names([PRIMARIA])),
    'GET /api/students?': () =>
      jsonResponse(
        collection(
          [
            studentEntry(5, {
              name: 'Ana',
              surname: 'Ruiz',
              email: 'ana@um.es',
              university: MURCIA,
              degree: PRIMARIA,
            }),
            studentEntry(6, {
              name: 'Luis',
              surname: 'Gil',
              email: 'luis@um.es',
              published: false,
            }),
          ],
          { page: 1, pageSize: 25, pageCount: 2, total: 27 },
        ),
      ),
    'GET /api/teachers?': () =>
      jsonResponse(
        collection([
          teacherEntry(4, {
            name: 'Marta',
            surname: 'López',
            email: 'marta@um.es',
            university: MURCIA,
          }),
        ]),
      ),
    'GET /api/organizations?': () =>
      jsonResponse(collection([organizationEntry(ACME.id, ACME.name, { coordinators: 1 })])),
    'GET /api/coordinators?': () =>
      jsonResponse(
        collection([
          coordinatorEntry(8, {
            name: 'Pilar',
            surname: 'Sanz',
            email: 'pilar@acme.es',
            organization: ACME,
          }),
        ]),
      ),
  });
}

describe('the people lists are axe-clean', () => {
  it('/students/load, its edit dialog and its unpublish confirmation', async () => {
    stubPeople();
    renderApp('/students/load?etapa=doing');
    await screen.findByRole('rowheader', { name: 'Ana Ruiz' });
    await expectNoViolations();

    fireEvent.click(screen.getByRole('button', { name: 'Editar a Ana Ruiz' }));
    let dialog = await screen.findByRole('dialog', { name: 'Editar estudiante: Ana Ruiz' });
    await within(dialog).findByRole('option', { name: PRIMARIA.name });
    await expectNoViolations(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    fireEvent.click(screen.getByRole('button', { name: 'Despublicar a Ana Ruiz' }));
    dialog = await screen.findByRole('dialog', { name: '¿Despublicar a Ana Ruiz?' });
    await expectNoViolations(dialog);
  });

  it('/teachers/load and its tab for loading from a file', async () => {
    stubPeople();
    const { unmount } = renderApp('/teachers/load');
    await screen.findByRole('rowheader', { name: 'Marta López' });
    await expectNoViolations();
    unmount();
    renderApp('/teachers/load?vista=cargar');
    await screen.findByRole('heading', { name: 'Cargar desde un archivo' });
    await expectNoViolations();
  });

  it('/teachers/load?vista=cargar: a review with problems, its confirmation, and the result', async () => {
    stubPeople();
    renderApp('/teachers/load?vista=cargar');
    fireEvent.change(await screen.findByLabelText('Elegir archivo'), {
      target: { files: [new File(['email;nombre'], 'profes.xlsx')] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    await screen.findByRole('table', { name: /Problemas del archivo/ });
    const details = screen.getByText(/^Ver las filas que se cargarán/).closest('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    await screen.findByRole('table', { name: /Filas que se cargarán/ });
    await expectNoViolations();

    fireEvent.click(screen.getByRole('button', { name: 'Cargar 2 filas' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cargar 2 filas?' });
    await expectNoViolations(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cargar 2 filas' }));
    await screen.findByRole('heading', { name: 'Resultado de la carga' });
    await screen.findByRole('table', { name: /Filas que no se han cargado/ });
    await expectNoViolations();
  });

  it('/organizations/load: the organisations, their edit form, and the coordinators', async () => {
    stubPeople();
    const { unmount } = renderApp('/organizations/load');
    await screen.findByRole('rowheader', { name: ACME.name });
    await expectNoViolations();
    fireEvent.click(screen.getByRole('button', { name: `Editar ${ACME.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Editar organización: ${ACME.name}` });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nombre' }), {
      target: { value: '' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await within(dialog).findByText('Este campo es obligatorio.');
    await expectNoViolations(dialog);
    unmount();

    renderApp('/organizations/load?vista=coordinadores');
    await screen.findByRole('rowheader', { name: 'Pilar Sanz' });
    await expectNoViolations();
  });
});
