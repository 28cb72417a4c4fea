import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  brandingEnvelope,
  fakeApi,
  jsonResponse,
  legalTextVersionList,
  strapiError,
} from '../../../../test/api';
import { createNoRetryQueryClient, renderApp } from '../../../../test/render-app';

/** The legal pages (ADR 0035): the footer's links lead to them, not to the not-found page. */

const CURRENT = 'GET /api/legal-text-versions?filters[legalText][kind][$eq]=privacy&sort=version';

describe('legal pages', () => {
  it.each([
    ['/privacidad', 'Política de privacidad', 'legal-notice'],
    ['/aviso-legal', 'Aviso legal', 'privacy'],
    ['/cookies', 'Política de cookies', 'privacy'],
  ])(
    '%s shows its text as the page heading, with the links to the other two',
    async (path, title) => {
      fakeApi({
        routes: {
          '/api/legal-text-versions': ({ url }) => {
            const kind = url.searchParams.get('filters[legalText][kind][$eq]');
            if (kind !== 'privacy' && kind !== 'legal-notice' && kind !== 'cookies') {
              return strapiError(400, 'kind');
            }
            return jsonResponse(legalTextVersionList(kind, [{ version: 2 }]));
          },
        },
      });
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.queryByText('Página no encontrada')).toBeNull();
      const others = screen.getByRole('navigation', { name: 'Otros textos legales' });
      expect(within(others).getAllByRole('link')).toHaveLength(2);
    },
  );

  it("names the branding's university and links its contact address in place of the placeholders, with the version and its date", async () => {
    fakeApi({
      routes: {
        [CURRENT]: () =>
          jsonResponse(
            legalTextVersionList('privacy', [
              { version: 4, createdAt: '2026-10-12T09:00:00.000Z' },
            ]),
          ),
      },
    });
    renderApp('/privacidad');
    await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' });
    const main = screen.getByRole('main');
    expect(
      within(main).getByText(/El responsable del tratamiento es Universidad de Pruebas\./),
    ).toBeTruthy();
    expect(main.textContent).not.toContain('{universidad}');
    const contact = within(main).getByRole('link', { name: 'hola@example.org' });
    expect(contact.getAttribute('href')).toBe('mailto:hola@example.org');
    expect(within(main).getByText(/Versión 4/).textContent).toContain('12 de octubre de 2026');
  });

  it('without a university name or a contact in the branding, the text still reads as a sentence', async () => {
    fakeApi({
      routes: {
        'GET /api/branding-saas': () =>
          jsonResponse(brandingEnvelope({ university_name: null, mailTo: null })),
        [CURRENT]: () => jsonResponse(legalTextVersionList('privacy')),
      },
    });
    renderApp('/privacidad');
    await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' });
    expect(
      screen.getByText(
        /es la universidad titular de Impacto Universitario Test\. Escribe a la dirección de contacto de la universidad\./,
      ),
    ).toBeTruthy();
  });

  it('with ?version=, shows that earlier version, says it is no longer in force and links the current one', async () => {
    fakeApi({
      routes: {
        [CURRENT]: () => jsonResponse(legalTextVersionList('privacy', [{ version: 3 }])),
        'GET /api/legal-text-versions?filters[legalText][kind][$eq]=privacy&filters[version][$eq]=1':
          () =>
            jsonResponse(
              legalTextVersionList('privacy', [
                {
                  version: 1,
                  title: 'Política de privacidad (2025)',
                  content: '<p>Texto que aceptaste.</p>',
                  createdAt: '2025-09-01T08:00:00.000Z',
                },
              ]),
            ),
      },
    });
    renderApp('/privacidad?version=1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de privacidad (2025)' }),
    ).toBeTruthy();
    expect(screen.getByText('Texto que aceptaste.')).toBeTruthy();
    expect(
      screen.getByText(/Estás leyendo la versión 1, publicada el 1 de septiembre de 2025/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Leer la versión vigente' }).getAttribute('href')).toBe(
      '/privacidad',
    );
  });

  it('with a version that does not exist, says so and links the current one', async () => {
    fakeApi({
      routes: {
        [CURRENT]: () => jsonResponse(legalTextVersionList('privacy', [{ version: 3 }])),
        'GET /api/legal-text-versions?filters[legalText][kind][$eq]=privacy&filters[version][$eq]=9':
          () => jsonResponse(legalTextVersionList('privacy', [])),
      },
    });
    renderApp('/privacidad?version=9');
    expect(await screen.findByText(/Este texto no tiene una versión 9/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver la versión vigente' })).toBeTruthy();
  });

  it('when the text cannot be loaded, says so in Spanish and offers to retry', async () => {
    let fail = true;
    fakeApi({
      routes: {
        [CURRENT]: () =>
          fail
            ? strapiError(500, 'Internal Server Error', undefined, 'ApplicationError')
            : jsonResponse(legalTextVersionList('privacy')),
      },
    });
    renderApp('/privacidad', { queryClient: createNoRetryQueryClient() });
    expect(await screen.findByText(/No se ha podido cargar este texto/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(/El responsable del tratamiento/)).toBeTruthy();
  });
});

describe('footer links to the legal pages', () => {
  it("without footer sections (an installation without demo data), the footer links the three legal pages, the privacy policy at the branding's address", async () => {
    fakeApi();
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    const link = (name: string) =>
      within(footer)
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .getAttribute('href');
    // The page does not wait for the branding (ADR 0033): its address arrives with it.
    await waitFor(() =>
      expect(link('Política de privacidad')).toBe('https://example.org/privacidad'),
    );
    expect(link('Aviso legal')).toBe('/aviso-legal');
    expect(link('Política de cookies')).toBe('/cookies');
  });

  it("without a policy address in the branding, the footer's privacy link is the platform's own page", async () => {
    fakeApi({
      routes: {
        'GET /api/branding-saas': () => jsonResponse(brandingEnvelope({ politicsUrl: null })),
      },
    });
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(
      within(footer).getByRole('link', { name: 'Política de privacidad' }).getAttribute('href'),
    ).toBe('/privacidad');
  });
});
