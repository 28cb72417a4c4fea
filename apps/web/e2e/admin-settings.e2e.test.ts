import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { DEMO, apiSignIn, signInAs } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 360, height: 740 };

const TABS = [
  { path: 'marca', heading: 'Marca' },
  { path: 'permisos', heading: 'Permisos' },
  { path: 'pie', heading: 'Pie de página' },
  { path: 'banners', heading: 'Banners' },
  { path: 'textos-legales', heading: 'Textos legales' },
] as const;

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#7A1F5C"/><circle cx="20" cy="20" r="9" fill="#FFFFFF"/></svg>`;

type Json = Record<string, unknown>;

/**
 * The admin settings area against the real server. Every journey that changes shared data
 * (branding, menu logo, a permission, the footer) reads the original through the API first and
 * puts it back in `finally`, because the other browser test files run on the same server.
 */
describe('admin settings (/admin/ajustes)', () => {
  const browser = useBrowser();
  let adminJwt = '';

  beforeAll(async () => {
    adminJwt = (await apiSignIn(browser.baseUrl, DEMO.admin)).jwt;
  });

  async function api<T = Json>(
    path: string,
    init: { method?: string; body?: unknown; jwt?: string } = {},
  ) {
    const response = await fetch(`${browser.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.jwt ? { authorization: `Bearer ${init.jwt}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    expect(
      response.ok,
      `${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`,
    ).toBe(true);
    return JSON.parse(text) as T;
  }

  async function openAsAdmin(path: string): Promise<Page> {
    await signInAs(browser.context, browser.baseUrl, DEMO.admin);
    const { page } = browser;
    await page.goto(path);
    return page;
  }

  /** Waits until the page and its fonts settle, so screenshots and contrast checks are stable. */
  async function settle(page: Page) {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
  }

  it('a signed-in student gets "Sin permiso" and no settings', async () => {
    await signInAs(browser.context, browser.baseUrl, DEMO.student);
    const { page } = browser;
    await page.goto('/admin/ajustes');

    await page.getByRole('heading', { level: 1, name: 'Sin permiso' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Secciones de ajustes' }).count()).toBe(0);
    await settle(page);
    await checkA11y(page);
  });

  it('every tab is accessible and is captured at 1280 and 360 px wide', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const page = await openAsAdmin('/admin/ajustes');
    await page.waitForURL('**/admin/ajustes/marca');

    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const tab of TABS) {
        await page
          .getByRole('navigation', { name: 'Secciones de ajustes' })
          .getByRole('link', { name: tab.heading, exact: true })
          .click();
        await page.waitForURL(`**/admin/ajustes/${tab.path}`);
        await page.getByRole('heading', { level: 2, name: tab.heading, exact: true }).waitFor();
        if (tab.path === 'pie') {
          // One column unfolded, so its fields are checked and pictured too.
          await page.getByRole('button', { name: 'Editar: fila 1, columna 2' }).click();
        }
        await settle(page);
        await checkA11y(page);
        await page.screenshot({
          path: join(SCREENSHOTS, `admin-settings-${tab.path}-${size}.png`),
          fullPage: true,
        });
      }
    }
    // No horizontal scrolling at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(browser.consoleErrors).toEqual([]);
  });

  it('an admin edits the cookie policy: it is published as a new version and the old one stays readable', async () => {
    interface Texts {
      data: { id: number; attributes: { title: string; content: string; version: number } }[];
    }
    interface Versions {
      data: { attributes: { version: number; content: string } }[];
    }
    const before = await api<Texts>('/api/legal-texts?filters[kind][$eq]=cookies');
    const original = before.data[0]!;
    const version = original.attributes.version;
    const marker = `Revisada en la prueba ${Date.now()}`;
    try {
      const page = await openAsAdmin('/admin/ajustes/textos-legales');
      await page.getByRole('tab', { name: 'Cookies' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Cookies' });
      const editor = panel.getByRole('textbox', { name: 'Texto' });
      // At the end of the last paragraph, a new section. The caret must be in that paragraph
      // before typing: a click that lands while the editor is still settling leaves it at the
      // start of the text, and what follows would be typed there.
      const lastParagraph = editor.getByText('Para cualquier duda', { exact: false });
      // Where the editor itself has the caret (ProseMirror's state, which Enter acts on; Tiptap
      // keeps the editor on its element): the page's selection can be ahead of it for a moment
      // on a loaded machine, and a key pressed then goes where the editor still thinks it is.
      const caretIsInLastParagraph = () =>
        editor.evaluate(
          (element) =>
            (
              element as HTMLElement & {
                editor?: { state: { selection: { $head: { parent: { textContent: string } } } } };
              }
            ).editor?.state.selection.$head.parent.textContent ?? '',
        );
      // Once the kept versions have arrived (their list re-renders the form) and nothing loads.
      await panel.getByText(`Vigente: versión ${version}.`).waitFor();
      await page.waitForLoadState('networkidle');
      await expect
        .poll(async () => {
          await lastParagraph.click();
          await page.keyboard.press('End');
          return caretIsInLastParagraph();
        })
        .toContain('Para cualquier duda');
      await page.keyboard.press('Enter');
      await panel.getByRole('button', { name: 'Título de apartado' }).click();
      await expect
        .poll(() =>
          panel.getByRole('button', { name: 'Título de apartado' }).getAttribute('aria-pressed'),
        )
        .toBe('true');
      await page.keyboard.type('Cambios de esta política');
      await page.keyboard.press('Enter');
      await page.keyboard.type(marker);
      await settle(page);
      await checkA11y(page);
      await page.screenshot({
        path: join(SCREENSHOTS, 'admin-settings-legal-editing-desktop.png'),
        fullPage: true,
      });
      await panel.getByRole('button', { name: 'Guardar y publicar' }).click();
      const confirmation = `Política de cookies guardada y publicada como versión ${version + 1}.`;
      await page
        .getByRole('region', { name: /^Confirmaciones/ })
        .getByText(confirmation)
        .waitFor();
      await panel.getByText(`Vigente: versión ${version + 1}.`).waitFor();

      // The server kept both: the new version, and the one before as it was.
      const versions = await api<Versions>(
        '/api/legal-text-versions?filters[legalText][kind][$eq]=cookies&sort=version:desc',
      );
      expect(versions.data[0]?.attributes.version).toBe(version + 1);
      // Added at the end; everything before it as it was (the default text is the editor's HTML).
      expect(versions.data[0]?.attributes.content).toBe(
        `${original.attributes.content}<h2>Cambios de esta política</h2><p>${marker}</p>`,
      );
      expect(versions.data[1]?.attributes).toEqual({
        ...versions.data[1]?.attributes,
        version,
        content: original.attributes.content,
      });

      await page.goto('/cookies');
      const main = page.locator('main');
      await main.getByRole('heading', { level: 2, name: 'Cambios de esta política' }).waitFor();
      await main.getByText(marker).waitFor();
      await main.getByText(`Versión ${version + 1}`, { exact: false }).waitFor();

      await page.goto(`/cookies?version=${version}`);
      await main.getByText(`Estás leyendo la versión ${version}`, { exact: false }).waitFor();
      expect(await main.getByText(marker).count()).toBe(0);
      await checkA11y(page);
      expect(browser.consoleErrors).toEqual([]);
    } finally {
      await api(`/api/legal-texts/${original.id}`, {
        method: 'PUT',
        body: { data: { title: original.attributes.title, content: original.attributes.content } },
        jwt: adminJwt,
      });
    }
  });

  it('a branding change is visible in the header and the title at once and after a reload', async () => {
    const before = await api<{ data: { attributes: Json } }>('/api/branding-saas');
    const { createdAt: _c, updatedAt: _u, ...original } = before.data.attributes;
    try {
      const page = await openAsAdmin('/admin/ajustes/marca');
      const name = page.getByRole('textbox', { name: 'Nombre del proyecto' });
      await name.fill('Campus Solidario');
      await page.getByRole('textbox', { name: 'Color principal', exact: true }).fill('#7A1F5C');
      // The preview follows the draft; the page does not until it is saved.
      const preview = page.getByRole('figure', { name: 'Vista previa (aún sin guardar)' });
      await preview.getByText('Campus Solidario').first().waitFor();
      expect(await page.title()).toBe(original.projectName);

      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await page.getByText('Cambios guardados.', { exact: false }).waitFor();

      const header = page.getByRole('banner');
      await header.getByRole('link', { name: 'Campus Solidario' }).waitFor();
      expect(await page.title()).toBe('Campus Solidario');
      const mainColor = () =>
        page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--color-main').trim(),
        );
      expect((await mainColor()).toUpperCase()).toBe('#7A1F5C');

      await page.reload();
      await page.getByRole('banner').getByRole('link', { name: 'Campus Solidario' }).waitFor();
      expect(await page.title()).toBe('Campus Solidario');
      expect((await mainColor()).toUpperCase()).toBe('#7A1F5C');
      expect(await page.getByRole('textbox', { name: 'Nombre del proyecto' }).inputValue()).toBe(
        'Campus Solidario',
      );
    } finally {
      await api('/api/branding-saas', { method: 'PUT', body: { data: original }, jwt: adminJwt });
    }
  });

  it("an uploaded menu logo becomes the favicon; the header keeps the branding's logo (spec §1)", async () => {
    interface Brandings {
      data: { id: number; attributes: { menuLogo: { data: { id: number } | null } } }[];
    }
    const before = await api<Brandings>('/api/brandings?populate=menuLogo&sort=id:asc');
    const entry = before.data[0];
    expect(entry, 'the demo data has a branding entry').toBeTruthy();
    try {
      const page = await openAsAdmin('/admin/ajustes/marca');
      await page.getByRole('heading', { name: 'Logo del menú' }).waitFor();
      await page.getByLabel('Cambiar el logo').setInputFiles({
        name: 'logo-campus.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from(LOGO_SVG),
      });
      await page.getByText('Logo actualizado.', { exact: false }).waitFor();

      const favicon = () =>
        page.evaluate(() => document.querySelector('link[rel~="icon"]')?.getAttribute('href'));
      await expect.poll(favicon).toMatch(/^\/uploads\/[0-9a-f]+\.svg$/);
      const src = await favicon();
      // The header shows the branding's logoUrl (the demo's /demo/logo.svg), not the menu logo.
      const headerLogo = page.getByRole('banner').locator('img').first();
      expect(await headerLogo.getAttribute('src')).toBe('/demo/logo.svg');
      await page.reload();
      await expect.poll(favicon).toBe(src);
    } finally {
      if (entry) {
        await api(`/api/brandings/${entry.id}`, {
          method: 'PUT',
          body: { data: { menuLogo: entry.attributes.menuLogo.data?.id ?? null } },
          jwt: adminJwt,
        });
      }
    }
  });

  it('a permission switched off by the admin reaches a signed-in student', async () => {
    const student = await apiSignIn(browser.baseUrl, DEMO.student);
    interface Status {
      permissions: { notifications: { enabled: boolean } };
    }
    const status = () => api<Status>('/api/permissions/status', { jwt: student.jwt });
    interface Rows {
      data: { id: number; attributes: { enabled: boolean; create: boolean; update: boolean } }[];
    }
    const rows = await api<Rows>(
      '/api/feature-permissions?filters[role][$eq]=student&filters[feature][$eq]=notifications',
      { jwt: adminJwt },
    );
    const row = rows.data[0];
    expect(row?.attributes.enabled, 'the demo turns every feature on').toBe(true);
    expect((await status()).permissions.notifications.enabled).toBe(true);
    try {
      const page = await openAsAdmin('/admin/ajustes/permisos');
      await page.getByRole('tab', { name: 'Estudiantes' }).click();
      const toggle = page.getByRole('switch', { name: 'Estudiantes: Comunicaciones — acceso' });
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      // Keyboard: a switch toggles with Space.
      await toggle.focus();
      await page.keyboard.press('Space');
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await page.getByRole('button', { name: 'Guardar permisos' }).click();
      await page.getByText('Permiso guardado.', { exact: false }).waitFor();

      expect((await status()).permissions.notifications.enabled).toBe(false);
      await page.reload();
      await page.getByRole('tab', { name: 'Estudiantes' }).click();
      expect(
        await page
          .getByRole('switch', { name: 'Estudiantes: Comunicaciones — acceso' })
          .getAttribute('aria-checked'),
      ).toBe('false');
    } finally {
      if (row) {
        const { enabled, create, update } = row.attributes;
        await api(`/api/feature-permissions/${row.id}`, {
          method: 'PUT',
          body: { data: { enabled, create, update } },
          jwt: adminJwt,
        });
      }
    }
    expect((await status()).permissions.notifications.enabled).toBe(true);
  });

  it('an edited footer link shows in the page footer', async () => {
    interface Footer {
      data: { id: number; attributes: { FooterSection: Json[] } }[];
    }
    const before = await api<Footer>('/api/footer-sections?sort=id:asc');
    const entry = before.data[0];
    expect(entry, 'the demo data has a footer').toBeTruthy();
    let saved = false;
    try {
      const page = await openAsAdmin('/admin/ajustes/pie');
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: 'Proyectos', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Editar: fila 1, columna 2' }).click();
      const link = page.getByRole('group', { name: 'Fila 1, columna 2, enlace 1' });
      await link.getByRole('textbox', { name: 'Texto' }).fill('Proyectos abiertos');
      await page.getByRole('button', { name: 'Guardar pie de página' }).click();
      // Confirmed in a toast (ADR 0035), or refused in an alert.
      await page
        .getByRole('region', { name: /^Confirmaciones/ })
        .getByText(/Pie de página guardado/)
        .or(page.getByRole('alert').filter({ hasText: /No se han guardado/ }))
        .first()
        .waitFor();
      expect(
        await page.getByText('Pie de página guardado.', { exact: false }).count(),
        `the save was refused: ${(await page.getByRole('alert').allTextContents()).join(' | ')}`,
      ).toBe(1);
      saved = true;

      await footer.getByRole('link', { name: 'Proyectos abiertos' }).waitFor();
      await page.goto('/');
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: 'Proyectos abiertos' })
        .waitFor();
    } finally {
      if (entry && saved) {
        await api(`/api/footer-sections/${entry.id}`, {
          method: 'PUT',
          body: { data: { FooterSection: entry.attributes.FooterSection } },
          jwt: adminJwt,
        });
      }
    }
  });
});
