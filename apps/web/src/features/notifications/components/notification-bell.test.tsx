import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collection, entry, fakeApi, jsonResponse, strapiError } from '../../../../test/api';
import type { FakeRequest } from '../../../../test/api/fake-api';
import { createQueryClient } from '../../../lib/query-client';
import { Toaster } from '../../../components/ui/toast';
import { NotificationBell } from './notification-bell';
import { NO_NOTIFICATIONS_MESSAGE } from './notification-list';
import { ALL_READ_MESSAGE, MARK_ALL_READ_LABEL } from './mark-all-read-button';
import { MenuButtonBadge } from './menu-button-badge';

const STUDENT_ID = 42;
const MINUTE = 60_000;

interface Row {
  id: number;
  isRead: boolean;
  subject: string;
  message?: string;
  minutesAgo: number;
}

function attributes(row: Row) {
  return {
    isRead: row.isRead,
    notification_subject: row.subject,
    notification_message: row.message ?? '<p>Hola</p>',
    createdAt: new Date(Date.now() - row.minutesAgo * MINUTE).toISOString(),
  };
}

/**
 * The API of the communication centre over `rows`, which the fake's writes change: the count
 * (`/unread-count`), the list, PUT one read and POST read-all.
 */
function centreApi(rows: Row[], { failList = false } = {}) {
  return fakeApi({
    frame: false,
    routes: {
      'GET /api/communication-centers/unread-count': () =>
        jsonResponse({ data: { unread: rows.filter((row) => !row.isRead).length } }),
      'GET /api/communication-centers': ({ url }: FakeRequest) => {
        if (failList) return strapiError(403, 'Forbidden', undefined, 'ForbiddenError');
        // As the server does: the first pageSize entries, unread first then newest, and the total.
        const pageSize = Number(url.searchParams.get('pagination[pageSize]') ?? 25);
        const sorted = [...rows].sort(
          (a, b) => Number(a.isRead) - Number(b.isRead) || a.minutesAgo - b.minutesAgo,
        );
        return jsonResponse(
          collection(
            sorted.slice(0, pageSize).map((row) => ({ id: row.id, attributes: attributes(row) })),
            { pageSize, pageCount: Math.ceil(rows.length / pageSize), total: rows.length },
          ),
        );
      },
      'PUT /api/communication-centers/': ({ url }: FakeRequest) => {
        const id = Number(url.pathname.split('/').pop());
        const row = rows.find((r) => r.id === id)!;
        row.isRead = true;
        return jsonResponse(entry(id, attributes(row)));
      },
      'POST /api/communication-centers/read-all': () => {
        const unread = rows.filter((row) => !row.isRead);
        unread.forEach((row) => (row.isRead = true));
        return jsonResponse({ data: { updated: unread.length } });
      },
    },
  });
}

function renderBell(placement: 'bar' | 'menu' = 'bar') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <NotificationBell studentId={STUDENT_ID} placement={placement} />
        <MenuButtonBadge studentId={STUDENT_ID} />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rows = (count: number, unread: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    isRead: i >= unread,
    subject: `Aviso ${i + 1}`,
    minutesAgo: (i + 1) * 10,
  }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('NotificationBell', () => {
  it('the badge shows the unread count and the bell is named with it', async () => {
    centreApi(rows(5, 3));
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notificaciones, 3 sin leer' });
    expect(within(bell).getByTestId('unread-badge').textContent).toBe('3');
    expect(bell.getAttribute('aria-expanded')).toBe('false');
  });

  it('with nothing unread there is no badge', async () => {
    centreApi(rows(2, 0));
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notificaciones, ninguna sin leer' });
    expect(within(bell).queryByTestId('unread-badge')).toBeNull();
  });

  it('the panel lists 3 entries, unread first then newest, and "Ver notificaciones antiguas" adds 3 more each time', async () => {
    const list = rows(7, 2);
    // The newest entry is read: it comes after both unread ones.
    list[6]!.minutesAgo = 1;
    centreApi(list);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones, 2 sin leer' }));
    const panel = await screen.findByRole('region', { name: 'Notificaciones' });
    const subjects = () =>
      within(panel)
        .getAllByRole('button', { name: /^Aviso/ })
        .map((b) => b.textContent?.match(/Aviso \d+/)?.[0]);
    await waitFor(() => expect(subjects()).toEqual(['Aviso 1', 'Aviso 2', 'Aviso 7']));
    expect(within(panel).getByText('hace 10 minutos')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Ver notificaciones antiguas' }));
    expect(subjects()).toEqual(['Aviso 1', 'Aviso 2', 'Aviso 7', 'Aviso 3', 'Aviso 4', 'Aviso 5']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Ver notificaciones antiguas' }));
    expect(subjects()).toHaveLength(7);
    expect(within(panel).queryByRole('button', { name: 'Ver notificaciones antiguas' })).toBeNull();
  });

  it('the panel loads the entries in blocks ahead of what it shows, not all of them, and adds older ones after those shown', async () => {
    const api = centreApi(rows(30, 0));
    renderBell();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Notificaciones, ninguna sin leer' }),
    );
    const panel = await screen.findByRole('region', { name: 'Notificaciones' });
    const subjects = () =>
      within(panel)
        .getAllByRole('button', { name: /^Aviso/ })
        .map((b) => b.textContent?.match(/Aviso \d+/)?.[0]);
    await waitFor(() => expect(subjects()).toEqual(['Aviso 1', 'Aviso 2', 'Aviso 3']));
    const pageSizes = () =>
      api
        .callsTo('GET', '/api/communication-centers')
        .map((c) => c.url.searchParams.get('pagination[pageSize]'));
    expect(pageSizes()).toEqual(['12']);
    for (let i = 0; i < 4; i += 1) {
      fireEvent.click(within(panel).getByRole('button', { name: 'Ver notificaciones antiguas' }));
    }
    await waitFor(() => expect(subjects()).toHaveLength(15));
    expect(subjects()).toEqual(Array.from({ length: 15 }, (_, i) => `Aviso ${i + 1}`));
    expect(pageSizes()).toContain('24');
  });

  it('with no entries the panel says "No Hay notificaciones nuevas"', async () => {
    centreApi([]);
    renderBell();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Notificaciones, ninguna sin leer' }),
    );
    const panel = await screen.findByRole('region', { name: 'Notificaciones' });
    expect(await within(panel).findByText(NO_NOTIFICATIONS_MESSAGE)).toBeTruthy();
  });

  it('when the list cannot be fetched, it is logged and no list (nor the empty text) is shown', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    centreApi(rows(3, 1), { failList: true });
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones, 1 sin leer' }));
    const panel = await screen.findByRole('region', { name: 'Notificaciones' });
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        'No se pudieron cargar las notificaciones.',
        expect.anything(),
      ),
    );
    expect(within(panel).queryByRole('list')).toBeNull();
    expect(within(panel).queryByText(NO_NOTIFICATIONS_MESSAGE)).toBeNull();
  });

  it('opening an entry marks it read, lowers the count at once and shows its message cleaned; closing it gives the focus back to the bell', async () => {
    const list = rows(3, 2);
    list[0]!.message =
      '<p>Mensaje <strong>importante</strong></p><img src=x onerror="window.__ran=1"><script>window.__ran=2</script>';
    const api = centreApi(list);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notificaciones, 2 sin leer' });
    fireEvent.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notificaciones' });
    fireEvent.click(await within(panel).findByRole('button', { name: /Aviso 1/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Aviso 1' });
    expect(within(dialog).getByText('importante').tagName).toBe('STRONG');
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(dialog.querySelector('script')).toBeNull();
    expect((window as { __ran?: number }).__ran).toBeUndefined();
    // The page behind the open message is inert (out of the accessibility tree): read the name.
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notificaciones, 1 sin leer'));
    expect(screen.getByText(', 1 notificación sin leer')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/communication-centers/1').map((c) => c.body)).toEqual([
      { data: { isRead: true } },
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(bell));
  });

  it('"Marcar todas como leídas" sets the count to none, shows every entry read and confirms it', async () => {
    const api = centreApi(rows(4, 3));
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones, 3 sin leer' }));
    const panel = await screen.findByRole('region', { name: 'Notificaciones' });
    await within(panel).findAllByText('Nueva');
    fireEvent.click(within(panel).getByRole('button', { name: MARK_ALL_READ_LABEL }));
    expect(
      await screen.findByRole('button', { name: 'Notificaciones, ninguna sin leer' }),
    ).toBeTruthy();
    await waitFor(() => expect(within(panel).queryAllByText('Nueva')).toHaveLength(0));
    expect(await screen.findByText(ALL_READ_MESSAGE)).toBeTruthy();
    expect(api.callsTo('POST', '/api/communication-centers/read-all')).toHaveLength(1);
    // Nothing left to mark: the button stays (the focus is not lost) but does nothing.
    expect(
      within(panel)
        .getByRole('button', { name: MARK_ALL_READ_LABEL })
        .getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('in the side menu the bell opens its list in place', async () => {
    centreApi(rows(2, 1));
    renderBell('menu');
    const bell = await screen.findByRole('button', { name: 'Notificaciones, 1 sin leer' });
    fireEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByRole('region', { name: 'Notificaciones' });
    expect(await within(panel).findByRole('button', { name: /Aviso 1/ })).toBeTruthy();
  });
});
