import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { entry, jsonResponse } from '../../../../test/api';
import { myProjectsAnswer } from '../../../../test/api/projects';
import {
  callsTo,
  PUBLISHING_PERMISSIONS,
  stubPublishingApi,
} from '../../../../test/api/publishing';
import { renderApp } from '../../../../test/render-app';
import type { OrganizationAttributes } from '../../../features/publishing/types';
import {
  markWelcomeShownThisSession,
  WELCOME_SHOWN_COOKIE,
} from '../../../features/welcome/utils/welcome-storage';
import { clearSession } from '../../../lib/session-tokens';

afterEach(() => {
  clearSession();
  localStorage.clear();
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
});

const ORGANIZATION_ID = 21;
/** The coordinators' switches with editing their organisation on (spec §3 Permissions). */
const CAN_EDIT = {
  ...PUBLISHING_PERMISSIONS,
  organizations: { enabled: true, create: true, update: true },
};

/** The organisation as `GET /api/organizations/21?populate=logo` answers its coordinator. */
const SAVED: OrganizationAttributes = {
  name: 'Fundación Mar',
  type: 'Entidad religiosa',
  sector: 'Medio ambiente',
  size: '10-49 personas',
  description: 'Cuidamos la costa',
  location: 'Murcia',
  web: 'https://mar.example.org',
  linkedin: null,
  reachedUsHow: 'Linkedin',
  logo: { data: null },
  contact_name: 'Ana Martín',
  contact_mail: 'ana@mar.example.org',
  contact_phone: '+34 600 000 000',
};

const stepText = () => screen.getByRole('progressbar').getAttribute('aria-valuetext');
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
const field = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });

function stubCoordinator({
  organization = { id: ORGANIZATION_ID, name: 'Fundación Mar' },
  permissions = CAN_EDIT,
  load = () => jsonResponse(entry(ORGANIZATION_ID, SAVED)),
}: {
  organization?: { id: number; name: string } | null;
  permissions?: typeof CAN_EDIT;
  load?: () => Response | Promise<Response>;
} = {}) {
  return stubPublishingApi({
    role: 'coordinator',
    organization: () => organization,
    permissions,
    handlers: {
      [`GET /api/organizations/${ORGANIZATION_ID}`]: load,
      [`PUT /api/organizations/${ORGANIZATION_ID}`]: ({ body }) =>
        jsonResponse(entry(ORGANIZATION_ID, { ...SAVED, ...(body as { data: object }).data })),
      'GET /api/projects/mine': () => jsonResponse(myProjectsAnswer([])),
    },
  });
}

describe('/organizations/editar', { timeout: 15_000 }, () => {
  it('a coordinator finds their organisation filled in, changes it and saves it with PUT; they land on /organizations', async () => {
    const calls = stubCoordinator();
    const { router } = renderApp('/organizations/editar');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Editar «Fundación Mar»' }),
    ).toBeTruthy();
    expect(field(/Nombre de la organización/).value).toBe('Fundación Mar');
    // A type typed under "Otra" at creation comes back as "Otra" with its text.
    expect(
      screen.getByRole<HTMLSelectElement>('combobox', { name: /Tipo de organización/ }).value,
    ).toBe('Otra');
    expect(field(/Escribe el tipo de organización/).value).toBe('Entidad religiosa');
    fireEvent.change(field(/Descripción/), { target: { value: 'Cuidamos la costa y los ríos' } });
    next();
    await waitFor(() => expect(stepText()).toBe('Paso 2 de 3'));
    expect(field(/Página web/).value).toBe('https://mar.example.org');
    fireEvent.change(field(/Página web/), { target: { value: '' } });
    next();
    await waitFor(() => expect(stepText()).toBe('Paso 3 de 3'));
    expect(field(/Correo electrónico de contacto/).value).toBe('ana@mar.example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    expect(
      await screen.findByText(
        'Cambios guardados. Los estudiantes ya ven los nuevos datos de tu organización.',
      ),
    ).toBeTruthy();
    const [put] = callsTo(calls, 'PUT', `/api/organizations/${ORGANIZATION_ID}`);
    expect(put?.body).toEqual({
      data: {
        name: 'Fundación Mar',
        type: 'Entidad religiosa',
        sector: 'Medio ambiente',
        size: '10-49 personas',
        description: 'Cuidamos la costa y los ríos',
        location: 'Murcia',
        // Emptied: cleared, not left as it was.
        web: null,
        linkedin: null,
        reachedUsHow: 'Linkedin',
        logo: null,
        contact_name: 'Ana Martín',
        contact_mail: 'ana@mar.example.org',
        // The phone field writes international form (ADR 0034).
        contact_phone: '+34600000000',
      },
    });
  });

  it('/organizations and the profile menu lead here with "Editar mi organización" and "Mi organización"', async () => {
    stubCoordinator();
    const { router } = renderApp('/organizations');

    const main = await screen.findByRole('main');
    const edit = await within(main).findByRole('link', { name: 'Editar mi organización' });
    expect(edit.getAttribute('href')).toBe('/organizations/editar');
    fireEvent.click(screen.getByRole('button', { name: /Menú de la cuenta de/ }));
    const item = await screen.findByRole('menuitem', { name: 'Mi organización' });
    expect(item.getAttribute('href')).toBe('/organizations/editar');
    fireEvent.click(edit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/editar'));
  });

  it('without the update switch, /organizations does not offer to edit it', async () => {
    stubCoordinator({ permissions: PUBLISHING_PERMISSIONS });
    renderApp('/organizations');
    await screen.findByText(/Los proyectos de Fundación Mar/);
    expect(screen.queryByRole('link', { name: 'Editar mi organización' })).toBeNull();
  });

  it('while the organisation loads, it says "Cargando..."', async () => {
    stubCoordinator({ load: () => new Promise<Response>(() => {}) });
    renderApp('/organizations/editar');
    expect(await screen.findByText('Cargando...')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('when it cannot be loaded, it says so and "Reintentar" loads it again', async () => {
    let fail = true;
    stubCoordinator({
      load: () =>
        fail
          ? jsonResponse(
              {
                data: null,
                error: { status: 500, name: 'InternalServerError', message: 'x', details: {} },
              },
              500,
            )
          : jsonResponse(entry(ORGANIZATION_ID, SAVED)),
    });
    renderApp('/organizations/editar');

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain(
      'No se han podido cargar los datos de tu organización. Inténtalo de nuevo en unos minutos.',
    );
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Editar «Fundación Mar»' }),
    ).toBeTruthy();
  });

  it('a coordinator without an organisation is told so and offered to create one', async () => {
    // Their welcome was already shown in this browser session: the page is not covered.
    markWelcomeShownThisSession(9);
    stubCoordinator({ organization: null });
    renderApp('/organizations/editar');
    expect(await screen.findByText('Todavía no perteneces a ninguna organización.')).toBeTruthy();
    expect(
      within(screen.getByRole('main'))
        .getByRole('link', { name: 'Crea tu organización' })
        .getAttribute('href'),
    ).toBe('/organizations/create');
  });

  it("with the coordinators' organizations.update switch off, the page says editing is not available", async () => {
    const calls = stubCoordinator({ permissions: PUBLISHING_PERMISSIONS });
    renderApp('/organizations/editar');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'La edición de organizaciones no está disponible',
      }),
    ).toBeTruthy();
    expect(callsTo(calls, 'GET', `/api/organizations/${ORGANIZATION_ID}`)).toEqual([]);
  });

  it('a teacher is told the page is not for them', async () => {
    stubPublishingApi({ role: 'teacher', permissions: CAN_EDIT });
    renderApp('/organizations/editar');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Esta sección no es para tu perfil' }),
    ).toBeTruthy();
  });
});
