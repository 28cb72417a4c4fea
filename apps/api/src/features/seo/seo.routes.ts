import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { brandingSaas, projects, resources, tfxes } from '../../db/schema';
import { PRIVATE_PATHS, PUBLIC_PAGES } from './seo.paths';

/**
 * What search engines and browsers read about the site (ADR 0056): robots.txt, a sitemap of the
 * public pages with the published projects, final works and resources, at absolute addresses of
 * the configured PUBLIC_URL (the private areas, admin, profile, publishing, are kept out of the
 * index), and the web app manifest.
 */
export async function seoRoutes(app: FastifyInstance) {
  const base = app.config.publicUrl;

  // No statement: never queued (ADR 0069).
  const noDatabase = { schema: { hide: true }, config: { admission: false as const } };
  app.get('/robots.txt', noDatabase, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(await webManifest(app))),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const [projectRows, workRows, resourceRows] = await Promise.all([
      app.db
        .select({ id: projects.id, updatedAt: projects.updatedAt })
        .from(projects)
        .where(and(eq(projects.status, 'Publicada'), isNotNull(projects.publishedAt))),
      app.db
        .select({ id: tfxes.id, updatedAt: tfxes.updatedAt })
        .from(tfxes)
        .where(isNotNull(tfxes.publishedAt)),
      app.db
        .select({ id: resources.id, updatedAt: resources.updatedAt })
        .from(resources)
        .where(isNotNull(resources.publishedAt)),
    ]);
    const urls = [
      ...PUBLIC_PAGES.map((path) => ({ path, updatedAt: undefined })),
      ...projectRows.map((row) => ({ path: `/projects/${row.id}`, updatedAt: row.updatedAt })),
      ...workRows.map((row) => ({ path: `/tfx/${row.id}`, updatedAt: row.updatedAt })),
      ...resourceRows.map((row) => ({ path: `/resources/${row.id}`, updatedAt: row.updatedAt })),
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map(
        ({ path, updatedAt }) =>
          `  <url><loc>${escapeXml(base + path)}</loc>${
            updatedAt ? `<lastmod>${new Date(updatedAt).toISOString()}</lastmod>` : ''
          }</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body);
  });
}

/** The web app's name and colours until an admin sets the branding (apps/web/index.html's). */
const DEFAULT_NAME = 'Plataforma';
const DEFAULT_THEME = '#1226AA';

/**
 * The web app manifest (W3C Web Application Manifest): the branding's name and main colour, the
 * favicon as the icon. Read again on each request (no-cache), since admins change the branding.
 */
async function webManifest(app: FastifyInstance) {
  const [brand] = await app.db
    .select({ name: brandingSaas.projectName, color: brandingSaas.mainColor })
    .from(brandingSaas)
    .orderBy(brandingSaas.id)
    .limit(1);
  const name = brand?.name?.trim() || DEFAULT_NAME;
  return {
    name,
    // Phones shorten a long name under the icon themselves; a cut of ours could split a word.
    short_name: name,
    lang: 'es',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: brand?.color?.trim() || DEFAULT_THEME,
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
