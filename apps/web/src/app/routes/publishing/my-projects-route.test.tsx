import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { myProject, myProjectsAnswer } from '../../../../test/api/projects';
import { jsonResponse } from '../../../../test/api';
import { callsTo, stubPublishingApi } from '../../../../test/api/publishing';
import { renderApp } from '../../../../test/render-app';
import { clearSession } from '../../../lib/session-tokens';

afterEach(() => {
  clearSession();
  localStorage.clear();
});

const MINE = [
  // Five candidates, two of them waiting for a decision.
  myProject(1, 'Huertos escolares', {
    status: 'Publicada',
    candidatesByStatus: { Enviada: 1, 'En revisión': 1, Seleccionado: 1, Suplente: 2 },
  }),
  myProject(2, 'Radio comunitaria', { status: 'Pendiente' }),
  myProject(3, 'Mapa de accesibilidad', {
    status: 'Rechazada',
    rejection_reason: 'Falta el perfil académico',
  }),
];

function stubList(role: 'teacher' | 'coordinator' = 'teacher') {
  return stubPublishingApi({
    role,
    organization: () => (role === 'coordinator' ? { id: 4, name: 'Fundación Mar' } : null),
    handlers: {
      'GET /api/projects/mine': () => jsonResponse(myProjectsAnswer(MINE)),
      'PUT /api/projects/': () => jsonResponse({ data: { id: 2, attributes: {} } }),
      'DELETE /api/projects/': () => jsonResponse({ data: { id: 2, attributes: {} } }),
    },
  });
}

describe('/projects/personal and /organizations', { timeout: 15_000 }, () => {
  it("the teacher's list shows each project's status, candidates and waiting ones, and the rejection reason", async () => {
    stubList();
    renderApp('/projects/personal');
    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    const row = within(table).getByRole('row', { name: /Huertos escolares/ });
    expect(within(row).getByText('Publicada')).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Publicada', '5', '2', expect.stringContaining('Candidaturas')]);
    expect(
      within(row).getByRole('link', { name: /Candidaturas de «Huertos escolares»/ }),
    ).toHaveProperty('pathname', '/projects/1/candidaturas');
    // With candidates it cannot be deleted; a draft without them can.
    expect(within(row).queryByRole('button', { name: /Borrar/ })).toBeNull();
    const draft = within(table).getByRole('row', { name: /Radio comunitaria/ });
    expect(within(draft).getByRole('button', { name: /Borrar/ })).toBeTruthy();
    expect(within(table).getByText(/Falta el perfil académico/)).toBeTruthy();
  });

  it('"Enviar a revisión" asks first, then PUTs the status and says so', async () => {
    const calls = stubList();
    renderApp('/projects/personal');
    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    fireEvent.click(
      within(table).getByRole('button', { name: 'Enviar a revisión: «Radio comunitaria»' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Enviar el proyecto a revisión?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar a revisión' }));

    expect(await screen.findByText('Proyecto enviado a revisión.')).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/api/projects/2').map((call) => call.body)).toEqual([
      { data: { status: 'Por validar' } },
    ]);
  });

  it('"Borrar" cancelled deletes nothing; confirmed, it DELETEs', async () => {
    const calls = stubList();
    renderApp('/projects/personal');
    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    const remove = within(table).getByRole('button', { name: 'Borrar: «Radio comunitaria»' });
    fireEvent.click(remove);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '¿Borrar el proyecto?' })).getByRole(
        'button',
        { name: 'Cancelar' },
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'DELETE', '/api/projects/2')).toHaveLength(0);

    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: '¿Borrar el proyecto?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Borrar' }));
    expect(await screen.findByText('Proyecto borrado.')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/api/projects/2')).toHaveLength(1);
  });

  it("a coordinator's list at /organizations names the organisation; the phone layout has one card per project", async () => {
    stubList('coordinator');
    renderApp('/organizations');
    expect(
      await screen.findByText(/Los proyectos de Fundación Mar/, undefined, { timeout: 4000 }),
    ).toBeTruthy();
    const cards = await screen.findByRole('list', { name: 'Tus proyectos' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    expect(within(cards).getByRole('article', { name: 'Huertos escolares' })).toBeTruthy();
  });
});
