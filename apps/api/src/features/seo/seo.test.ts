import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { getTestApp, TEST_CONFIG } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { createProject } from '../../../test/helpers/factories';
import { brandingSaas } from '../../db/schema';

const BASE = TEST_CONFIG.publicUrl;
let app: FastifyInstance;

beforeAll(async () => {
  app = await getTestApp();
});

describe('GET /robots.txt', () => {
  it('answers plain text that allows the site, keeps private areas out and points at the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Disallow: \/admin\/$/m);
    expect(res.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(res.body).not.toContain('<html');
  });
});

describe('GET /manifest.webmanifest', () => {
  it('answers the web app manifest with the branding’s name and main colour, read afresh', async () => {
    const { db } = await getTestDatabase();
    const [existing] = await db.select().from(brandingSaas).limit(1);
    const brand = { projectName: 'Red Universitaria de Impacto', mainColor: '#0B6E4F' };
    const [row] = existing
      ? await db.update(brandingSaas).set(brand).where(eq(brandingSaas.id, existing.id)).returning()
      : await db.insert(brandingSaas).values(brand).returning();
    try {
      const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.json()).toMatchObject({
        name: 'Red Universitaria de Impacto',
        short_name: 'Red Universitaria de Impacto',
        lang: 'es',
        start_url: '/',
        display: 'standalone',
        theme_color: '#0B6E4F',
        icons: [{ src: '/favicon.svg', type: 'image/svg+xml' }],
      });
    } finally {
      if (existing) {
        await db
          .update(brandingSaas)
          .set({ projectName: existing.projectName, mainColor: existing.mainColor })
          .where(eq(brandingSaas.id, existing.id));
      } else if (row) {
        await db.delete(brandingSaas).where(eq(brandingSaas.id, row.id));
      }
    }
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages and the published projects at absolute addresses, not the unpublished ones', async () => {
    const published = await createProject();
    const pending = await createProject({ status: 'Pendiente', publishedAt: null });
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).toContain(`<loc>${BASE}/</loc>`);
    expect(res.body).toContain(`<loc>${BASE}/projects</loc>`);
    expect(res.body).toMatch(
      new RegExp(`<loc>${BASE}/projects/${published.id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`),
    );
    expect(res.body).not.toContain(`<loc>${BASE}/projects/${pending.id}</loc>`);
  });
});

describe('the page shell names the page (ADR 0056)', () => {
  let site: FastifyInstance;
  let webDistDir: string;
  // As Vite writes it (apps/web/index.html): the description's attributes on lines of their own.
  const SHELL = `<!doctype html>
<html lang="es">
  <head>
    <title>Plataforma de impacto social</title>
    <meta
      name="description"
      content="La descripción de index.html."
    />
  </head>
  <body><div id="root"></div></body>
</html>`;

  beforeAll(async () => {
    webDistDir = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await writeFile(join(webDistDir, 'index.html'), SHELL);
    // As apps/web/scripts/route-preloads.mjs writes it after a build.
    await writeFile(
      join(webDistDir, 'route-preloads.json'),
      JSON.stringify([
        {
          pattern: '^/projects/?$',
          files: ['/assets/projects-route-a1.js', '/assets/facets-b2.js'],
        },
        { pattern: '^/projects/\\d+/?$', files: ['/assets/project-detail-route-c3.js'] },
      ]),
    );
    const { db } = await getTestDatabase();
    site = await buildApp({ config: { ...TEST_CONFIG, webDistDir }, db, logger: false });
  });
  afterAll(async () => {
    await site.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  /** The shell of `url` as a document, to read its head as a crawler would. */
  async function headOf(url: string) {
    const res = await site.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const document = new JSDOM(res.body).window.document;
    const meta = (selector: string) =>
      document.querySelector(`meta[${selector}]`)?.getAttribute('content') ?? null;
    return {
      title: document.title,
      titles: document.querySelectorAll('title').length,
      descriptions: document.querySelectorAll('meta[name="description"]').length,
      description: meta('name="description"'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      robots: meta('name="robots"'),
      og: (property: string) => meta(`property="og:${property}"`),
      root: document.getElementById('root') !== null,
    };
  }

  it('a published project’s page carries its title, an excerpt of its text without markup, its canonical address and Open Graph tags', async () => {
    const project = await createProject({
      title: 'Huertos "urbanos" <comunitarios>',
      description: `<p>Un proyecto para <strong>crear</strong> huertos en los barrios.</p>${' Con vecinos.'.repeat(30)}`,
    });
    const head = await headOf(`/projects/${project.id}?desde=correo`);
    const siteName = head.og('site_name')!;
    expect(siteName.length).toBeGreaterThan(0);
    expect(head.title).toBe(`Huertos "urbanos" <comunitarios> · ${siteName}`);
    expect(head.titles).toBe(1);
    expect(head.descriptions).toBe(1);
    expect(head.description).toMatch(
      /^Un proyecto para crear huertos en los barrios\. Con vecinos\./,
    );
    expect(head.description!.length).toBeLessThanOrEqual(160);
    expect(head.description).toMatch(/…$/);
    expect(head.canonical).toBe(`${BASE}/projects/${project.id}`);
    expect(head.robots).toBeNull();
    expect(head.og('type')).toBe('article');
    expect(head.og('title')).toBe(head.title);
    expect(head.og('url')).toBe(head.canonical);
    expect(head.og('locale')).toBe('es_ES');
    expect(head.root).toBe(true);
  });

  it('the home and the catalogue have their own titles; an unpublished project, a private area and an unknown address are kept out of the index', async () => {
    const home = await headOf('/');
    const siteName = home.og('site_name')!;
    expect(home.title).toBe(siteName);
    expect(home.canonical).toBe(`${BASE}/`);
    expect(home.description).toMatch(/^Conectamos organizaciones con universidades/);

    const catalogue = await headOf('/projects');
    expect(catalogue.title).toBe(`Proyectos · ${siteName}`);
    expect(catalogue.canonical).toBe(`${BASE}/projects`);
    expect(catalogue.og('type')).toBe('website');

    const pending = await createProject({ status: 'Pendiente', publishedAt: null });
    for (const url of [
      `/projects/${pending.id}`,
      '/profile',
      '/admin/ajustes/marca',
      '/no/existe',
    ]) {
      const head = await headOf(url);
      expect(head.title, url).toBe(siteName);
      expect(head.robots, url).toBe('noindex');
      expect(head.canonical, url).toBeNull();
    }
  });

  it('a file the build does not have is a 404, never the page shell', async () => {
    for (const url of ['/assets/app-0ld.js', '/icon-192.png', '/missing.webmanifest']) {
      const res = await site.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    const manifest = await site.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.body).not.toContain('<html');
  });

  it('the shell carries the branding the web would ask for, as JSON that no brand name can break out of', async () => {
    const { db } = await getTestDatabase();
    const [existing] = await db.select().from(brandingSaas).limit(1);
    const name = 'Red </script><script>alert(1)</script> Impacto';
    const [row] = existing
      ? await db
          .update(brandingSaas)
          .set({ projectName: name })
          .where(eq(brandingSaas.id, existing.id))
          .returning()
      : await db.insert(brandingSaas).values({ projectName: name }).returning();
    try {
      const asked = await site.inject({ method: 'GET', url: '/api/branding-saas?populate=*' });
      expect(asked.statusCode).toBe(200);
      const res = await site.inject({ method: 'GET', url: '/projects' });
      const document = new JSDOM(res.body).window.document;
      const scripts = document.querySelectorAll('script');
      expect(scripts).toHaveLength(1);
      expect(scripts[0]?.id).toBe('initial-branding');
      expect(scripts[0]?.getAttribute('type')).toBe('application/json');
      const embedded: unknown = JSON.parse(scripts[0]?.textContent ?? '');
      expect(embedded).toEqual(asked.json());
      expect(
        (embedded as { data: { attributes: { projectName: string } } }).data.attributes,
      ).toMatchObject({
        projectName: name,
      });
    } finally {
      if (existing) {
        await db
          .update(brandingSaas)
          .set({ projectName: existing.projectName })
          .where(eq(brandingSaas.id, existing.id));
      } else if (row) {
        await db.delete(brandingSaas).where(eq(brandingSaas.id, row.id));
      }
    }
  });

  it("a page announces its route's scripts, so the browser fetches them with the entry; other pages announce none", async () => {
    const preloads = async (url: string) => {
      const res = await site.inject({ method: 'GET', url });
      const document = new JSDOM(res.body).window.document;
      return [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => [
        link.getAttribute('href'),
        link.hasAttribute('crossorigin'),
      ]);
    };
    expect(await preloads('/projects?q=huerto')).toEqual([
      ['/assets/projects-route-a1.js', true],
      ['/assets/facets-b2.js', true],
    ]);
    expect(await preloads('/projects/42')).toEqual([['/assets/project-detail-route-c3.js', true]]);
    expect(await preloads('/')).toEqual([]);
    expect(await preloads('/projects/42/inscripcion')).toEqual([]);
  });
});
