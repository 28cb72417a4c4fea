import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { TEST_CONFIG } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';

/**
 * The server's drawing of a visitor's public pages (ADR 0060), with a renderer written here in
 * place of the web's build: it records what it was asked to draw and asks the API through the
 * transport it is given, as apps/web/src/entry-server.tsx does.
 */

// As Vite writes the built shell: the entry and its preloads in the head.
const SHELL = `<!doctype html>
<html lang="es">
  <head>
    <title>Plataforma de impacto social</title>
    <meta name="description" content="La descripción de index.html." />
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-r1.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

const HOSTILE = '</script><script>window.hacked = true</script>';

const RENDERER = `
let transport;
globalThis.__renders = [];
export function configureServerRender(setup) {
  transport = setup.transport;
  globalThis.__html = setup.html;
}
export async function render(url) {
  globalThis.__renders.push(url);
  const query = new URL(url, 'http://x').searchParams;
  if (query.has('boom')) throw new Error('the page broke');
  if (query.has('moved')) return { kind: 'redirect', status: 301, location: '/projects' };
  if (query.has('browser')) return { kind: 'browser' };
  const me = await transport('/api/users/me', { method: 'GET' });
  const projects = await (await transport('/api/projects?pagination[pageSize]=1', {})).json();
  return {
    kind: 'page',
    status: 200,
    html: '<link rel="preload" as="image" href="/logo.svg"/><main><h1>Drawn</h1>' +
      '<p id="me">' + me.status + '</p><p id="total">' + projects.meta.pagination.total + '</p></main>',
    state: { queries: [{ text: ${JSON.stringify(HOSTILE)} }] },
  };
}
`;

declare global {
  var __renders: string[] | undefined;
  var __html: { sanitize(html: string): string; toText(html: string): string } | undefined;
}

let site: FastifyInstance;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'web-render-'));
  await mkdir(join(root, 'dist'));
  await mkdir(join(root, 'dist-server'));
  await writeFile(join(root, 'dist', 'index.html'), SHELL);
  await writeFile(
    join(root, 'dist', 'route-preloads.json'),
    JSON.stringify([{ pattern: '^/projects/?$', files: ['/assets/projects-route-p1.js'] }]),
  );
  await writeFile(join(root, 'dist-server', 'entry-server.js'), RENDERER);
  const { db } = await getTestDatabase();
  site = await buildApp({
    config: { ...TEST_CONFIG, webDistDir: join(root, 'dist') },
    db,
    logger: false,
  });
});
afterAll(async () => {
  await site.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => {
  globalThis.__renders = [];
});

async function page(url: string, cookie?: string) {
  const res = await site.inject({
    method: 'GET',
    url,
    headers: cookie ? { cookie } : {},
  });
  return { res, document: new JSDOM(res.body).window.document };
}

describe('a visitor’s public page is drawn on the server (ADR 0060)', () => {
  it('carries the drawn page in #root, the answers it was drawn from, and its scripts start after the first paint', async () => {
    const { res, document } = await page('/projects');
    expect(res.statusCode).toBe(200);
    expect(globalThis.__renders).toEqual(['/projects']);
    expect(document.querySelector('#root h1')?.textContent).toBe('Drawn');
    // The renderer asked as a visitor: no session went with its requests.
    expect(document.getElementById('me')?.textContent).toMatch(/^40[13]$/);
    expect(Number(document.getElementById('total')?.textContent)).toBeGreaterThanOrEqual(0);
    // React's hints go to the head, not into the root.
    expect(document.querySelector('#root link')).toBeNull();
    expect(document.head.querySelector('link[rel="preload"][href="/logo.svg"]')).not.toBeNull();
    // A hostile text among the answers neither closes the script nor runs.
    const state = document.getElementById('server-state');
    expect(state?.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(state?.textContent ?? '')).toEqual({ queries: [{ text: HOSTILE }] });
    expect(document.querySelectorAll('script')).toHaveLength(3);
    // No module starts before the page is painted: boot.js starts them from a list.
    expect(document.querySelector('script[type="module"]')).toBeNull();
    expect(document.querySelector('link[rel="modulepreload"]')).toBeNull();
    expect(JSON.parse(document.getElementById('boot-modules')?.textContent ?? '')).toEqual({
      entry: '/assets/index-e1.js',
      preload: ['/assets/react-r1.js', '/assets/projects-route-p1.js'],
    });
    const boot = document.querySelector('script[src="/boot.js"]');
    expect(boot?.hasAttribute('defer')).toBe(true);
    // The branding is among the drawn page's answers, not sent a second time.
    expect(document.getElementById('initial-branding')).toBeNull();
  });

  it('a signed-in person’s page, a private page and an unknown address are not drawn', async () => {
    const signedIn = await page('/projects', 'token=some-session');
    const privatePage = await page('/projects/42/inscripcion');
    const unknown = await page('/no-such-page');
    expect(globalThis.__renders).toEqual([]);
    for (const { res, document } of [signedIn, privatePage, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(document.getElementById('root')?.innerHTML).toBe('');
      expect(document.querySelector('script[type="module"]')?.getAttribute('src')).toBe(
        '/assets/index-e1.js',
      );
      expect(document.getElementById('server-state')).toBeNull();
    }
  });

  it('a render that fails or leaves the page to the browser sends the shell; a redirect is followed', async () => {
    for (const url of ['/projects?boom=1', '/projects?browser=1']) {
      const { res, document } = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(document.getElementById('root')?.innerHTML, url).toBe('');
      expect(document.querySelector('script[type="module"]'), url).not.toBeNull();
      expect(document.querySelector('link[rel="modulepreload"]'), url).not.toBeNull();
    }
    const moved = await site.inject({ method: 'GET', url: '/projects?moved=1' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/projects');
    expect(globalThis.__renders).toEqual([
      '/projects?boom=1',
      '/projects?browser=1',
      '/projects?moved=1',
    ]);
  });

  it('gives the renderer the rich-text allow-list and a text reading for HTML, as DOMPurify has no DOM on the server', async () => {
    // The renderer is set up when the first page is drawn.
    await page('/');
    const html = globalThis.__html!;
    expect(
      html.sanitize('<p onclick="x()">Hola <script>alert(1)</script><strong>mundo</strong></p>'),
    ).toBe('<p>Hola <strong>mundo</strong></p>');
    expect(html.toText('<p>Tom &amp; Jerry &lt;3</p>')).toBe('Tom & Jerry <3');
  });
});
