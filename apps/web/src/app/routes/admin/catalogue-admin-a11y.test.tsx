import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, it } from 'vitest';
import { collection, jsonResponse } from '../../../../test/api';
import {
  callEntry,
  campusEntry,
  campusUsage,
  catalogueLoadAnswer,
  catalogueRow,
  degreeEntry,
  namesList,
  universityEntry,
} from '../../../../test/api/catalogue-admin';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';
import { expectNoViolations } from '../../../../test/axe';

afterEach(resetRouteApi);

const MURCIA = { id: 1, name: 'Universidad de Murcia' };
const EDUCACION = { id: 7, name: 'Facultad de Educación' };
const PRIMARIA = { id: 30, name: 'Grado en Educación Primaria' };

function stubCatalogue() {
  stubRouteApi('admin', {
    'GET /api/universities?': (url) =>
      jsonResponse(
        url.searchParams.has('populate[centers][count]')
          ? collection([
              universityEntry(1, MURCIA.name, 1),
              universityEntry(2, 'Universidad de Alicante'),
            ])
          : namesList([MURCIA]),
      ),
    'GET /api/universities/1?': () =>
      jsonResponse({ data: { id: 1, attributes: { name: MURCIA.name } }, meta: {} }),
    'GET /api/campuses?': (url) =>
      jsonResponse(
        url.searchParams.has('populate[degrees][count]')
          ? collection([campusEntry(7, EDUCACION.name, { university: MURCIA, degreeCount: 1 })])
          : namesList([EDUCACION]),
      ),
    'GET /api/campuses/7?': () =>
      jsonResponse({
        data: campusEntry(7, EDUCACION.name, { university: MURCIA, degreeCount: 1 }),
        meta: {},
      }),
    'GET /api/campuses/7/usage': () =>
      jsonResponse(campusUsage({ degrees: 1, calls: 1, students: 3 })),
    'GET /api/degrees?': (url) =>
      jsonResponse(
        url.searchParams.has('populate[calls][sort][0]')
          ? collection([
              degreeEntry(30, PRIMARIA.name, {
                campuses: [EDUCACION],
                calls: [callEntry(50, 'Convocatoria TFG 2026-2027', { degrees: [PRIMARIA] })],
              }),
            ])
          : namesList([PRIMARIA]),
      ),
  });
}

describe('/campus is axe-clean', () => {
  it('the universities', async () => {
    stubCatalogue();
    renderApp('/campus');
    await screen.findByRole('link', { name: MURCIA.name });
    await expectNoViolations();
  });

  it('a university’s campuses, and the campus form with its errors', async () => {
    stubCatalogue();
    renderApp('/campus?universidad=1');
    await screen.findByRole('link', { name: EDUCACION.name });
    await expectNoViolations();
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo campus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo campus' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear campus' }));
    await within(dialog).findByText('Este campo es obligatorio.');
    await expectNoViolations(dialog);
  });

  it('a campus’s degrees with their calls, the call and degree forms and the delete confirmation', async () => {
    stubCatalogue();
    renderApp('/campus?campus=7');
    await screen.findByRole('heading', { name: PRIMARIA.name });
    await expectNoViolations();

    fireEvent.click(
      screen.getByRole('button', { name: `Nueva convocatoria de «${PRIMARIA.name}»` }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Nueva convocatoria' });
    await within(dialog).findByRole('checkbox', { name: PRIMARIA.name });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear convocatoria' }));
    await within(dialog).findAllByText('Este campo es obligatorio.');
    await expectNoViolations(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    fireEvent.click(
      await screen.findByRole('button', { name: `Editar el grado «${PRIMARIA.name}»` }),
    );
    dialog = await screen.findByRole('dialog', { name: `Editar el grado «${PRIMARIA.name}»` });
    await within(dialog).findByRole('checkbox', { name: EDUCACION.name });
    await expectNoViolations(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Borrar campus' }));
    dialog = await screen.findByRole('dialog', { name: `¿Borrar el campus «${EDUCACION.name}»?` });
    await within(dialog).findByText(/En total, el borrado afecta/);
    await expectNoViolations(dialog);
  });

  it('/campus/load: the form, a review with errors and warnings, its confirmation, and the result', async () => {
    const rows = [
      catalogueRow(2, 'create', `${MURCIA.name} › ${EDUCACION.name} › ${PRIMARIA.name}`),
      catalogueRow(3, 'create', `${MURCIA.name} › Facultad de Educacion y Deporte`, {
        warnings: [
          {
            row: 3,
            column: 'campus',
            message: `«Facultad de Educacion y Deporte» no es un campus de «${MURCIA.name}»: se creará como nuevo. ¿Querías decir «${EDUCACION.name}»?`,
          },
        ],
      }),
      catalogueRow(4, 'invalid', 'Fila 4', {
        errors: [{ row: 4, column: 'universidad', message: 'Falta la universidad.' }],
      }),
    ];
    stubRouteApi('admin', {
      'POST /api/imports/catalogue': (url) =>
        jsonResponse(
          catalogueLoadAnswer(
            rows,
            { campuses: 2, degrees: 1 },
            { written: url.searchParams.get('dryRun') !== 'true' },
          ),
        ),
    });
    renderApp('/campus/load');
    await screen.findByRole('heading', { name: 'Cargar el catálogo desde un archivo' });
    await expectNoViolations();

    fireEvent.change(screen.getByLabelText('Elegir archivo'), {
      target: { files: [new File(['universidad'], 'catalogo.xlsx')] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    await screen.findByRole('table', { name: /Avisos del archivo/ });
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
});
