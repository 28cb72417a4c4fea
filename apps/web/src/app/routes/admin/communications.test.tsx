import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apiFull,
  announcementAnswer,
  announcementEntry,
  announcementsAnswer,
  collection,
  jsonResponse,
  recipientsAnswer,
  refusal,
  resendAnswer,
  strapiError,
  type FakeRequest,
} from '../../../../test/api';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';
import { expectToast } from '../../../../test/toasts';

afterEach(resetRouteApi);

const names = (entries: [number, string][]) =>
  jsonResponse(collection(entries.map(([id, name]) => ({ id, attributes: { name } }))));

const sentTo = (calls: FakeRequest[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.pathname === path);

/** Writes `html` into the rich text editor named `name`, as typing would. */
function writeInEditor(name: string, html: string) {
  const box = screen.getByRole<HTMLElement & { editor: Editor }>('textbox', { name });
  act(() => {
    box.editor.commands.setContent(html);
  });
}

describe('/admin/comunicaciones (history)', () => {
  it('lists the communications newest first with state, author, moment and delivery', async () => {
    const calls = stubRouteApi('admin', {
      'GET /api/announcements?': () =>
        jsonResponse(
          announcementsAnswer(
            [
              announcementEntry(2, 'Jornada de empleo', {
                status: 'scheduled',
                sendAt: '2026-12-03T09:00:00.000Z',
                sentAt: null,
                recipients: 0,
                emailsQueued: 0,
                emailsSent: 0,
                emailsFailed: 0,
                entriesRead: 0,
              }),
              announcementEntry(1, 'Bienvenida al curso', { recipients: 1234 }),
            ],
            { pageCount: 2, total: 21 },
          ),
        ),
    });
    renderApp('/admin/comunicaciones');
    expect(await screen.findByRole('heading', { level: 1, name: 'Comunicaciones' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Comunicaciones' });
    const [scheduled, sent] = within(list).getAllByRole('listitem');
    expect(
      within(scheduled!).getByRole('link', { name: 'Jornada de empleo' }).getAttribute('href'),
    ).toBe('/admin/comunicaciones/2');
    expect(scheduled!.textContent).toContain('Programada');
    expect(scheduled!.textContent).toContain('Programada para el 3 de diciembre de 2026');
    // Before the send, its counts are not known yet.
    expect(within(scheduled!).getAllByText('—')).toHaveLength(4);
    expect(sent!.textContent).toContain('Enviada el 20 de noviembre de 2026');
    expect(sent!.textContent).toContain('Por Marta Gil');
    expect(within(sent!).getByText('1234')).toBeTruthy();
    expect(within(sent!).getByText('97')).toBeTruthy();
    expect(screen.getByText('21 comunicaciones')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Página 2' }).getAttribute('href')).toBe(
      '/admin/comunicaciones?page=2',
    );
    const [read] = sentTo(calls, 'GET', '/api/announcements');
    expect(read!.url.searchParams.get('populate')).toBe('author');
    expect(read!.url.searchParams.get('pagination[page]')).toBe('1');
  });

  it('says when there is none yet, and offers to write the first', async () => {
    stubRouteApi('admin', {
      'GET /api/announcements?': () => jsonResponse(announcementsAnswer([])),
    });
    renderApp('/admin/comunicaciones');
    expect(await screen.findByText('Todavía no se ha enviado ninguna comunicación.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Escribir la primera' }).getAttribute('href')).toBe(
      '/admin/comunicaciones/nueva',
    );
  });

  it('when the history cannot be read, says so and tries again on demand', async () => {
    let fail = true;
    stubRouteApi('admin', {
      'GET /api/announcements?': () =>
        fail
          ? strapiError(400, 'Invalid query')
          : jsonResponse(announcementsAnswer([announcementEntry(1, 'Bienvenida')])),
    });
    renderApp('/admin/comunicaciones');
    expect(
      await screen.findByText(
        'No se ha podido cargar el historial. Inténtalo de nuevo en unos minutos.',
      ),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'Bienvenida' })).toBeTruthy();
  });

  it('a signed-in coordinator is told the screen is not for them', async () => {
    stubRouteApi('coordinator', {});
    renderApp('/admin/comunicaciones');
    expect(await screen.findByRole('heading', { name: 'Sin permiso' })).toBeTruthy();
  });
});

describe('/admin/comunicaciones/:id (detail)', () => {
  it('says who it was for in words, shows the delivery and the cleaned message', async () => {
    stubRouteApi('admin', {
      'GET /api/announcements/5': () =>
        jsonResponse(
          announcementAnswer(5, 'Bienvenida', {
            message: '<p>Hola <strong>a todos</strong></p><script>alert(1)</script>',
            audience: {
              university: { id: { $eq: 1 } },
              thesis_stage: { $in: ['doing'] },
              applys: { project: { id: { $eq: 9 } }, status: { $in: ['Seleccionado'] } },
            },
          }),
        ),
      'GET /api/universities/names': () => names([[1, 'Universidad de Murcia']]),
      'GET /api/projects?': () =>
        jsonResponse(collection([{ id: 9, attributes: { title: 'Huertos escolares' } }])),
    });
    renderApp('/admin/comunicaciones/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenida' })).toBeTruthy();
    const audience = screen.getByRole('heading', { name: 'Destinatarios' }).parentElement!;
    await within(audience).findByText('Universidad de Murcia');
    expect(within(audience).getByText('Haciendo el TFG/M')).toBeTruthy();
    expect(
      await within(audience).findByText(
        'al proyecto «Huertos escolares», en estado «Seleccionado»',
      ),
    ).toBeTruthy();
    expect(audience.textContent).not.toContain('$eq');

    const bar = screen.getByRole('progressbar', { name: 'Correos procesados' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('100 de 100 (100 %)');
    const message = screen.getByRole('heading', { name: 'Mensaje' }).parentElement!;
    expect(message.querySelector('strong')?.textContent).toBe('a todos');
    expect(message.querySelector('script')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ver como la ve el estudiante' }));
    const popup = await screen.findByRole('dialog', { name: 'Bienvenida' });
    expect(popup.textContent).toContain('Recibida el 20 de noviembre de 2026');
  });

  it('follows a send live and stops asking once it is done', async () => {
    let reads = 0;
    const calls = stubRouteApi('admin', {
      'GET /api/announcements/6': () => {
        reads += 1;
        return jsonResponse(
          announcementAnswer(
            6,
            'Ofertas',
            reads === 1
              ? { status: 'sending', emailsPending: 60, emailsSent: 40, emailsFailed: 0 }
              : { status: 'sent', emailsPending: 0, emailsSent: 100, emailsFailed: 0 },
          ),
        );
      },
    });
    renderApp('/admin/comunicaciones/6');
    expect(
      (await screen.findByRole('progressbar', { name: 'Correos procesados' })).getAttribute(
        'aria-valuenow',
      ),
    ).toBe('40');
    expect(screen.getByText('Se actualiza sola mientras dura el envío.')).toBeTruthy();
    await waitFor(
      () =>
        expect(
          screen
            .getByRole('progressbar', { name: 'Correos procesados' })
            .getAttribute('aria-valuenow'),
        ).toBe('100'),
      { timeout: 6000 },
    );
    expect(screen.queryByText('Se actualiza sola mientras dura el envío.')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(sentTo(calls, 'GET', '/api/announcements/6')).toHaveLength(2);
  });

  it('resends the failed emails and says how many went back to the queue', async () => {
    const calls = stubRouteApi('admin', {
      'GET /api/announcements/5': () => jsonResponse(announcementAnswer(5, 'Bienvenida')),
      'POST /api/announcements/5/resend': () => jsonResponse(resendAnswer(3)),
    });
    renderApp('/admin/comunicaciones/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar los fallidos (3)' }));
    await expectToast('3 correos vuelven a estar en cola.');
    expect(sentTo(calls, 'POST', '/api/announcements/5/resend')).toHaveLength(1);
  });

  it('cancels a scheduled send after asking', async () => {
    let cancelled = false;
    const scheduled = {
      status: 'scheduled' as const,
      sendAt: '2026-12-03T09:00:00.000Z',
      sentAt: null,
      recipients: 0,
      emailsQueued: 0,
      emailsSent: 0,
      emailsFailed: 0,
    };
    const calls = stubRouteApi('admin', {
      'GET /api/announcements/8': () =>
        jsonResponse(
          announcementAnswer(
            8,
            'Jornada',
            cancelled ? { ...scheduled, status: 'cancelled' } : scheduled,
          ),
        ),
      'POST /api/announcements/8/cancel': () => {
        cancelled = true;
        return jsonResponse(
          announcementAnswer(8, 'Jornada', { ...scheduled, status: 'cancelled' }),
        );
      },
    });
    renderApp('/admin/comunicaciones/8');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar envío' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar el envío?' });
    // The dismiss button takes the focus: Enter never cancels by accident.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Mantener el envío' }),
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar envío' }));
    await expectToast('Has cancelado el envío de «Jornada».');
    expect(await screen.findByText('Se canceló antes de enviarse: no llegó a nadie.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancelar envío' })).toBeNull(),
    );
    expect(sentTo(calls, 'POST', '/api/announcements/8/cancel')).toHaveLength(1);
  });

  it('a cancel refused because the send started shows the server’s reason', async () => {
    stubRouteApi('admin', {
      'GET /api/announcements/8': () =>
        jsonResponse(
          announcementAnswer(8, 'Jornada', {
            status: 'scheduled',
            sendAt: '2026-12-03T09:00:00.000Z',
            sentAt: null,
          }),
        ),
      'POST /api/announcements/8/cancel': () =>
        refusal(
          'La comunicación ya no se puede cancelar: su envío ha empezado o ha terminado.',
          409,
          'ApplicationError',
        ),
    });
    renderApp('/admin/comunicaciones/8');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar envío' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar el envío?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar envío' }));
    expect(
      await screen.findByText(
        'No se ha cancelado el envío: La comunicación ya no se puede cancelar: su envío ha empezado o ha terminado.',
      ),
    ).toBeTruthy();
  });

  it('an unknown id is "not found"', async () => {
    stubRouteApi('admin', {
      'GET /api/announcements/99': () => strapiError(404, 'Not Found'),
    });
    renderApp('/admin/comunicaciones/99');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  });
});

describe('/admin/comunicaciones/nueva (composer)', () => {
  it('builds the audience, counts it live, previews the message cleaned, confirms the count and opens the sent one', async () => {
    const calls = stubRouteApi('admin', {
      'POST /api/announcements/recipients': (_url, init) => {
        const { data } = JSON.parse(init.body as string) as { data: { audience: object } };
        return jsonResponse(recipientsAnswer(Object.keys(data.audience).length === 0 ? 900 : 42));
      },
      'GET /api/universities/names': () => names([[1, 'Universidad de Murcia']]),
      'POST /api/announcements?': (_url, init) => {
        const { data } = JSON.parse(init.body as string) as { data: { subject: string } };
        return jsonResponse(
          announcementAnswer(31, data.subject, { status: 'scheduled', sentAt: null }),
          201,
        );
      },
      'GET /api/announcements/31': () =>
        jsonResponse(announcementAnswer(31, 'Jornada de empleo', { status: 'sending' })),
    });
    const { router } = renderApp('/admin/comunicaciones/nueva');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nueva comunicación' }),
    ).toBeTruthy();
    // Without criteria: every student.
    expect(await screen.findByText('900 estudiantes')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Universidad/ }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Universidad de Murcia' }));
    fireEvent.click(screen.getByRole('button', { name: /^Provincia/ }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar en provincia' }), {
      target: { value: 'murc' },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Murcia' }));
    fireEvent.click(screen.getByRole('button', { name: /^Estado de la candidatura/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionado' }));
    expect(await screen.findByText('42 estudiantes')).toBeTruthy();
    const counted = sentTo(calls, 'POST', '/api/announcements/recipients').at(-1)!;
    expect(counted.body).toEqual({
      data: {
        audience: {
          university: { id: { $eq: 1 } },
          province: { $in: ['Murcia'] },
          applys: { status: { $in: ['Seleccionado'] } },
        },
      },
    });
    // The count waits for a pause: changes in a row are counted once, not one by one.
    expect(sentTo(calls, 'POST', '/api/announcements/recipients').length).toBeLessThanOrEqual(4);

    fireEvent.change(screen.getByRole('textbox', { name: 'Asunto' }), {
      target: { value: 'Jornada de empleo' },
    });
    writeInEditor('Mensaje', '<p>Os esperamos <strong>el jueves</strong></p>');
    fireEvent.change(screen.getByRole('combobox', { name: 'Tipo de aviso' }), {
      target: { value: 'professional_offers' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Vista previa' }));
    const preview = await screen.findByRole('dialog', { name: 'Jornada de empleo' });
    expect(preview.querySelector('strong')?.textContent).toBe('el jueves');
    fireEvent.click(within(preview).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Enviar la comunicación?' });
    expect(confirm.textContent).toContain('«Jornada de empleo» llegará a 42 estudiantes.');
    expect(confirm.textContent).toContain(
      'por correo quienes tengan activado el aviso «Hay ofertas de empleo o prácticas para mí»',
    );
    expect(sentTo(calls, 'POST', '/api/announcements')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enviar a 42 estudiantes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/comunicaciones/31'));
    await expectToast('«Jornada de empleo» se está enviando.');
    const [created] = sentTo(calls, 'POST', '/api/announcements');
    expect(created!.body).toEqual({
      data: {
        subject: 'Jornada de empleo',
        message: '<p>Os esperamos <strong>el jueves</strong></p>',
        audience: {
          university: { id: { $eq: 1 } },
          province: { $in: ['Murcia'] },
          applys: { status: { $in: ['Seleccionado'] } },
        },
        kind: 'professional_offers',
      },
    });
  });

  it('when the API is full, the confirmation stays open, says so, and sending again uses the same key (ADR 0070)', async () => {
    let full = true;
    const calls = stubRouteApi('admin', {
      'POST /api/announcements/recipients': () => jsonResponse(recipientsAnswer(5)),
      'POST /api/announcements?': (_url, init) => {
        if (full) return apiFull(120); // longer than the web waits: the last attempt at once
        const { data } = JSON.parse(init.body as string) as { data: { subject: string } };
        return jsonResponse(announcementAnswer(31, data.subject), 201);
      },
      'GET /api/announcements/31': () =>
        jsonResponse(announcementAnswer(31, 'Jornada de empleo', { status: 'sending' })),
    });
    const { router } = renderApp('/admin/comunicaciones/nueva');
    await screen.findByText('5 estudiantes');
    fireEvent.change(screen.getByRole('textbox', { name: 'Asunto' }), {
      target: { value: 'Jornada de empleo' },
    });
    writeInEditor('Mensaje', '<p>Os esperamos</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Enviar la comunicación?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enviar a 5 estudiantes' }));

    const failure = await within(confirm).findByRole('alert');
    expect(failure.textContent).toContain(
      'Hay mucha gente ahora mismo y no se ha podido enviar. Lo que has escrito sigue aquí',
    );
    expect(screen.getByRole('dialog', { name: '¿Enviar la comunicación?' })).toBe(confirm);

    full = false;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enviar a 5 estudiantes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/comunicaciones/31'));
    const keys = sentTo(calls, 'POST', '/api/announcements').map(
      (call) => call.headers['Idempotency-Key'],
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('without subject or message says so at the fields and sends nothing', async () => {
    const calls = stubRouteApi('admin', {
      'POST /api/announcements/recipients': () => jsonResponse(recipientsAnswer(5)),
    });
    renderApp('/admin/comunicaciones/nueva');
    await screen.findByText('5 estudiantes');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const subject = screen.getByRole('textbox', { name: 'Asunto' });
    await waitFor(() => expect(document.activeElement).toBe(subject));
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentTo(calls, 'POST', '/api/announcements')).toHaveLength(0);
  });

  it('reads pasted and uploaded addresses, reports the invalid ones and shows the count’s refusal', async () => {
    const calls = stubRouteApi('admin', {
      'POST /api/announcements/recipients': (_url, init) => {
        const { data } = JSON.parse(init.body as string) as {
          data: { audience: { user?: { email: { $in: string[] } } } };
        };
        const emails = data.audience.user?.email.$in ?? [];
        return emails.includes('roto@uni.es')
          ? strapiError(400, 'audience.user.email: invalid')
          : jsonResponse(recipientsAnswer(emails.length));
      },
    });
    renderApp('/admin/comunicaciones/nueva');
    fireEvent.click(await screen.findByRole('button', { name: /^Direcciones de correo/ }));
    const pasted = screen.getByRole('textbox', { name: 'Direcciones de correo' });
    fireEvent.change(pasted, { target: { value: 'ana@uni.es, luis@uni.es; mal@' } });
    expect(await screen.findByText(/No son direcciones válidas y no se usan: mal@\./)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Añadir desde un archivo (.csv o .txt)'), {
      target: {
        files: [
          new File(['nombre;correo\nAna;ANA@uni.es\nPablo;pablo@uni.es\nX;x@'], 'lista.csv', {
            type: 'text/csv',
          }),
        ],
      },
    });
    expect(
      await screen.findByText(
        'De «lista.csv»: 1 dirección añadida, 1 ya estaba en la lista. No son direcciones válidas: x@.',
      ),
    ).toBeTruthy();
    expect((pasted as HTMLTextAreaElement).value).toBe(
      'ana@uni.es, luis@uni.es; mal@\npablo@uni.es\n',
    );
    expect(await screen.findByText('3 estudiantes')).toBeTruthy();
    expect(sentTo(calls, 'POST', '/api/announcements/recipients').at(-1)!.body).toEqual({
      data: {
        audience: { user: { email: { $in: ['ana@uni.es', 'luis@uni.es', 'pablo@uni.es'] } } },
      },
    });

    fireEvent.change(pasted, { target: { value: 'roto@uni.es' } });
    expect(
      await screen.findByText(
        /No se han podido contar los destinatarios: Los datos enviados no son válidos/,
      ),
    ).toBeTruthy();
  });

  it('schedules a send for a moment to come, in the browser’s time', async () => {
    const calls = stubRouteApi('admin', {
      'POST /api/announcements/recipients': () => jsonResponse(recipientsAnswer(7)),
      'POST /api/announcements?': () =>
        jsonResponse(
          announcementAnswer(40, 'Recordatorio', {
            status: 'scheduled',
            sendAt: new Date(2099, 0, 15, 10, 30).toISOString(),
            sentAt: null,
          }),
          201,
        ),
      'GET /api/announcements/40': () =>
        jsonResponse(announcementAnswer(40, 'Recordatorio', { status: 'scheduled' })),
    });
    renderApp('/admin/comunicaciones/nueva');
    await screen.findByText('7 estudiantes');
    fireEvent.change(screen.getByRole('textbox', { name: 'Asunto' }), {
      target: { value: 'Recordatorio' },
    });
    writeInEditor('Mensaje', '<p>Quedan dos días.</p>');
    fireEvent.click(screen.getByRole('radio', { name: 'Programar para más tarde' }));
    const day = screen.getByRole('textbox', { name: /^Día/ });
    fireEvent.change(day, { target: { value: '01/01/2020' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Hora/ }), {
      target: { value: '10:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Programar envío' }));
    expect(await screen.findByText('Elige un momento que aún no haya pasado.')).toBeTruthy();

    fireEvent.change(day, { target: { value: '15/01/2099' } });
    fireEvent.click(screen.getByRole('button', { name: 'Programar envío' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Programar la comunicación?' });
    // The date in the reader's words (ICU writes "…, 10:30" or "… a las 10:30").
    expect(confirm.textContent).toMatch(
      /se enviará el 15 de enero de 2099(,| a las) 10:30 a quienes/,
    );
    expect(confirm.textContent).toContain('ahora serían 7 estudiantes');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Programar' }));
    await expectToast(/«Recordatorio» se enviará el 15 de enero de 2099(,| a las) 10:30\./);
    const [created] = sentTo(calls, 'POST', '/api/announcements');
    expect((created!.body as { data: { sendAt: string } }).data.sendAt).toBe(
      new Date(2099, 0, 15, 10, 30).toISOString(),
    );
  });
});
