import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  brandingEnvelope,
  createNoRetryQueryClient,
  jsonResponse,
  menuLogoEnvelope,
  noMenuLogoEnvelope,
  renderApp,
  stubApi,
} from '../../../test/render-app';
import { DEFAULT_BRANDING } from '../../features/branding/defaults';

describe('home route', () => {
  it('while the branding loads, it announces "Cargando..." in a live region', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({
      '/api/branding-saas': () => new Promise<Response>((resolve) => (answer = resolve)),
      '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    });
    renderApp('/');

    const status = screen.getByRole('status');
    expect(status).toHaveProperty('textContent', 'Cargando...');
    expect(status.getAttribute('aria-live')).toBe('polite');

    answer(jsonResponse(brandingEnvelope()));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Impacto Universitario Test',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('when the branding loads, the project name is the h1, the home link and the page title', async () => {
    const fetchMock = stubApi({
      '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
      '/api/brandings': () => jsonResponse(menuLogoEnvelope()),
    });
    renderApp('/');

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Impacto Universitario Test');
    expect(document.title).toBe('Impacto Universitario Test');
    expect(
      screen.getByRole('link', { name: 'Impacto Universitario Test' }).getAttribute('href'),
    ).toBe('/');
    expect(screen.getByText('Universidad de Pruebas')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/branding-saas?populate=*', expect.anything());

    // The colours become CSS variables the theme reads; the text on them stays readable.
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-main')).toBe('#0A7F5A');
    expect(style.getPropertyValue('--color-on-main')).toBe('#FFFFFF');
    expect(style.getPropertyValue('--color-secondary')).toBe('#F4A300');
    expect(style.getPropertyValue('--color-footer')).toBe('#073B2A');
    expect(style.getPropertyValue('--font-sans')).toContain('"Montserrat"');
  });

  it('when the menu logo loads, it is shown in the header and becomes the favicon', async () => {
    stubApi({
      '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
      '/api/brandings': () => jsonResponse(menuLogoEnvelope('/uploads/logo_menu.png', 'image/png')),
    });
    const { container } = renderApp('/');

    await waitFor(() => {
      expect(container.querySelector('header img')?.getAttribute('src')).toBe(
        '/uploads/logo_menu.png',
      );
    });
    const icon = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    expect(icon?.getAttribute('href')).toBe('/uploads/logo_menu.png');
    expect(icon?.getAttribute('type')).toBe('image/png');
  });

  it('when the branding answers 404, it is only logged and the page renders with the defaults', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({});
    renderApp('/');

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(DEFAULT_BRANDING.projectName);
    expect(document.title).toBe(DEFAULT_BRANDING.projectName);
    expect(document.documentElement.style.getPropertyValue('--color-main')).toBe('#1226AA');
    await waitFor(() => {
      expect(consoleError).toHaveBeenCalledWith(
        expect.stringContaining('branding'),
        expect.objectContaining({ status: 404 }),
      );
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the server cannot be reached, the page still renders with the defaults', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    renderApp('/', { queryClient: createNoRetryQueryClient() });

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      DEFAULT_BRANDING.projectName,
    );
    expect(document.title).toBe(DEFAULT_BRANDING.projectName);
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('unknown routes', () => {
  it('when the path has no screen, it says "Página no encontrada" with a way home', async () => {
    stubApi({
      '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
      '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    });
    renderApp('/no-existe');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Página no encontrada',
    );
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Impacto Universitario Test');
  });
});
