import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { DEMO, apiSignIn, signInAs } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 360, height: 740 };

/**
 * Spec §2 "Header and menu by audience", in a real browser against the demo data (every feature
 * switch on, a branding whose origin is not Murcia). Each audience's menu is written out in full:
 * the desktop bar, its submenus, the call to action, the "Entrar" or profile menu, and the mobile
 * side menu (links and buttons in order).
 */
interface Audience {
  name: string;
  email: string | null;
  /** Links and submenu buttons of the desktop bar. */
  bar: string[];
  /** Links of each desktop submenu, by its button. */
  submenus: Record<string, string[]>;
  /** The call-to-action button, if any. */
  action: string | null;
  /** Items of the "Entrar" menu (visitor) or of the profile dropdown. */
  account: string[];
  /**
   * Links and buttons of the side menu, in order (its close button first); null when there is no
   * side menu (a visitor's "Entrar" is in the header at every width, spec §2).
   */
  drawer: string[] | null;
  /** New accounts are greeted by a welcome modal (spec §2 Modals), closed before using the menu. */
  hasWelcome?: boolean;
}

const STUDENT_PROFILE = [
  'Perfil',
  'Candidaturas',
  'Proyectos guardados',
  'Proyectos en marcha',
  'Proyectos publicados',
  'Comunicaciones',
  'Cerrar sesión',
];
const STUDENT_BAR = ['Proyectos', 'Proyectos Lab', 'Recursos', 'Comunicaciones'];
const STUDENT_DRAWER = [
  'Cerrar menú',
  // The bell, first in the side menu (ADR 0044); its count is left out (texts() below).
  'Notificaciones',
  'Proyectos',
  'Proyectos Lab',
  'Repositorio de TFG/Ms',
  'Guías y recursos',
  'Comunicaciones',
  'Subir proyecto',
  // "Comunicaciones" is already above: the account part lists it once.
  'Perfil',
  'Candidaturas',
  'Proyectos guardados',
  'Proyectos en marcha',
  'Proyectos publicados',
  'Cerrar sesión',
];
const STUDENT_SUBMENUS = { Recursos: ['Repositorio de TFG/Ms', 'Guías y recursos'] };

const AUDIENCES: Audience[] = [
  {
    name: 'visitor',
    email: null,
    bar: [],
    submenus: {},
    action: null,
    account: ['Iniciar sesión', 'Registrarse'],
    drawer: null,
  },
  {
    name: 'student',
    email: DEMO.student,
    bar: STUDENT_BAR,
    submenus: STUDENT_SUBMENUS,
    action: 'Subir mi proyecto',
    account: STUDENT_PROFILE,
    drawer: STUDENT_DRAWER,
  },
  {
    name: 'new-student',
    email: DEMO.newStudent,
    hasWelcome: true,
    bar: STUDENT_BAR,
    submenus: STUDENT_SUBMENUS,
    action: 'Subir mi proyecto',
    account: STUDENT_PROFILE,
    drawer: STUDENT_DRAWER,
  },
  {
    name: 'teacher',
    email: DEMO.teacher,
    bar: ['Publica tu proyecto', 'Mis proyectos', 'Panel de Control', 'Ver proyectos'],
    submenus: {},
    action: null,
    account: ['Perfil', 'Cerrar sesión'],
    drawer: [
      'Cerrar menú',
      'Publica tu proyecto',
      'Mis proyectos',
      'Panel de Control',
      'Ver proyectos',
      'Perfil',
      'Cerrar sesión',
    ],
  },
  {
    name: 'coordinator',
    email: DEMO.coordinator,
    bar: ['Publicar mi proyecto', 'Mis proyectos'],
    submenus: {},
    action: null,
    // ADR 0033: a coordinator edits their organisation from the profile menu.
    account: ['Perfil', 'Mi organización', 'Cerrar sesión'],
    drawer: [
      'Cerrar menú',
      'Publicar mi proyecto',
      'Mis proyectos',
      'Perfil',
      'Mi organización',
      'Cerrar sesión',
    ],
  },
  {
    name: 'new-coordinator',
    email: DEMO.newCoordinator,
    hasWelcome: true,
    bar: ['Crea tu organización'],
    submenus: {},
    action: null,
    account: ['Perfil', 'Cerrar sesión'],
    drawer: ['Cerrar menú', 'Crea tu organización', 'Perfil', 'Cerrar sesión'],
  },
  {
    name: 'admin',
    email: DEMO.admin,
    bar: [
      'Facultades y Grados',
      'Informes',
      'Usuarios',
      'Empresas',
      'Proyectos',
      'Biblioteca',
      'Comunicaciones',
    ],
    submenus: {
      Usuarios: ['Profesorado', 'Estudiantes'],
      Proyectos: ['Ver proyectos', 'Asignar proyectos', 'Candidaturas'],
      Biblioteca: ['Revisión de trabajos', 'Importar trabajos externos', 'Recursos'],
      Comunicaciones: ['Nueva comunicación', 'Historial', 'Correo saliente'],
    },
    action: null,
    account: ['Perfil', 'Administración', 'Ajustes', 'Cerrar sesión'],
    drawer: [
      'Cerrar menú',
      'Facultades y Grados',
      'Informes',
      'Profesorado',
      'Estudiantes',
      'Empresas',
      'Ver proyectos',
      'Asignar proyectos',
      'Candidaturas',
      'Revisión de trabajos',
      'Importar trabajos externos',
      'Recursos',
      'Nueva comunicación',
      'Historial',
      'Correo saliente',
      'Perfil',
      'Administración',
      'Ajustes',
      'Cerrar sesión',
    ],
  },
];

const texts = async (locator: Locator) =>
  // The bell's badge is part of its text ("Notificaciones7"); the count changes between runs.
  (await locator.allTextContents()).map((t) => t.trim().replace(/^(Notificaciones)\d+\+?$/, '$1'));

/** Links and submenu buttons of the desktop bar (empty when the bar has no menu). */
async function barItems(page: Page): Promise<string[]> {
  return texts(page.getByRole('navigation', { name: 'Menú principal' }).locator('a, button'));
}

/** The "Entrar" button (visitors) or the profile button (signed in). */
function accountButton(page: Page, audience: Audience): Locator {
  return audience.email
    ? page.getByRole('button', { name: /^Menú de la cuenta de / })
    : page.getByRole('banner').getByRole('button', { name: 'Entrar', exact: true });
}

/**
 * Opens the page and waits for it to settle. New accounts get a welcome modal (another part of the
 * shell); it is closed with Escape, which gives the header back.
 */
async function openPageAs(page: Page, audience: Audience, path = '/'): Promise<void> {
  await page.goto(path);
  if (audience.hasWelcome) {
    // First the welcome: once it is open, the page behind it (the header too) is hidden from
    // the accessibility tree, so waiting for the header first could wait for ever.
    const welcome = page.getByRole('dialog');
    await welcome.waitFor();
    // Escape reaches the modal once it has taken the focus, at the end of its entrance.
    await transitionsEnded(page);
    await page.keyboard.press('Escape');
    await welcome.waitFor({ state: 'hidden' });
  }
  await page.getByRole('banner').waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

/** Menus and the side menu fade or slide in (Headless UI marks them meanwhile); wait for the end. */
async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[data-transition]').length === 0);
}

async function openProfileOrEntryMenu(page: Page, audience: Audience): Promise<Locator> {
  await accountButton(page, audience).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  await transitionsEnded(page);
  return menu;
}

async function openDrawer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menú' });
  await drawer.waitFor();
  // The panel slides in for 300 ms (spec §9); pictures and axe want it in place.
  await transitionsEnded(page);
  return drawer;
}

describe('header and menus by audience (desktop)', () => {
  const browser = useBrowser({ viewport: DESKTOP });
  beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }));

  for (const audience of AUDIENCES) {
    it(`for the ${audience.name}, the bar, submenus, call to action and account menu are exactly spec §2's`, async () => {
      const { page, context, baseUrl } = browser;
      if (audience.email) await signInAs(context, baseUrl, audience.email);
      await openPageAs(page, audience);

      await expect.poll(() => barItems(page)).toEqual(audience.bar);
      await page.locator('header').screenshot({
        path: join(SCREENSHOTS, `header-${audience.name}-desktop.png`),
      });

      for (const [label, links] of Object.entries(audience.submenus)) {
        const button = page
          .getByRole('navigation', { name: 'Menú principal' })
          .getByRole('button', { name: label });
        await button.click();
        const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
        await panel.waitFor();
        expect(await texts(panel.getByRole('link'))).toEqual(links);
        await transitionsEnded(page);
        await page.screenshot({
          path: join(SCREENSHOTS, `header-${audience.name}-desktop-${label.toLowerCase()}.png`),
          clip: { x: 0, y: 0, width: DESKTOP.width, height: 320 },
        });
        await checkA11y(page);
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden' });
        // Escape gives the focus back to the submenu's button.
        expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      }

      const action = page.getByRole('banner').getByRole('link', { name: 'Subir mi proyecto' });
      if (audience.action) {
        expect(await action.getAttribute('href')).toBe('/tfx/create/form?status=finished');
      } else {
        expect(await action.count()).toBe(0);
      }

      const menu = await openProfileOrEntryMenu(page, audience);
      expect(await texts(menu.getByRole('menuitem'))).toEqual(audience.account);
      await page.screenshot({
        path: join(SCREENSHOTS, `header-${audience.name}-desktop-menu.png`),
      });
      await checkA11y(page);
      expect(browser.consoleErrors).toEqual([]);
    });
  }

  it('the admin\'s "Correo saliente" (in "Comunicaciones") opens the outbox section of the settings, in the app', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.admin);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await nav.getByRole('button', { name: 'Comunicaciones' }).click();
    await nav.getByRole('link', { name: 'Correo saliente' }).click();
    await page.waitForURL(`${baseUrl}/admin/ajustes/correo`);
    await page.getByRole('heading', { level: 2, name: 'Correo saliente' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Ajustes de la plataforma',
    );
  });

  it('the profile menu works with the keyboard: Enter opens it, arrows move, Escape closes it', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.student);
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Menú de la cuenta de Lucía' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    // Enter opens the menu on its first item; one step down is the second.
    await page.keyboard.press('ArrowDown');
    const active = await page.evaluate(() => document.activeElement?.getAttribute('role'));
    expect(active).toBe('menu');
    expect(
      await menu.locator('[data-focus]').textContent(),
      'the second item is the active one',
    ).toBe('Candidaturas');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('a visitor\'s first page does without the menus\' module; Enter on "Entrar" before it has arrived opens the menu on its first item once it does (ADR 0061)', async () => {
    const { page } = browser;
    const VISITOR = AUDIENCES.find((audience) => audience.email === null)!;
    const widgetRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/header-widgets-')) widgetRequests.push(request.url());
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/header-widgets-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await openPageAs(page, VISITOR);
    expect(widgetRequests, 'nothing asks for the menus while nobody uses them').toEqual([]);

    const entrar = accountButton(page, VISITOR);
    await entrar.focus();
    await expect
      .poll(() => widgetRequests.length, { message: 'the focus starts the download' })
      .toBe(1);
    await page.keyboard.press('Enter');
    expect(await page.getByRole('menu').count(), 'held back: no menu yet').toBe(0);

    release();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.locator('[data-focus]').textContent()).toBe('Iniciar sesión');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(
      await accountButton(page, VISITOR).evaluate((element) => element === document.activeElement),
    ).toBe(true);
  });

  it('the link of the current page is marked aria-current="page"', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.teacher);
    await page.goto('/projects');
    const link = page.getByRole('banner').getByRole('link', { name: 'Ver proyectos' });
    await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
    expect(
      await page
        .getByRole('banner')
        .locator('[aria-current="page"]')
        .evaluateAll((elements) => elements.map((e) => e.textContent)),
    ).toEqual(['Ver proyectos']);
  });
});

describe('side menu by audience (360 px wide)', () => {
  const browser = useBrowser({ viewport: MOBILE, isMobile: true, hasTouch: true });
  beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }));

  for (const audience of AUDIENCES) {
    it(`for the ${audience.name}, the side menu lists exactly spec §2's items`, async () => {
      const { page, context, baseUrl } = browser;
      if (audience.email) await signInAs(context, baseUrl, audience.email);
      await openPageAs(page, audience);

      // The desktop bar and menus are not shown at this width; a visitor's "Entrar" is (spec §2).
      expect(await page.getByRole('navigation', { name: 'Menú principal' }).count()).toBe(0);
      expect(await accountButton(page, audience).isVisible()).toBe(audience.email === null);
      expect(
        await page.getByRole('banner').getByRole('link', { name: 'Subir mi proyecto' }).isVisible(),
      ).toBe(false);
      await page.locator('header').screenshot({
        path: join(SCREENSHOTS, `header-${audience.name}-mobile.png`),
      });

      if (audience.drawer === null) {
        expect(await page.getByRole('button', { name: 'Abrir menú' }).count()).toBe(0);
        const menu = await openProfileOrEntryMenu(page, audience);
        expect(await texts(menu.getByRole('menuitem'))).toEqual(audience.account);
        await page.screenshot({
          path: join(SCREENSHOTS, `header-${audience.name}-mobile-menu.png`),
        });
        await checkA11y(page);
        expect(browser.consoleErrors).toEqual([]);
        return;
      }
      const expected = audience.drawer;
      await expect
        .poll(async () => {
          const drawer = await openDrawer(page);
          const items = await texts(drawer.locator('a, button'));
          if (items.join() !== expected.join()) {
            // Not everything had loaded yet: close and look again.
            await page.keyboard.press('Escape');
            await drawer.waitFor({ state: 'hidden' });
          }
          return items;
        })
        .toEqual(expected);

      const drawer = page.getByRole('dialog', { name: 'Menú' });
      for (const [label, links] of Object.entries(audience.submenus)) {
        expect(await texts(drawer.getByRole('list', { name: label }).getByRole('link'))).toEqual(
          links,
        );
      }
      await page.screenshot({ path: join(SCREENSHOTS, `header-${audience.name}-mobile-menu.png`) });
      await checkA11y(page);
      expect(browser.consoleErrors).toEqual([]);
    });
  }

  it('the side menu traps the focus, Escape closes it and the focus returns to its button', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.coordinator);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const drawer = await openDrawer(page);
    const buttons = drawer.locator('a, button');
    const count = await buttons.count();
    for (let i = 0; i < count + 2; i++) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))),
        'the focus stays in the side menu',
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(
      await page
        .getByRole('button', { name: 'Abrir menú' })
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
  });

  it('following a link of the side menu goes there and closes it', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.teacher);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const drawer = await openDrawer(page);
    await drawer.getByRole('link', { name: 'Ver proyectos' }).click();
    await page.waitForURL(`${baseUrl}/projects`);
    await drawer.waitFor({ state: 'hidden' });
  });
});

/** Admin calls through the API, to change the branding and the switches and put them back. */
async function adminFetch(baseUrl: string, jwt: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
  });
  const body = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

describe('a Murcia-origin branding', () => {
  const browser = useBrowser({ viewport: DESKTOP });
  let adminJwt = '';
  let originalOrigin: string | null = null;

  beforeAll(async () => {
    adminJwt = (await apiSignIn(browser.baseUrl, DEMO.admin)).jwt;
    const current = (await adminFetch(browser.baseUrl, adminJwt, '/api/branding-saas')) as {
      data: { attributes: { origin: string | null } };
    };
    originalOrigin = current.data.attributes.origin;
    await adminFetch(browser.baseUrl, adminJwt, '/api/branding-saas', {
      method: 'PUT',
      body: JSON.stringify({ data: { origin: 'Universidad de Murcia' } }),
    });
  });

  afterAll(async () => {
    // Other test files expect the demo branding.
    await adminFetch(browser.baseUrl, adminJwt, '/api/branding-saas', {
      method: 'PUT',
      body: JSON.stringify({ data: { origin: originalOrigin } }),
    });
  });

  it('a visitor gets "Biblioteca de trabajos finales" to /tfx', async () => {
    const { page } = browser;
    await page.goto('/');
    await expect.poll(() => barItems(page)).toEqual(['Biblioteca de trabajos finales']);
    expect(
      await page
        .getByRole('navigation', { name: 'Menú principal' })
        .getByRole('link', { name: 'Biblioteca de trabajos finales' })
        .getAttribute('href'),
    ).toBe('/tfx');
    await page.locator('header').screenshot({
      path: join(SCREENSHOTS, 'header-visitor-murcia-desktop.png'),
    });
  });

  it('a student gets "Recursos U4I" and "Biblioteca de TFG/Ms" instead of "Proyectos Lab" and the Recursos submenu', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.student);
    await page.goto('/');
    await expect
      .poll(() => barItems(page))
      .toEqual(['Proyectos', 'Recursos U4I', 'Biblioteca de TFG/Ms', 'Comunicaciones']);
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    expect(await nav.getByRole('link', { name: 'Recursos U4I' }).getAttribute('href')).toBe(
      '/resources',
    );
    expect(await nav.getByRole('link', { name: 'Biblioteca de TFG/Ms' }).getAttribute('href')).toBe(
      '/tfx',
    );
    await page.locator('header').screenshot({
      path: join(SCREENSHOTS, 'header-student-murcia-desktop.png'),
    });
  });
});

describe('a feature switch turned off', () => {
  const browser = useBrowser({ viewport: DESKTOP });
  let adminJwt = '';
  let rowId = 0;

  beforeAll(async () => {
    adminJwt = (await apiSignIn(browser.baseUrl, DEMO.admin)).jwt;
    const rows = (await adminFetch(
      browser.baseUrl,
      adminJwt,
      '/api/feature-permissions?filters[role][$eq]=student&filters[feature][$eq]=notifications',
    )) as { data: { id: number; attributes: { enabled: boolean } }[] };
    expect(rows.data).toHaveLength(1);
    rowId = rows.data[0]!.id;
    await adminFetch(browser.baseUrl, adminJwt, `/api/feature-permissions/${rowId}`, {
      method: 'PUT',
      body: JSON.stringify({ data: { enabled: false } }),
    });
  });

  afterAll(async () => {
    await adminFetch(browser.baseUrl, adminJwt, `/api/feature-permissions/${rowId}`, {
      method: 'PUT',
      body: JSON.stringify({ data: { enabled: true } }),
    });
  });

  it('with the students\' notifications off, "Comunicaciones" leaves the bar and the profile menu', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.student);
    await page.goto('/');
    await expect.poll(() => barItems(page)).toEqual(['Proyectos', 'Proyectos Lab', 'Recursos']);
    await page.getByRole('button', { name: 'Menú de la cuenta de Lucía' }).click();
    expect(await texts(page.getByRole('menu').getByRole('menuitem'))).toEqual(
      STUDENT_PROFILE.filter((label) => label !== 'Comunicaciones'),
    );
  });
});

describe('logging out', () => {
  const desktop = useBrowser({ viewport: DESKTOP });

  async function rememberedSession(session: typeof desktop) {
    const { context, baseUrl } = session;
    await signInAs(context, baseUrl, DEMO.student);
    const expires = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
    await context.addCookies([{ name: 'rememberMe', value: 'true', url: baseUrl, expires }]);
  }

  async function sessionCookies(session: typeof desktop) {
    const cookies = await session.context.cookies();
    return cookies
      .map((cookie) => cookie.name)
      .filter((name) => ['token', 'refreshToken', 'rememberMe'].includes(name))
      .sort();
  }

  it('"Cerrar sesión" in the profile menu clears the session cookies and stays on the login page', async () => {
    await rememberedSession(desktop);
    const { page, baseUrl } = desktop;
    await page.goto('/');
    expect(await sessionCookies(desktop)).toEqual(['refreshToken', 'rememberMe', 'token']);

    await page.getByRole('button', { name: 'Menú de la cuenta de Lucía' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${baseUrl}/user/auth/login`);
    await page.getByRole('banner').getByRole('button', { name: 'Entrar', exact: true }).waitFor();
    // The API drops its HttpOnly refresh cookie in the answer to POST /auth/logout (ADR 0055).
    await expect.poll(() => sessionCookies(desktop)).toEqual([]);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/user/auth/login');
  });

  it('"Cerrar sesión" in the side menu does the same on a phone', async () => {
    await rememberedSession(desktop);
    const { page, baseUrl } = desktop;
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const drawer = await openDrawer(page);
    await drawer.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${baseUrl}/user/auth/login`);
    await expect.poll(() => sessionCookies(desktop)).toEqual([]);
    await drawer.waitFor({ state: 'hidden' });
  });
});
