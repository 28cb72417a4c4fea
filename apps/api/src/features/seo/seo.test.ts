import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, TEST_CONFIG } from '../../../test/helpers/app';
import { createProject } from '../../../test/helpers/factories';

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
