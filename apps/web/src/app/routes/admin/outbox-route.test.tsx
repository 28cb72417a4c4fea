import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OutboxEmail, OutboxListAnswer, StrapiError } from '@plataforma/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/api';
import { stubSettingsApi } from '../../../../test/api/settings';
import { renderApp } from '../../../../test/render-app';
import { clearSession } from '../../../lib/session-tokens';

const email = (id: number, attributes: Partial<OutboxEmail['attributes']> = {}): OutboxEmail => ({
  id,
  attributes: {
    recipient: `persona${id}@uni.es`,
    subject: `Asunto ${id}`,
    template: 'reset-password',
    status: 'sent',
    attempts: 1,
    nextAttemptAt: null,
    lastError: null,
    sentAt: '2026-11-20T10:05:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:05:00.000Z',
    html: `<p>Hola ${id}</p>`,
    text: `Hola ${id}`,
    ...attributes,
  },
});

const notFound: StrapiError = {
  data: null,
  error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} },
};

/**
 * `/api/admin/outbox` in memory, in front of the settings area's answers: lists by the filters the
 * screen sends (status, part of the recipient, page of 2), one email, and the retry.
 */
function serveOutbox(emails: OutboxEmail[], { failList = false } = {}) {
  const requests: { method: string; url: string }[] = [];
  stubSettingsApi({
    '/api/admin/outbox': ({ method, url: address }) => {
      const url = `${address.pathname}${address.search}`;
      requests.push({ method, url: decodeURIComponent(url) });
      const [path = '', search = ''] = url.split('?');
      const id = Number(/\/api\/admin\/outbox\/(\d+)/.exec(path)?.[1]);
      const found = emails.find((e) => e.id === id);
      if (method === 'POST') {
        if (!found) return jsonResponse(notFound, 404);
        found.attributes = { ...found.attributes, status: 'pending', attempts: 0 };
        return jsonResponse({ data: found, meta: {} });
      }
      if (id) return found ? jsonResponse({ data: found, meta: {} }) : jsonResponse(notFound, 404);
      if (failList)
        return jsonResponse({ ...notFound, error: { ...notFound.error, status: 500 } }, 500);
      const query = new URLSearchParams(search);
      const status = query.get('filters[status]');
      const part = query.get('filters[recipient][$containsi]');
      const page = Number(query.get('pagination[page]') ?? 1);
      const pageSize = 2;
      const matching = emails.filter(
        (e) =>
          (!status || e.attributes.status === status) &&
          (!part || e.attributes.recipient.includes(part)),
      );
      const answer: OutboxListAnswer = {
        data: matching
          .slice((page - 1) * pageSize, page * pageSize)
          .map(({ id: entryId, attributes: { html: _html, text: _text, ...summary } }) => ({
            id: entryId,
            attributes: summary,
          })),
        meta: {
          pagination: {
            page,
            pageSize,
            pageCount: Math.ceil(matching.length / pageSize),
            total: matching.length,
          },
        },
      };
      return jsonResponse(answer);
    },
  });
  return { requests };
}

afterEach(() => clearSession());

describe('/admin/ajustes/correo', () => {
  it(
    'lists the emails with their state and errors, filters by state and recipient in the address, and pages',
    { timeout: 20_000 },
    async () => {
      const api = serveOutbox([
        email(3, { status: 'failed', attempts: 8, lastError: '550 mailbox unavailable' }),
        email(2),
        email(1, { recipient: 'ana@uni.es' }),
      ]);
      const { router } = renderApp('/admin/ajustes/correo');

      const sections = await screen.findByRole('navigation', { name: 'Secciones de ajustes' });
      expect(
        within(sections)
          .getByRole('link', { name: 'Correo saliente', current: 'page' })
          .getAttribute('href'),
      ).toBe('/admin/ajustes/correo');
      const list = await screen.findByRole('list', { description: '3 correos, página 1 de 2' });
      const [failed] = within(list).getAllByRole('listitem');
      expect(failed!.textContent).toContain('Fallido');
      expect(failed!.textContent).toContain('550 mailbox unavailable');
      expect(within(failed!).getByRole('link', { name: 'Asunto 3' }).getAttribute('href')).toBe(
        '/admin/ajustes/correo/3',
      );

      fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
      await screen.findByRole('link', { name: 'Asunto 1' });
      expect(router.state.location.search).toBe('?pagina=2');

      fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), {
        target: { value: 'failed' },
      });
      fireEvent.change(screen.getByRole('searchbox', { name: /Destinatario/ }), {
        target: { value: 'persona3' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
      await screen.findByRole('list', { description: '1 correo' });
      expect(router.state.location.search).toBe('?estado=failed&destinatario=persona3');
      expect(api.requests.at(-1)?.url).toContain(
        'filters[status]=failed&filters[recipient][$containsi]=persona3',
      );

      fireEvent.change(screen.getByRole('searchbox', { name: /Destinatario/ }), {
        target: { value: 'nadie' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
      await screen.findByText('No hay correos con estos filtros.');
    },
  );

  it('shows an email with both versions, retries a failed one and says so', async () => {
    const api = serveOutbox([email(3, { status: 'failed', lastError: '550 no such user' })]);
    renderApp('/admin/ajustes/correo/3?estado=failed');

    expect((await screen.findByRole('heading', { name: 'Asunto 3' })).tagName).toBe('H3');
    expect(screen.getByTitle('Versión HTML del correo').getAttribute('sandbox')).toBe('');
    expect(screen.getByText('Hola 3').tagName).toBe('PRE');
    expect(
      screen.getByRole('link', { name: 'Volver al correo saliente' }).getAttribute('href'),
    ).toBe('/admin/ajustes/correo?estado=failed');

    fireEvent.click(screen.getByRole('button', { name: 'Reintentar ahora' }));
    await screen.findByText('El correo se enviará de nuevo en breve.');
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/admin/outbox/3/retry',
    ]);
    await waitFor(() => expect(screen.getByText('Pendiente')).toBeTruthy());
  });

  it('says so when the list cannot be read, and when an email does not exist', async () => {
    serveOutbox([], { failList: true });
    const { router } = renderApp('/admin/ajustes/correo');
    await screen.findByText('No se pudo cargar el correo saliente.', {}, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();

    await router.navigate('/admin/ajustes/correo/99');
    await screen.findByText('Este correo no existe.');
  }, 20_000);

  it('takes the former address of the outbox to the settings area', async () => {
    serveOutbox([email(7)]);
    const { router } = renderApp('/admin/outbox/7');
    await screen.findByRole('heading', { name: 'Asunto 7' });
    expect(router.state.location.pathname).toBe('/admin/ajustes/correo/7');
  });
});
