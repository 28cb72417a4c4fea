import { collection } from './envelopes';

/** The documented answer of `GET /api/branding-saas?populate=*`. */
export function brandingEnvelope(attributes: Record<string, unknown> = {}) {
  return {
    data: {
      id: 1,
      attributes: {
        mainColor: '#0A7F5A',
        secondaryColor: '#F4A300',
        terciaryColor: '#E6F4EF',
        quaternaryColor: '#222222',
        footerColor: '#073B2A',
        logoUrl: null,
        projectName: 'Impacto Universitario Test',
        origin: 'Universidad de Murcia',
        mailTo: 'hola@example.org',
        university_name: 'Universidad de Pruebas',
        mainfont: 'Montserrat',
        politicsUrl: 'https://example.org/privacidad',
        program: 'Emprende',
        createdAt: '2024-01-01T00:00:00.000Z',
        updatedAt: '2024-01-01T00:00:00.000Z',
        ...attributes,
      },
    },
    meta: {},
  };
}

/** `GET /api/brandings?populate=menuLogo` when no branding entry has a logo. */
export const noMenuLogoEnvelope = () => collection([]);

/** The documented answer of `GET /api/brandings?populate=menuLogo` with one logo. */
export function menuLogoEnvelope(url = '/uploads/logo_menu.svg', mime = 'image/svg+xml') {
  return collection([
    {
      id: 1,
      attributes: {
        name: 'principal',
        menuLogo: {
          data: { id: 7, attributes: { url, alternativeText: 'Logo', mime, name: 'logo.svg' } },
        },
      },
    },
  ]);
}
