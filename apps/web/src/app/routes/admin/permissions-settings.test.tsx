import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/api';
import { stubSettingsApi, writes } from '../../../../test/api/settings';
import { renderApp } from '../../../../test/render-app';
import { clearSession } from '../../../lib/session-tokens';

afterEach(() => {
  clearSession();
});

/** Rows of `GET /api/feature-permissions`: students have projects (no create) and resources. */
function permissionRows() {
  return {
    data: [
      {
        id: 11,
        attributes: {
          role: 'student',
          feature: 'projects',
          enabled: true,
          create: false,
          update: false,
        },
      },
      {
        id: 12,
        attributes: {
          role: 'student',
          feature: 'resources',
          enabled: true,
          create: false,
          update: false,
        },
      },
      {
        id: 21,
        attributes: {
          role: 'public',
          feature: 'projects',
          enabled: false,
          create: false,
          update: false,
        },
      },
    ],
    meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 3 } },
  };
}

async function openRole(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
  return screen.findByRole('tabpanel', { name });
}

describe('permission matrix', () => {
  it('shows a tab per role and, in it, each feature with its flags named in full', async () => {
    stubSettingsApi({ '/api/feature-permissions': () => jsonResponse(permissionRows()) });
    renderApp('/admin/ajustes/permisos');

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Visitantes',
      'Estudiantes',
      'Profesorado',
      'Coordinadores',
      'Administración',
    ]);
    const panel = await openRole('Estudiantes');
    const switches = within(panel).getAllByRole('switch');
    // 7 features: projects, tfxes and organizations have 3 flags, the other four only access.
    expect(switches).toHaveLength(13);
    const projectsCreate = within(panel).getByRole('switch', {
      name: 'Estudiantes: Proyectos — crear',
    });
    expect(projectsCreate.getAttribute('aria-checked')).toBe('false');
    expect(
      within(panel)
        .getByRole('switch', { name: 'Estudiantes: Proyectos — acceso' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    // A feature without a row is off, as the server reads it.
    expect(
      within(panel)
        .getByRole('switch', { name: 'Estudiantes: Comunicaciones — acceso' })
        .getAttribute('aria-checked'),
    ).toBe('false');
  });

  it('saves only the changed rows: PUT for existing ones, POST for a role without a row, then reloads the switches', async () => {
    const fetchMock = stubSettingsApi({
      '/api/feature-permissions/11': () =>
        jsonResponse({ data: { id: 11, attributes: {} }, meta: {} }),
      '/api/feature-permissions': () => jsonResponse(permissionRows()),
    });
    renderApp('/admin/ajustes/permisos');

    let panel = await openRole('Estudiantes');
    fireEvent.click(within(panel).getByRole('switch', { name: 'Estudiantes: Proyectos — crear' }));
    // Toggled twice: back as saved, so not a change.
    const resources = within(panel).getByRole('switch', { name: 'Estudiantes: Recursos — acceso' });
    fireEvent.click(resources);
    fireEvent.click(resources);
    panel = await openRole('Profesorado');
    fireEvent.click(
      within(panel).getByRole('switch', { name: 'Profesorado: Comunicaciones — acceso' }),
    );
    expect(screen.getByText('Hay 2 funciones con cambios sin guardar.')).toBeTruthy();

    const permissionsReads = () =>
      fetchMock.mock.calls.filter(([input]) => input === '/api/permissions/status').length;
    const readsBefore = permissionsReads();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar permisos' }));

    expect(await screen.findByText(/Permisos guardados/)).toBeTruthy();
    expect(writes(fetchMock)).toEqual([
      [
        'PUT',
        '/api/feature-permissions/11',
        { data: { enabled: true, create: true, update: false } },
      ],
      [
        'POST',
        '/api/feature-permissions',
        {
          data: {
            role: 'teacher',
            feature: 'notifications',
            enabled: true,
            create: false,
            update: false,
          },
        },
      ],
    ]);
    // The menus' own switches (['permissions']) are fetched again.
    await waitFor(() => expect(permissionsReads()).toBeGreaterThan(readsBefore));
  });

  it('when the server refuses the save, it says so and keeps the changes to try again', async () => {
    stubSettingsApi({
      '/api/feature-permissions/11': () =>
        jsonResponse(
          {
            data: null,
            error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} },
          },
          403,
        ),
      '/api/feature-permissions': () => jsonResponse(permissionRows()),
    });
    renderApp('/admin/ajustes/permisos');

    const panel = await openRole('Estudiantes');
    const create = within(panel).getByRole('switch', { name: 'Estudiantes: Proyectos — crear' });
    fireEvent.click(create);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar permisos' }));

    expect((await screen.findByRole('alert')).textContent).toMatch(/No tienes permiso/);
    expect(create.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Hay 1 función con cambios sin guardar.')).toBeTruthy();
  });
});
