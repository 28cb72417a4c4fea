/**
 * The head of the public pages with fixed texts (ADR 0056): the server writes it into the HTML
 * shell it sends (apps/api features/seo/page-head.ts) and the web keeps the title as people move
 * around (app/layouts/page-title.tsx), so both say the same.
 */

/** The platform's description when the branding has none of its own (index.html's). */
export const DEFAULT_DESCRIPTION =
  'Conectamos organizaciones con universidades de toda España para desarrollar proyectos de impacto social y trabajos de fin de grado y máster con estudiantes y profesorado.';

/** The public pages with a fixed title and description. */
export const PUBLIC_PAGE_HEADS: Record<string, { title?: string; description: string }> = {
  '/': { description: DEFAULT_DESCRIPTION },
  '/projects': {
    title: 'Proyectos',
    description:
      'Proyectos de impacto social y trabajos de fin de grado y máster propuestos por organizaciones y profesorado: encuentra el tuyo e inscríbete.',
  },
  '/tfx': {
    title: 'Biblioteca de trabajos',
    description:
      'Trabajos de fin de grado y máster de impacto social ya terminados: léelos, busca por tema y encuentra inspiración para el tuyo.',
  },
  '/tfx/external': {
    title: 'Trabajos de otras universidades',
    description:
      'Trabajos de fin de grado y máster de impacto social de otras universidades, con el enlace a cada uno.',
  },
  '/resources': {
    title: 'Recursos',
    description:
      'Guías, plantillas y materiales para preparar proyectos y trabajos de fin de grado y máster de impacto social.',
  },
  '/estudiantes': {
    title: 'Para estudiantes',
    description:
      'Haz tu TFG o TFM, o tus prácticas, en un proyecto real de impacto social con una organización y tu universidad.',
  },
  '/organizaciones': {
    title: 'Para organizaciones',
    description:
      'Propón un proyecto de impacto social y trabaja con estudiantes y profesorado universitario.',
  },
  '/aviso-legal': { title: 'Aviso legal', description: 'El aviso legal de la plataforma.' },
  '/privacidad': {
    title: 'Política de privacidad',
    description: 'Cómo trata la plataforma tus datos personales.',
  },
  '/cookies': { title: 'Política de cookies', description: 'Las cookies que usa la plataforma.' },
  '/user/auth/login': {
    title: 'Iniciar sesión',
    description: 'Entra en la plataforma con tu correo electrónico y tu contraseña.',
  },
  '/register': {
    title: 'Crear una cuenta',
    description:
      'Regístrate como estudiante, profesorado u organización para participar en proyectos de impacto social.',
  },
};

/**
 * A page's title as the tab shows it: the page's own, then the brand's name; the brand's name
 * alone for the home and for pages without a title of their own.
 */
export function pageTitle(siteName: string, title?: string | null): string {
  return title ? `${title} · ${siteName}` : siteName;
}

/**
 * Text for a page's description from a rich text: tags and runs of spaces gone, at most `max`
 * characters, cut at a word with an ellipsis. The server writes it into the page it sends; the web
 * sets the same when people move to the page in the browser.
 */
export function plainExcerpt(text: string | null | undefined, max = 160): string {
  const plain = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/** A page's description: its own text's excerpt, the table's, or the platform's. */
export function pageDescription(path: string, text?: string | null): string {
  return (
    (text ? plainExcerpt(text) : '') || PUBLIC_PAGE_HEADS[path]?.description || DEFAULT_DESCRIPTION
  );
}

/**
 * The id of the `<script type="application/json">` in which the server sends, with a page it drew,
 * the answers it drew it from (ADR 0060); the web reads it before its first render.
 */
export const SERVER_STATE_ID = 'server-state';
