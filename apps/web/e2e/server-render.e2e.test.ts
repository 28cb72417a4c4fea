import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

/**
 * A visitor's public pages arrive drawn by the server and are taken over by the browser without
 * being drawn again (ADR 0060).
 */

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

interface Listed {
  data: { id: number; attributes: Record<string, unknown> }[];
}

/** The first published entry of a collection, read as a visitor reads it. */
async function firstOf(baseUrl: string, collection: string, field: string) {
  const answer = await fetch(
    `${baseUrl}/api/${collection}?fields[0]=${field}&sort=id:asc&pagination[pageSize]=1`,
  );
  const entry = ((await answer.json()) as Listed).data[0];
  if (!entry) throw new Error(`the demo data has no published ${collection}`);
  return { id: entry.id, text: String(entry.attributes[field]) };
}

/** The HTML inside `#root` of the page the server sends for `path`. */
async function drawn(baseUrl: string, path: string, cookie?: string) {
  const html = await (
    await fetch(`${baseUrl}${path}`, cookie ? { headers: { cookie } } : undefined)
  ).text();
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html)?.[1] ?? '';
  return { html, root };
}

/** Text of HTML, to look for what a person reads in it. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('pages drawn on the server', () => {
  const browser = useBrowser();

  it('every public page comes drawn with its heading and its answers, and the browser takes it over without drawing it again', async () => {
    const { baseUrl } = browser;
    const project = await firstOf(baseUrl, 'projects', 'title');
    const work = await firstOf(baseUrl, 'tfxes', 'title');
    const resource = await firstOf(baseUrl, 'resources', 'title');
    const pages: [string, string][] = [
      ['/', ''],
      ['/projects', 'Proyectos'],
      [`/projects/${project.id}`, project.text],
      ['/projects?q=energia', 'Proyectos'],
      ['/tfx', 'Biblioteca'],
      [`/tfx/${work.id}`, work.text],
      ['/tfx/external', ''],
      ['/resources', 'Recursos'],
      [`/resources/${resource.id}`, resource.text],
      ['/estudiantes', 'Haz un TFG o TFM que deje huella'],
      ['/organizaciones', ''],
      ['/user/auth/login', 'Iniciar sesión'],
      ['/register', ''],
    ];
    const { page } = browser;
    // The heading the server sent, kept as the page is parsed (before any script of the page).
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { drawnHeading?: Element | null }).drawnHeading =
          document.querySelector('h1');
      }),
    );
    for (const [path, heading] of pages) {
      const { html, root } = await drawn(baseUrl, path);
      expect(root, `${path} is drawn`).toMatch(/<h1[^>]*>/);
      expect(textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)![1]!), path).toContain(heading);
      expect(html, `${path} carries its answers`).toContain('<script id="server-state"');

      // The browser adopts the page: the heading element the server sent is the one shown after
      // the scripts ran (React replaces the tree when a page does not match), and nothing is
      // logged.
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => {
          const drawnHeading = (window as unknown as { drawnHeading?: Element | null })
            .drawnHeading;
          return (
            Boolean(drawnHeading?.isConnected) && drawnHeading === document.querySelector('h1')
          );
        }),
        `${path}: the server's heading is the one on screen`,
      ).toBe(true);
      expect(browser.consoleErrors, path).toEqual([]);
    }
  });

  it('after pages were drawn, the API’s OpenAPI document still answers (the renderer’s copy of the schemas is its own)', async () => {
    const { baseUrl } = browser;
    expect((await drawn(baseUrl, '/tfx')).root).toMatch(/<h1/);
    for (const format of ['json', 'yaml']) {
      const answer = await fetch(`${baseUrl}/api/docs/${format}`);
      expect([format, answer.status]).toEqual([format, 200]);
      expect(await answer.text()).toContain('PagePagination');
    }
  });

  it('a legal text, a signed-in person’s page and a private page are drawn by the browser', async () => {
    const { baseUrl } = browser;
    expect((await drawn(baseUrl, '/cookies')).root).toBe('');
    expect((await drawn(baseUrl, '/projects', 'token=someone')).root).toBe('');
    expect((await drawn(baseUrl, '/profile')).root).toBe('');
    expect((await drawn(baseUrl, '/projects/999999')).root).toBe('');
  });

  it('before the scripts run the login form cannot be sent: its button is off, so the password never goes in an address', async () => {
    const { root } = await drawn(browser.baseUrl, '/user/auth/login');
    const buttons = [...root.matchAll(/<button[^>]*type="submit"[^>]*>/g)].map((m) => m[0]);
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) expect(button).toMatch(/\bdisabled=""/);
    const { page } = browser;
    await page.goto('/user/auth/login');
    await page.getByRole('button', { name: 'Entrar', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Entrar', exact: true }).isEnabled()).toBe(true);
  });

  it('without JavaScript, a visitor on a phone reads the catalogue and follows a project to its page', async () => {
    const context = await browser.page
      .context()
      .browser()!
      .newContext({
        baseURL: browser.baseUrl,
        javaScriptEnabled: false,
        viewport: { width: 360, height: 780 },
        locale: 'es-ES',
      });
    try {
      const page = await context.newPage();
      await page.goto('/projects');
      const cards = page.getByRole('main').getByRole('article');
      expect(await cards.count()).toBeGreaterThan(0);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'server-drawn-projects-no-js-360.png') });
      const link = cards.first().getByRole('link').first();
      const title = (await link.textContent())?.trim() ?? '';
      await link.click();
      await page.waitForURL(/\/projects\/\d+$/);
      expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(title);
    } finally {
      await context.close();
    }
  });
});
