import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collection, jsonResponse, refusal, strapiError } from '../../../../test/api';
import { teacherEntry } from '../../../../test/api/people-admin';
import { resetRouteApi, stubRouteApi, type Answer } from '../../../../test/api/route-screens';
import { expectNoViolations } from '../../../../test/axe';
import { renderApp } from '../../../../test/render-app';
import { expectToast } from '../../../../test/toasts';

afterEach(() => {
  resetRouteApi();
  vi.restoreAllMocks();
});

const MURCIA = { id: 1, name: 'Universidad de Murcia' };

const JORGE = {
  ...teacherEntry(5, { name: 'Jorge', surname: 'Prieto', email: 'jorge@gmail.com' }),
};
JORGE.attributes.university = { data: { id: MURCIA.id, attributes: { name: MURCIA.name } } };
JORGE.attributes.createdAt = '2026-11-20T10:00:00.000Z';
const NURIA = {
  ...teacherEntry(6, { name: 'Nuria', surname: 'Esteban', email: 'nuria@correo.es' }),
};
NURIA.attributes.createdAt = '2026-11-24T10:00:00.000Z';

/**
 * The admin's API for the tab: the pending teachers are those not decided yet (the list answers
 * without them once a decision is made, as the API does); `decisions` answers the POSTs.
 */
function stubPending(
  pending: (typeof JORGE)[],
  decisions: Record<string, Answer> = {},
  list?: Answer,
) {
  const decided = new Set<number>();
  const calls = stubRouteApi('admin', {
    'GET /api/teachers?':
      list ??
      (() => jsonResponse(collection(pending.filter((teacher) => !decided.has(teacher.id))))),
    ...Object.fromEntries(
      Object.entries(decisions).map(([key, answer]) => [
        key,
        async (url: URL, init: RequestInit) => {
          const response = await answer(url, init);
          if (response.ok) decided.add(Number(url.pathname.split('/')[3]));
          return response;
        },
      ]),
    ),
  });
  return calls;
}

const pendingQueries = (calls: { method: string; url: URL }[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.pathname === '/api/teachers')
    .map((c) => c.url.searchParams)
    .filter((q) => q.get('filters[verification][$eq]') === 'pending');

const decided = (id: number, verification: string) => () =>
  jsonResponse({ data: { id, attributes: { verification } }, meta: {} });

describe('/teachers/load?vista=pendientes', () => {
  it('lists the pending teachers with their email, university and registration date, asking the API for the pending ones only', async () => {
    const calls = stubPending([JORGE, NURIA]);
    renderApp('/teachers/load');
    fireEvent.click(await screen.findByRole('link', { name: 'Pendientes' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Pendientes de verificación (2)' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pendientes' }).getAttribute('aria-current')).toBe(
      'page',
    );
    const jorge = (await screen.findByRole('rowheader', { name: 'Jorge Prieto' })).closest('tr')!;
    expect(within(jorge).getByRole('link', { name: 'jorge@gmail.com' })).toBeTruthy();
    expect(within(jorge).getByText('Universidad de Murcia')).toBeTruthy();
    expect(within(jorge).getByText('20 de noviembre de 2026')).toBeTruthy();
    const nuria = screen.getByRole('rowheader', { name: 'Nuria Esteban' }).closest('tr')!;
    expect(within(nuria).getByText('—')).toBeTruthy();

    const query = pendingQueries(calls)[0]!;
    expect(query.get('publicationState')).toBe('preview');
    expect(query.get('sort[0]')).toBe('createdAt:asc');
    expect(query.get('populate[user][fields][2]')).toBe('email');
  });

  it('"Aprobar" approves the teacher at once, says so, and the list no longer shows them', async () => {
    const calls = stubPending([JORGE, NURIA], {
      'POST /api/teachers/5/verify': decided(5, 'verified'),
    });
    renderApp('/teachers/load?vista=pendientes');
    fireEvent.click(await screen.findByRole('button', { name: 'Aprobar a Jorge Prieto' }));
    await expectToast('Jorge Prieto ya puede publicar proyectos.');
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Jorge Prieto' })).toBeNull(),
    );
    expect(screen.getByRole('rowheader', { name: 'Nuria Esteban' })).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Pendientes de verificación (1)' }),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/teachers/5/verify',
    ]);
  });

  it('"Rechazar" asks first: cancelling sends nothing, confirming rejects and refreshes the list', async () => {
    const calls = stubPending([JORGE, NURIA], {
      'POST /api/teachers/6/reject': decided(6, 'rejected'),
    });
    renderApp('/teachers/load?vista=pendientes');
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar a Nuria Esteban' }));
    let dialog = await screen.findByRole('dialog', { name: '¿Rechazar a Nuria Esteban?' });
    expect(within(dialog).getByText(/No podrá publicar proyectos/)).toBeTruthy();
    // The safe button has the focus: Enter never rejects by accident.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Rechazar a Nuria Esteban' }));
    dialog = await screen.findByRole('dialog', { name: '¿Rechazar a Nuria Esteban?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await expectToast('Has rechazado a Nuria Esteban: no podrá publicar proyectos.');
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Nuria Esteban' })).toBeNull(),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/teachers/6/reject',
    ]);
  });

  it('a refused decision is said where it was taken, and the teacher stays listed', async () => {
    stubPending([JORGE], {
      'POST /api/teachers/5/verify': () => strapiError(500, 'Internal Server Error'),
      'POST /api/teachers/5/reject': () =>
        refusal('Este profesor ya está verificado: no se puede rechazar.', 409, 'ApplicationError'),
    });
    renderApp('/teachers/load?vista=pendientes');
    fireEvent.click(await screen.findByRole('button', { name: 'Aprobar a Jorge Prieto' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se ha podido aprobar a Jorge Prieto. Inténtalo de nuevo en unos minutos.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Rechazar a Jorge Prieto' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Rechazar a Jorge Prieto?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'No se ha podido rechazar. Este profesor ya está verificado: no se puede rechazar.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('rowheader', { name: 'Jorge Prieto' })).toBeTruthy();
  });

  it('with nobody pending, says so', async () => {
    stubPending([]);
    renderApp('/teachers/load?vista=pendientes');
    expect(await screen.findByText('No hay profesorado pendiente de verificación.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('when the list cannot be read, says so and tries again on request', async () => {
    let fail = true;
    stubPending([JORGE], {}, () =>
      fail ? strapiError(500, 'Internal Server Error') : jsonResponse(collection([JORGE])),
    );
    renderApp('/teachers/load?vista=pendientes');
    expect(
      await screen.findByText(
        'No se ha podido cargar el profesorado pendiente. Inténtalo de nuevo en unos minutos.',
      ),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('rowheader', { name: 'Jorge Prieto' })).toBeTruthy();
  });

  it('has no accessibility violations: the list, the confirmation and the empty state', async () => {
    stubPending([JORGE, NURIA]);
    const { unmount } = renderApp('/teachers/load?vista=pendientes');
    await screen.findByRole('rowheader', { name: 'Jorge Prieto' });
    await expectNoViolations();
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar a Jorge Prieto' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Rechazar a Jorge Prieto?' });
    await expectNoViolations(dialog);
    unmount();
    resetRouteApi();
    stubPending([]);
    renderApp('/teachers/load?vista=pendientes');
    await screen.findByText('No hay profesorado pendiente de verificación.');
    await expectNoViolations();
  });
});
