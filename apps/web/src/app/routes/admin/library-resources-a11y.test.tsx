import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, it } from 'vitest';
import {
  importAnswer,
  importRow,
  jsonResponse,
  resourceAnswer,
  resourceEntry,
  resourcesAnswer,
  reviewTfxEntry,
  reviewTfxesAnswer,
} from '../../../../test/api';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';
import { expectNoViolations } from '../../../../test/axe';

afterEach(resetRouteApi);

describe("the admins' library and resources screens are axe-clean", () => {
  it('/admin/biblioteca/pendientes, and its reject dialog', async () => {
    stubRouteApi('admin', {
      'GET /api/tfxes?': () =>
        jsonResponse(
          reviewTfxesAnswer(
            [
              reviewTfxEntry(1, 'Huertos escolares'),
              reviewTfxEntry(2, 'Escaneado', { text_status: 'empty', file_URL: 'https://x.org/t' }),
            ],
            { pageCount: 2, total: 21 },
          ),
        ),
    });
    renderApp('/admin/biblioteca/pendientes');
    await screen.findByRole('heading', { name: 'Huertos escolares' });
    await expectNoViolations();
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar «Escaneado»' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar trabajo' }));
    await within(dialog).findByText('Indica el motivo del rechazo');
    await expectNoViolations(dialog);
  });

  it('/admin/biblioteca/rechazados', async () => {
    stubRouteApi('admin', {
      'GET /api/tfxes?': () =>
        jsonResponse(
          reviewTfxesAnswer([
            reviewTfxEntry(3, 'Incompleto', {
              review_status: 'rejected',
              rejection_reason: 'Faltan las conclusiones.',
            }),
          ]),
        ),
    });
    renderApp('/admin/biblioteca/rechazados');
    await screen.findByText('Faltan las conclusiones.');
    await expectNoViolations();
  });

  it('/admin/biblioteca/importar with a preview', async () => {
    stubRouteApi('admin', {
      'POST /api/imports/tfxes': () =>
        jsonResponse(
          importAnswer([
            importRow(2, 'create', 'Huertos urbanos'),
            importRow(3, 'invalid', 'Sin año', [
              { row: 3, column: 'año', message: 'Falta el año del trabajo.' },
            ]),
          ]),
        ),
    });
    renderApp('/admin/biblioteca/importar');
    fireEvent.change(await screen.findByLabelText('Elegir archivo'), {
      target: { files: [new File(['a'], 'externos.csv')] },
    });
    await screen.findByRole('table');
    await expectNoViolations();
  });

  it('/admin/recursos', async () => {
    stubRouteApi('admin', {
      'GET /api/resources?': () =>
        jsonResponse(
          resourcesAnswer(
            [
              resourceEntry(1, 'Cómo elegir un tema', { publishedAt: null, is_popular: true }),
              resourceEntry(2, 'Cómo citar en APA'),
            ],
            { pageCount: 2, total: 25, pageSize: 20 },
          ),
        ),
    });
    renderApp('/admin/recursos');
    await screen.findByRole('link', { name: 'Cómo elegir un tema' });
    await expectNoViolations();
  });

  it('/admin/recursos/:id with its errors shown', async () => {
    stubRouteApi('admin', {
      'GET /api/resources/4': () =>
        jsonResponse(
          resourceAnswer(4, 'Cómo citar en APA', {
            tags: ['Voluntariado'],
            content: '<h2>Citas</h2><p>Texto</p>',
          }),
        ),
    });
    renderApp('/admin/recursos/4');
    const title = await screen.findByRole('textbox', { name: 'Título' });
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Este campo es obligatorio.');
    await expectNoViolations();
  });
});
