import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { myProjectsAnswer } from '../../../../test/api/projects';
import { jsonResponse } from '../../../../test/api';
import { callsTo, stubPublishingApi } from '../../../../test/api/publishing';
import { renderApp } from '../../../../test/render-app';
import { clearSession } from '../../../lib/session-tokens';
import { expectToast } from '../../../../test/toasts';

afterEach(() => {
  clearSession();
  localStorage.clear();
});

const stepText = () => screen.getByRole('progressbar').getAttribute('aria-valuetext');
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
const type = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const pick = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name }), { target: { value } });

describe('/organizations/create', { timeout: 15_000 }, () => {
  it('a coordinator without organisation creates it: POST with the answers, the session learns it and they land on /organizations', async () => {
    let organization: { id: number; name: string } | null = null;
    const calls = stubPublishingApi({
      role: 'coordinator',
      organization: () => organization,
      handlers: {
        'POST /api/organizations': () => {
          organization = { id: 21, name: 'Fundación Mar' };
          return jsonResponse({ data: { id: 21, attributes: { name: 'Fundación Mar' } } });
        },
        'GET /api/projects/mine': () => jsonResponse(myProjectsAnswer([])),
      },
    });
    const { router } = renderApp('/organizations/create');
    await screen.findByRole('textbox', { name: /Nombre de la organización/ }, { timeout: 4000 });
    // The welcome for a coordinator without organisation is not shown here.
    type(/Nombre de la organización/, 'Fundación Mar');
    pick(/Tipo de organización/, 'Fundación');
    pick(/Sector/, 'Medio ambiente');
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: /Tamaño/ })).getByRole('radio', {
        name: '10-49 personas',
      }),
    );
    type(/Descripción/, 'Cuidamos la costa');
    next();
    await waitFor(() => expect(stepText()).toBe('Paso 2 de 3'));
    pick(/Provincia/, 'Murcia');
    type(/Página web/, 'https://mar.example.org');
    pick(/Cómo nos habéis conocido/, 'Linkedin');
    next();
    await waitFor(() => expect(stepText()).toBe('Paso 3 de 3'));
    type(/Persona de contacto/, 'Ana Martín');
    type(/Correo electrónico de contacto/, 'ana@mar.example.org');
    type(/Teléfono de contacto/, '600 000 000');
    fireEvent.click(screen.getByRole('button', { name: 'Crear organización' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    expect(await screen.findByText(/Los proyectos de Fundación Mar/)).toBeTruthy();
    await expectToast('Organización creada. Ya puedes publicar sus proyectos.');
    expect(callsTo(calls, 'POST', '/api/organizations').map((call) => call.body)).toEqual([
      {
        data: {
          name: 'Fundación Mar',
          type: 'Fundación',
          sector: 'Medio ambiente',
          size: '10-49 personas',
          description: 'Cuidamos la costa',
          location: 'Murcia',
          web: 'https://mar.example.org',
          reachedUsHow: 'Linkedin',
          contact_name: 'Ana Martín',
          contact_mail: 'ana@mar.example.org',
          contact_phone: '+34600000000',
        },
      },
    ]);
  }, 15_000);

  it('a web address that is not http(s) stops the step', async () => {
    stubPublishingApi({ role: 'coordinator' });
    renderApp('/organizations/create');
    await screen.findByRole('textbox', { name: /Nombre de la organización/ }, { timeout: 4000 });
    type(/Nombre de la organización/, 'Fundación Mar');
    pick(/Tipo de organización/, 'Fundación');
    pick(/Sector/, 'Medio ambiente');
    fireEvent.click(screen.getByRole('radio', { name: '1-9 personas' }));
    type(/Descripción/, 'Cuidamos la costa');
    next();
    await waitFor(() => expect(stepText()).toBe('Paso 2 de 3'));
    type(/Página web/, 'mar.example.org');
    next();
    expect(await screen.findByText('Formato no válido.')).toBeTruthy();
    expect(stepText()).toBe('Paso 2 de 3');
  });
});
