import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandingEnvelope, jsonResponse, noMenuLogoEnvelope, stubApi } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

const media = (id: number, url: string, alternativeText: string) => ({
  data: { id, attributes: { url, alternativeText } },
});

/** `GET /api/footer-sections` shaped like the demo footer (apps/api/src/seed/fixtures/site.ts). */
function footerEnvelope(extraLinks: { text: string; url: string; language?: string }[] = []) {
  return {
    data: [
      {
        id: 1,
        attributes: {
          FooterSection: [
            {
              rows: [
                {
                  columns: [
                    {
                      images: [
                        {
                          source: media(3, '/demo/footer-logo.svg', 'Logo'),
                          alternativeText: 'Conecta Impacto, inicio',
                          isLink: true,
                          width: 240,
                          height: 64,
                        },
                      ],
                    },
                    {
                      links: [
                        {
                          title: 'Ver los proyectos publicados',
                          text: 'Proyectos',
                          url: '/projects',
                          language: 'es',
                        },
                        { title: 'x', text: 'Peligroso', url: 'javascript:alert(1)' },
                        ...extraLinks,
                      ],
                    },
                    {
                      links: [
                        {
                          title: 'Conecta Impacto en LinkedIn',
                          text: 'LinkedIn',
                          url: 'https://www.linkedin.com/',
                          language: 'es',
                        },
                        { text: 'Contacto', url: 'mailto:hola@example.org', language: 'es' },
                      ],
                    },
                  ],
                },
                {
                  columns: [
                    {
                      links: [
                        {
                          text: 'Política de privacidad',
                          url: 'https://example.org/privacidad',
                          language: 'es',
                        },
                      ],
                    },
                    {
                      languageSelector: [
                        { value: 'es', label: 'Español' },
                        { value: 'en', label: 'English', disabled: true },
                        { value: 'ca', label: 'Català' },
                      ],
                    },
                    {
                      images: [
                        {
                          source: media(4, '/demo/footer-ods.svg', 'ODS'),
                          alternativeText: 'Comprometidos con los ODS',
                          isLink: false,
                          width: 240,
                          height: 64,
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      },
    ],
    meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
  };
}

function stubSite(
  footer: () => Response = () => jsonResponse(footerEnvelope()),
  branding: Record<string, unknown> = {},
) {
  return stubApi({
    '/api/branding-saas': () => jsonResponse(brandingEnvelope(branding)),
    '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    '/api/permissions/status': () => jsonResponse({ permissions: {} }),
    '/api/banners': () => jsonResponse({ data: [], meta: {} }),
    '/api/footer-sections': footer,
  });
}

afterEach(() => {
  localStorage.clear();
});

describe('site footer', () => {
  it('renders the fetched rows: linked and plain images, links of this site, other sites and e-mail', async () => {
    const fetchMock = stubSite();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Pie de página' });

    const home = within(nav).getByRole('link', { name: 'Conecta Impacto, inicio' });
    expect(home.getAttribute('href')).toBe('/');
    const logo = within(home).getByRole('img');
    expect(logo.getAttribute('src')).toBe('/demo/footer-logo.svg');
    expect(logo.getAttribute('width')).toBe('240');
    expect(within(nav).getByRole('img', { name: 'Comprometidos con los ODS' }).closest('a')).toBe(
      null,
    );

    const projects = within(nav).getByRole('link', { name: 'Proyectos' });
    expect(projects.getAttribute('href')).toBe('/projects');
    expect(projects.getAttribute('title')).toBe('Ver los proyectos publicados');
    const linkedIn = within(nav).getByRole('link', { name: /LinkedIn/ });
    expect(linkedIn.getAttribute('target')).toBe('_blank');
    expect(linkedIn.getAttribute('rel')).toBe('noopener noreferrer');
    expect(linkedIn.textContent).toContain('(se abre en una pestaña nueva)');
    expect(within(nav).getByRole('link', { name: 'Contacto' }).getAttribute('href')).toBe(
      'mailto:hola@example.org',
    );
    // A javascript: address in the content never becomes a link.
    expect(within(nav).queryByText('Peligroso')).toBeNull();

    const url = fetchMock.mock.calls
      .map(([input]) => (typeof input === 'string' ? decodeURIComponent(input) : ''))
      .find((u) => u.startsWith('/api/footer-sections'));
    expect(url).toContain(
      'populate[FooterSection][populate][rows][populate][columns][populate][images][populate]=source',
    );
    expect(url).toContain('[links]=*');
  });

  it('the language selector is labelled, lists every option and disables the disabled ones', async () => {
    stubSite();
    renderApp('/');
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Idioma' });
    const options = within(select).getAllByRole<HTMLOptionElement>('option');
    expect(options.map((o) => [o.value, o.disabled])).toEqual([
      ['es', false],
      ['en', true],
      ['ca', false],
    ]);
    expect(select.value).toBe('es');
  });

  it('choosing a language shows the footer links in it (marked with lang) and remembers the choice', async () => {
    stubSite(() =>
      jsonResponse(
        footerEnvelope([
          { text: 'Projectes', url: '/projects', language: 'ca' },
          { text: 'Sense idioma', url: '/tfx' },
        ]),
      ),
    );
    const first = renderApp('/');
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Idioma' });
    expect(screen.queryByRole('link', { name: 'Projectes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sense idioma' })).toBeTruthy();

    fireEvent.change(select, { target: { value: 'ca' } });
    const catalan = await screen.findByRole('link', { name: 'Projectes' });
    expect(catalan.getAttribute('lang')).toBe('ca');
    expect(screen.queryByRole('link', { name: 'Proyectos' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sense idioma' })).toBeTruthy();
    first.unmount();

    renderApp('/');
    expect((await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Idioma' })).value).toBe(
      'ca',
    );
  });

  it('adds the branding privacy policy and contact only when the sections do not link to them', async () => {
    stubSite(undefined, {
      politicsUrl: 'https://example.org/privacidad',
      mailTo: 'escribe@example.org',
    });
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Pie de página' });
    expect(screen.getAllByRole('link', { name: /^Política de privacidad/ })).toHaveLength(1);
    const contact = screen.getByRole('link', { name: 'escribe@example.org' });
    expect(contact.getAttribute('href')).toBe('mailto:escribe@example.org');
    expect(screen.getByRole('contentinfo').textContent).toContain('Impacto Universitario Test');
  });

  it('when the footer fetch fails, it is logged and the footer has no sections (spec §8)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubSite(() =>
      jsonResponse(
        { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } },
        403,
      ),
    );
    renderApp('/');
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith(
        'No se pudo cargar el pie de página.',
        expect.objectContaining({ status: 403 }),
      ),
    );
    expect(screen.queryByRole('navigation', { name: 'Pie de página' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // The branding's own privacy link does not depend on the footer content.
    expect(
      screen.getByRole('link', { name: /^Política de privacidad/ }).getAttribute('target'),
    ).toBe('_blank');
  });
});

describe('scroll-to-top button', () => {
  const scrollTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  };

  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('appears only after more than 100 px of scroll and takes the page back to the top', async () => {
    stubSite();
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Pie de página' });
    expect(screen.queryByRole('button', { name: 'Volver arriba' })).toBeNull();

    scrollTo(100);
    expect(screen.queryByRole('button', { name: 'Volver arriba' })).toBeNull();
    scrollTo(101);
    const button = await screen.findByRole('button', { name: 'Volver arriba' });

    const windowScroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    fireEvent.click(button);
    expect(windowScroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(document.activeElement?.id).toBe('contenido');

    scrollTo(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Volver arriba' })).toBeNull());
  });

  it('with reduced motion, it jumps to the top instead of scrolling smoothly', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query.includes('reduce'), media: query })),
    );
    stubSite();
    renderApp('/');
    scrollTo(500);
    const windowScroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    fireEvent.click(await screen.findByRole('button', { name: 'Volver arriba' }));
    expect(windowScroll).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
  });
});
