/** Public pages of spec §2 that are always there (the sitemap lists them). */
export const PUBLIC_PAGES = [
  '/',
  '/projects',
  '/tfx',
  '/tfx/external',
  '/resources',
  '/estudiantes',
  '/organizaciones',
];

/** Areas behind a session: nothing there for a search engine (robots.txt, `noindex`). */
export const PRIVATE_PATHS = [
  '/admin/',
  '/profile',
  '/projects/personal',
  '/organizations',
  '/api/',
];
