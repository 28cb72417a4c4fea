import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { BUDGETS, checkBudgets, routeFiles } from '../scripts/bundle-budget.mjs';
import { ROUTE_MODULES } from '../scripts/route-preloads.mjs';

/**
 * The bundle budget (ADR 0056) on the build the global setup made, and the way the production
 * server sends it. Reads files and asks the server over HTTP: no browser.
 */
const DIST = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
>;

describe('bundle budget', () => {
  it('each budgeted route downloads no more compressed JavaScript than its budget', () => {
    const { routes, over } = checkBudgets(DIST);
    expect(routes.map((route) => route.path)).toEqual(Object.keys(BUDGETS));
    for (const route of routes) expect(route.brotli, route.path).toBeGreaterThan(0);
    expect(over).toEqual([]);
  });

  it('when a route passes its budget, the check reports it', () => {
    const { routes } = checkBudgets(DIST);
    const tight = Object.fromEntries(
      routes.map((route) => [
        route.path,
        { budget: route.brotli - 1, modules: BUDGETS[route.path]!.modules },
      ]),
    );
    expect(checkBudgets(DIST, tight).over.map((route) => route.path)).toEqual(Object.keys(BUDGETS));
  });

  it('the route areas load on demand: a first visit to / downloads no screen of another area', () => {
    const home = routeFiles(manifest, []);
    const lazyScreens = Object.entries(manifest)
      .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('src/app/routes/'))
      .map(([, chunk]) => chunk.file);
    // Every area's screens are their own chunks (routes.tsx): catalogue, library, profile, admin...
    for (const area of [
      'projects',
      'library',
      'profile',
      'publishing',
      'auth',
      'admin',
      'resources',
    ]) {
      expect(
        Object.keys(manifest).some((key) => key.startsWith(`src/app/routes/${area}/`)),
        area,
      ).toBe(true);
    }
    expect(lazyScreens.filter((file) => home.includes(file))).toEqual([]);
  });
});

describe('the production server sends the bundle compressed', () => {
  it('when the main bundle is asked with Accept-Encoding: br, it comes as br, cached a year, varying on the encoding', async () => {
    // The entry is a small file that imports the chunk of a first visit's modules (ADR 0062):
    // the largest file a first visit loads is the main bundle.
    const [main] = routeFiles(manifest, [])
      .map((file) => ({ file, size: statSync(join(DIST, file)).size }))
      .sort((a, b) => b.size - a.size);
    const response = await fetch(`${inject('baseUrl')}/${main!.file}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // fetch undoes the Brotli: the text is the built file.
    expect(await response.text()).toBe(readFileSync(join(DIST, main!.file), 'utf8'));
  });
});

describe("the page names its route's scripts (ADR 0056, ADR 0060)", () => {
  const page = async (path: string, cookie?: string) =>
    (await fetch(`${inject('baseUrl')}${path}`, cookie ? { headers: { cookie } } : {})).text();
  const linked = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (match) => match[1],
    );
  /** The scripts a drawn page starts once painted (boot.js reads them from the page). */
  const booted = (html: string) => {
    const json = /<script id="boot-modules" type="application\/json">([^<]*)<\/script>/.exec(html);
    return json ? (JSON.parse(json[1]!) as { entry: string; preload: string[] }) : undefined;
  };
  const built = readFileSync(join(DIST, 'index.html'), 'utf8');
  const entryScript = /<script type="module" crossorigin src="([^"]+)"/.exec(built)![1];
  const catalogue = manifest['src/app/routes/projects/projects-route.tsx']!.file;
  const detail = manifest['src/app/routes/projects/project-detail-route.tsx']!.file;

  it('a shared link to the catalogue or a project gets its route’s chunk with the entry; the home gets none', async () => {
    // Signed in, the browser draws the page: the shell preloads the route's chunk with the entry.
    const signedIn = 'token=someone';
    const onCatalogue = linked(await page('/projects?q=huerto', signedIn));
    expect(onCatalogue).toContain(`/${catalogue}`);
    expect(onCatalogue).not.toContain(`/${detail}`);
    expect(linked(await page('/projects/1', signedIn))).toContain(`/${detail}`);
    // index.html's own preloads (the entry's imports) are all the home needs.
    expect(linked(built).length).toBeGreaterThan(0);
    expect(linked(await page('/', signedIn))).toEqual(linked(built));
    // Every page listed names a module the build has, and every file it preloads exists.
    for (const { module } of ROUTE_MODULES) expect(manifest[module], module).toBeDefined();
    for (const file of onCatalogue) {
      expect((await fetch(`${inject('baseUrl')}${file}`)).status, file).toBe(200);
    }
  });

  it('a visitor’s drawn page names no script to fetch before it is painted: boot.js starts the same entry and modules after', async () => {
    const drawn = await page('/projects?q=huerto');
    expect(drawn).not.toMatch(/<script type="module"/);
    expect(linked(drawn)).toEqual([]);
    expect(drawn).toContain('<script src="/boot.js" defer></script>');
    const modules = booted(drawn)!;
    expect(modules.entry).toBe(entryScript);
    // index.html's preloads first, then the route's chunk and its imports.
    expect(modules.preload.slice(0, linked(built).length)).toEqual(linked(built));
    expect(modules.preload).toContain(`/${catalogue}`);
    expect(booted(await page('/projects/1'))!.preload).toContain(`/${detail}`);
    expect(booted(await page('/'))!.preload).toEqual(linked(built));
    expect((await fetch(`${inject('baseUrl')}/boot.js`)).status).toBe(200);
  });
});
