import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, it } from 'vitest';
import {
  announcementAnswer,
  announcementEntry,
  announcementsAnswer,
  collection,
  jsonResponse,
  recipientsAnswer,
} from '../../../../test/api';
import { list, stubPublishingApi } from '../../../../test/api/publishing';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';
import { expectNoViolations } from '../../../../test/axe';

afterEach(resetRouteApi);

describe('the communications screens are axe-clean', () => {
  it('/admin/comunicaciones, with its pages', async () => {
    stubRouteApi('admin', {
      'GET /api/announcements?': () =>
        jsonResponse(
          announcementsAnswer(
            [
              announcementEntry(2, 'Jornada de empleo', { status: 'sending', emailsPending: 40 }),
              announcementEntry(1, 'Bienvenida', { status: 'cancelled', sentAt: null }),
            ],
            { pageCount: 3, total: 45 },
          ),
        ),
    });
    renderApp('/admin/comunicaciones');
    await screen.findByRole('link', { name: 'Jornada de empleo' });
    await expectNoViolations();
  });

  it('/admin/comunicaciones/:id with its delivery, audience, message and the cancel dialog', async () => {
    stubRouteApi('admin', {
      'GET /api/announcements/5': () =>
        jsonResponse(
          announcementAnswer(5, 'Bienvenida', {
            status: 'scheduled',
            sendAt: '2099-01-15T09:00:00.000Z',
            message: '<h2>Novedades</h2><ul><li>Uno</li></ul><img src="/x.png">',
            audience: { province: { $in: ['Murcia'] }, user: { email: { $in: ['a@b.es'] } } },
          }),
        ),
    });
    renderApp('/admin/comunicaciones/5');
    await screen.findByRole('heading', { level: 1, name: 'Bienvenida' });
    await expectNoViolations();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar envío' }));
    await expectNoViolations(await screen.findByRole('dialog'));
  });

  it('/admin/comunicaciones/:id while its emails go out (progress bar, resend)', async () => {
    stubRouteApi('admin', {
      'GET /api/announcements/6': () =>
        jsonResponse(
          announcementAnswer(6, 'Ofertas', { status: 'sent', emailsPending: 20, emailsSent: 77 }),
        ),
    });
    renderApp('/admin/comunicaciones/6');
    await screen.findByRole('progressbar');
    await expectNoViolations();
  });

  it('/admin/comunicaciones/nueva with criteria open, errors shown and the preview', async () => {
    stubRouteApi('admin', {
      'POST /api/announcements/recipients': () => jsonResponse(recipientsAnswer(12)),
      'GET /api/universities/names': () =>
        jsonResponse(collection([{ id: 1, attributes: { name: 'Universidad de Murcia' } }])),
    });
    renderApp('/admin/comunicaciones/nueva');
    await screen.findByText('12 estudiantes');
    fireEvent.click(screen.getByRole('button', { name: /^Universidad/ }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Universidad de Murcia' }));
    fireEvent.click(screen.getByRole('button', { name: /^Etapa del TFG\/M/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Direcciones de correo/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Direcciones de correo' }), {
      target: { value: 'ana@uni.es mal@' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Programar para más tarde' }));
    fireEvent.click(screen.getByRole('button', { name: 'Programar envío' }));
    await screen.findAllByText('Este campo es obligatorio.');
    await expectNoViolations();

    fireEvent.click(screen.getByRole('button', { name: 'Vista previa' }));
    await expectNoViolations(await screen.findByRole('dialog'));
  });

  it('the candidates page with "Escribir a los candidatos" open', async () => {
    stubPublishingApi({
      role: 'coordinator',
      organization: () => ({ id: 3, name: 'Huerta Viva' }),
      handlers: {
        'GET /api/projects/12?': () =>
          jsonResponse({
            data: { id: 12, attributes: { title: 'Huertos escolares', status: 'Publicada' } },
          }),
        'GET /api/applys?': () =>
          list([
            {
              id: 7,
              attributes: {
                status: 'Enviada',
                supermatch: false,
                student: {
                  data: {
                    id: 107,
                    attributes: {
                      user: { data: { id: 1, attributes: { name: 'Lucía', surname: 'Gil' } } },
                    },
                  },
                },
              },
            },
          ]),
        'POST /api/announcements/recipients': () => jsonResponse(recipientsAnswer(1)),
      },
    });
    renderApp('/projects/12/candidaturas');
    fireEvent.click(await screen.findByRole('button', { name: 'Escribir a los candidatos' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('1 candidato');
    await expectNoViolations(dialog);
  });
});
