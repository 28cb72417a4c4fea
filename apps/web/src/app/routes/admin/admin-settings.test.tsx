import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubApi, brandingEnvelope, noMenuLogoEnvelope } from '../../../../test/api';
import { stubSettingsApi, writes } from '../../../../test/api/settings';
import { renderApp } from '../../../../test/render-app';
import { clearSession } from '../../../lib/session-tokens';

afterEach(() => {
  clearSession();
});

describe('admin settings access', () => {
  it('when nobody is signed in, /admin/ajustes goes to the login page and comes back afterwards', async () => {
    stubApi({
      '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
      '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
      '/api/permissions/status': () => jsonResponse({ permissions: {} }),
      '/api/banners': () => jsonResponse({ data: [], meta: {} }),
      '/api/footer-sections': () => jsonResponse({ data: [], meta: {} }),
    });
    const { router } = renderApp('/admin/ajustes/permisos');

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/admin/ajustes/permisos',
    );
  });

  it('when a student is signed in, the page says "Sin permiso" and shows no settings', async () => {
    stubSettingsApi({}, { profileType: 'student' });
    renderApp('/admin/ajustes');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sin permiso' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Secciones de ajustes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
  });

  it('when an admin opens /admin/ajustes, it goes to "Marca" and each section is a link of its own', async () => {
    stubSettingsApi();
    const { router } = renderApp('/admin/ajustes');

    const nav = await screen.findByRole('navigation', { name: 'Secciones de ajustes' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/ajustes/marca'));
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Marca', '/admin/ajustes/marca'],
      ['Permisos', '/admin/ajustes/permisos'],
      ['Pie de página', '/admin/ajustes/pie'],
      ['Banners', '/admin/ajustes/banners'],
      ['Textos legales', '/admin/ajustes/textos-legales'],
      ['Profesorado', '/admin/ajustes/profesorado'],
      ['Correo saliente', '/admin/ajustes/correo'],
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Marca' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Marca' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });
});

describe('branding settings', () => {
  it('the form starts with the saved branding, and the preview follows the draft without touching the page', async () => {
    stubSettingsApi();
    renderApp('/admin/ajustes/marca');

    const name = await screen.findByRole('textbox', { name: 'Nombre del proyecto' });
    expect((name as HTMLInputElement).value).toBe('Impacto Universitario Test');
    const main = screen.getByRole('textbox', { name: 'Color principal' });
    expect((main as HTMLInputElement).value).toBe('#0A7F5A');

    fireEvent.change(name, { target: { value: 'Campus Solidario' } });
    fireEvent.change(main, { target: { value: '#7A1F5C' } });

    const preview = screen.getByRole('figure', { name: 'Vista previa (aún sin guardar)' });
    expect(within(preview).getAllByText('Campus Solidario').length).toBeGreaterThan(0);
    expect(preview.style.getPropertyValue('--color-main')).toBe('#7A1F5C');
    // The real page keeps the saved branding until the admin saves.
    expect(document.documentElement.style.getPropertyValue('--color-main')).toBe('#0A7F5A');
    expect(document.title).toBe('Impacto Universitario Test');
  });

  it('when saved, it PUTs every field and the whole app re-themes at once', async () => {
    let saved = brandingEnvelope();
    const fetchMock = stubSettingsApi({
      '/api/branding-saas': () => jsonResponse(saved),
    });
    renderApp('/admin/ajustes/marca');

    const name = await screen.findByRole('textbox', { name: 'Nombre del proyecto' });
    fireEvent.change(name, { target: { value: 'Campus Solidario' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Color principal' }), {
      target: { value: '#7A1F5C' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Origen/ }), { target: { value: '' } });
    saved = brandingEnvelope({
      projectName: 'Campus Solidario',
      mainColor: '#7A1F5C',
      origin: null,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText(/Cambios guardados/)).toBeTruthy();
    const put = writes(fetchMock).find(([, path]) => path === '/api/branding-saas');
    expect(put?.[0]).toBe('PUT');
    expect(put?.[2]).toEqual({
      data: {
        projectName: 'Campus Solidario',
        university_name: 'Universidad de Pruebas',
        origin: null,
        program: 'Emprende',
        mailTo: 'hola@example.org',
        politicsUrl: 'https://example.org/privacidad',
        logoUrl: null,
        mainfont: 'Montserrat',
        mainColor: '#7A1F5C',
        secondaryColor: '#F4A300',
        terciaryColor: '#E6F4EF',
        quaternaryColor: '#222222',
        footerColor: '#073B2A',
      },
    });
    await waitFor(() => expect(document.title).toBe('Campus Solidario'));
    expect(document.documentElement.style.getPropertyValue('--color-main')).toBe('#7A1F5C');
    expect(screen.getByRole('link', { name: 'Campus Solidario' }).getAttribute('href')).toBe('/');
  });

  it('when a value is not valid, it says so at the field and does not send anything', async () => {
    const fetchMock = stubSettingsApi();
    renderApp('/admin/ajustes/marca');

    const name = await screen.findByRole('textbox', { name: 'Nombre del proyecto' });
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Color secundario' }), {
      target: { value: 'naranja' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Revisa los campos marcados antes de guardar.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Este campo es obligatorio.')).toBeTruthy();
    expect(screen.getByText('Formato no válido.')).toBeTruthy();
    expect(writes(fetchMock)).toEqual([]);
  });

  it('when the server refuses a field (400 ValidationError), the error lands on that field', async () => {
    stubSettingsApi();
    renderApp('/admin/ajustes/marca');
    const mail = await screen.findByRole('textbox', { name: /^Correo de contacto/ });
    // The server's own check (here it thinks the address is not valid) decides.
    stubSettingsApi({
      '/api/branding-saas': () =>
        jsonResponse(
          {
            data: null,
            error: {
              status: 400,
              name: 'ValidationError',
              message: '1 error occurred',
              details: { errors: [{ path: ['mailTo'], message: 'mailTo Invalid email address' }] },
            },
          },
          400,
        ),
    });
    fireEvent.change(mail, { target: { value: 'hola@campus.es' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(
      await screen.findByText('No se han guardado los cambios: revisa los campos marcados.'),
    ).toBeTruthy();
    await waitFor(() => expect(mail.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Formato no válido.')).toBeTruthy();
  });

  it('when a colour pair does not reach 4.5:1, the preview warns about it', async () => {
    stubSettingsApi();
    renderApp('/admin/ajustes/marca');

    const footer = await screen.findByRole('textbox', { name: 'Color del pie de página' });
    expect(screen.queryByText(/Poco contraste/)).toBeNull();
    // Mid grey: neither white nor near-black text reaches 4.5:1 on it.
    fireEvent.change(footer, { target: { value: '#777777' } });

    const warning = await screen.findByText(/Texto sobre el color del pie de página/);
    expect(warning.textContent).toMatch(/\d,\d:1; el mínimo AA es 4,5:1/);
  });

  it('says whether the "Murcia" origin and the "Emprende" program apply, as they are typed', async () => {
    stubSettingsApi();
    renderApp('/admin/ajustes/marca');

    const origin = await screen.findByRole('textbox', { name: /^Origen/ });
    const program = screen.getByRole('textbox', { name: /^Programa/ });
    // The test branding has origin "Universidad de Murcia" and program "Emprende".
    expect(origin.getAttribute('aria-describedby')).toBeTruthy();
    const describedBy = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    expect(describedBy(origin)).toContain('Ahora se aplica.');
    expect(describedBy(program)).toContain('Ahora se aplica.');
    const preview = screen.getByRole('figure', { name: 'Vista previa (aún sin guardar)' });
    expect(within(preview).getByText('Inscribirme ahora')).toBeTruthy();
    expect(within(preview).getByText('Biblioteca de trabajos finales')).toBeTruthy();

    fireEvent.change(origin, { target: { value: 'Universidad de Cádiz' } });
    fireEvent.change(program, { target: { value: 'Mentoría' } });

    expect(describedBy(origin)).toContain('Ahora no se aplica.');
    expect(describedBy(program)).toContain('Ahora no se aplica.');
    expect(within(preview).queryByText('Inscribirme ahora')).toBeNull();
    expect(within(preview).queryByText('Biblioteca de trabajos finales')).toBeNull();
  });
});

describe('menu logo', () => {
  it('when a PDF is chosen, it says "Archivo no permitido. Solo se aceptan: ..." and uploads nothing', async () => {
    const fetchMock = stubSettingsApi();
    renderApp('/admin/ajustes/marca');

    const input = await screen.findByLabelText('Cambiar el logo');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.7'], 'logo.pdf', { type: 'application/pdf' })] },
    });

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Archivo no permitido. Solo se aceptan: png, jpg, jpeg, webp, avif, svg',
    );
    expect(writes(fetchMock)).toEqual([]);
  });

  it('when an image is chosen, it is uploaded, set on the first branding entry, and the header and favicon change', async () => {
    let logo = '/uploads/logo_menu.svg';
    const fetchMock = stubSettingsApi({
      '/api/upload': () =>
        jsonResponse(
          [
            {
              id: 42,
              name: 'nuevo.png',
              url: '/uploads/nuevo.png',
              mime: 'image/png',
              width: 64,
              height: 64,
            },
          ],
          201,
        ),
      '/api/brandings/1': () => {
        logo = '/uploads/nuevo.png';
        return jsonResponse({ data: { id: 1, attributes: {} }, meta: {} });
      },
      '/api/brandings': () =>
        jsonResponse({
          data: [
            {
              id: 1,
              attributes: {
                name: 'principal',
                menuLogo: { data: { id: 7, attributes: { url: logo, mime: 'image/png' } } },
              },
            },
          ],
          meta: {},
        }),
    });
    const { container } = renderApp('/admin/ajustes/marca');

    const input = await screen.findByLabelText('Cambiar el logo');
    fireEvent.change(input, {
      target: { files: [new File(['png'], 'nuevo.png', { type: 'image/png' })] },
    });

    expect(await screen.findByText(/Logo actualizado/)).toBeTruthy();
    const calls = writes(fetchMock);
    expect(calls[0]?.slice(0, 2)).toEqual(['POST', '/api/upload']);
    expect(calls[0]?.[2]).toBeInstanceOf(FormData);
    expect(calls[1]).toEqual(['PUT', '/api/brandings/1', { data: { menuLogo: 42 } }]);
    await waitFor(() =>
      expect(container.querySelector('header img')?.getAttribute('src')).toBe('/uploads/nuevo.png'),
    );
    expect(document.head.querySelector('link[rel~="icon"]')?.getAttribute('href')).toBe(
      '/uploads/nuevo.png',
    );
  });
});
