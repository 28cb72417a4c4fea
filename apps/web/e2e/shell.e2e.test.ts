import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import {
  DEMO,
  apiSignIn,
  currentPrivacyVersion,
  sessionCookies,
  signInAs,
  type SignedIn,
} from './support/session';

/**
 * The page frame for people who have just arrived (ADR 0033): a student without a university, a
 * teacher without teacher_area and a coordinator without organisation, as registration leaves
 * them; the teacher's dashboard and the admin's home on a phone; a coordinator editing their
 * organisation.
 */
const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 360, height: 740 };
/** Every journey here runs at both widths the product is checked at. */
const WIDTHS = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;
/** A password the API's policy accepts (12+ characters, not common, not the owner's name). */
const NEW_PASSWORD = 'faro verde sobre el acantilado';

function freshEmail(label: string): string {
  return `e2e.shell.${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;
}

async function call<T>(
  baseUrl: string,
  path: string,
  { jwt, method = 'GET', body }: { jwt?: string; method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : null) as T;
}

let adminJwt = '';

/**
 * A new account as self sign-up leaves it (register, then the emailed confirmation link), signed
 * in through the API: its profile holds nothing but the user.
 */
async function registerConfirmed(
  baseUrl: string,
  profileType: 'student' | 'teacher' | 'coordinator',
): Promise<SignedIn & { email: string }> {
  // The confirmation email is read from the outbox, an admin's.
  adminJwt ||= (await apiSignIn(baseUrl, DEMO.admin)).jwt;
  const email = freshEmail(profileType);
  await call(baseUrl, '/api/users-permissions/register-partialy', {
    method: 'POST',
    body: {
      data: {
        email,
        name: 'Nueva',
        surname: 'Cuenta',
        password: NEW_PASSWORD,
        profileType,
        privacyAccepted: true,
        privacyVersion: await currentPrivacyVersion(baseUrl),
      },
    },
  });
  const query = new URLSearchParams({ 'filters[recipient][$eqi]': email });
  const { data } = await call<{ data: { id: number }[] }>(baseUrl, `/api/admin/outbox?${query}`, {
    jwt: adminJwt,
  });
  const full = await call<{ data: { attributes: { text?: string } } }>(
    baseUrl,
    `/api/admin/outbox/${data[0]!.id}`,
    { jwt: adminJwt },
  );
  const link = full.data.attributes.text?.match(/https?:\/\/[^\s<>"')]+/g)?.[0];
  expect(link, 'the confirmation link').toBeTruthy();
  const confirmed = await fetch(link!.replace(/^https?:\/\/[^/]+/, baseUrl), {
    redirect: 'manual',
  });
  expect(confirmed.status).toBeLessThan(400);
  const response = await fetch(`${baseUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password: NEW_PASSWORD }),
  });
  expect(response.status, `sign-in of ${email}`).toBe(200);
  const body = (await response.json()) as {
    jwt: string;
    refreshToken: string;
    user: { id: number };
  };
  return { email, jwt: body.jwt, refreshToken: body.refreshToken, userId: body.user.id };
}

async function withSession(page: Page, baseUrl: string, session: SignedIn) {
  await page.context().addCookies(sessionCookies(baseUrl, session));
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => document.querySelectorAll('[data-transition]').length === 0);
}

async function shoot(page: Page, name: string, { header = false } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  if (header) await page.locator('header').first().screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.window);
}

/** Waits for the welcome a new account gets (spec §2 Modals) and closes it with "Ahora no". */
async function closeWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: '¡Estás dentro!' });
  await welcome.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-transition]').length === 0);
  await welcome.getByRole('button', { name: 'Ahora no' }).click();
  await welcome.waitFor({ state: 'hidden' });
}

describe('a student just registered, without a university', () => {
  let student: SignedIn;
  for (const [width, viewport] of WIDTHS) {
    describe(`at ${viewport.width} px`, () => {
      const browser = useBrowser({ viewport, isMobile: width === 'mobile' });
      beforeAll(async () => {
        student ??= await registerConfirmed(browser.baseUrl, 'student');
      });

      it('is offered no "Comunicaciones" anywhere (spec §4): menu, profile menu, home, profile tabs', async () => {
        const { page, baseUrl } = browser;
        await withSession(page, baseUrl, student);
        await page.goto('/');
        await closeWelcome(page);
        await page.getByRole('region', { name: /^Hola, / }).waitFor();
        await settle(page);
        await shoot(page, `shell-new-student-header-${width}`, { header: true });

        if (width === 'desktop') {
          await expect
            .poll(() =>
              page
                .getByRole('navigation', { name: 'Menú principal' })
                .locator('a')
                .allTextContents(),
            )
            .toEqual(['Proyectos', 'Proyectos Lab']);
          await page.getByRole('button', { name: /^Menú de la cuenta de / }).click();
          const menu = page.getByRole('menu');
          await menu.waitFor();
          expect(await menu.getByRole('menuitem').allTextContents()).not.toContain(
            'Comunicaciones',
          );
          await page.keyboard.press('Escape');
        } else {
          await page.getByRole('button', { name: 'Abrir menú' }).click();
          const drawer = page.getByRole('dialog', { name: 'Menú' });
          await drawer.waitFor();
          await settle(page);
          await shoot(page, 'shell-new-student-drawer-mobile');
          expect(await drawer.locator('a').allTextContents()).not.toContain('Comunicaciones');
          await page.keyboard.press('Escape');
          await drawer.waitFor({ state: 'hidden' });
        }
        expect(
          await page
            .getByRole('main')
            .getByRole('link', { name: /Comunicaciones/ })
            .count(),
        ).toBe(0);

        // The welcome was shown in this browser session: it does not come back.
        await page.goto('/profile?section=notifications');
        const tabs = page.getByRole('tab');
        await tabs.first().waitFor();
        expect(await tabs.allTextContents()).not.toContain('Comunicaciones');
        await checkA11y(page);
        expect(browser.consoleErrors).toEqual([]);
      });
    });
  }
});

describe('a teacher just registered, without teacher_area', () => {
  let teacher: SignedIn;
  for (const [width, viewport] of WIDTHS) {
    describe(`at ${viewport.width} px`, () => {
      const browser = useBrowser({ viewport, isMobile: width === 'mobile' });
      beforeAll(async () => {
        // A fresh teacher for each width: the welcome shows once per browser session anyway, and
        // the desktop journey gives its teacher a teacher_area.
        teacher = await registerConfirmed(browser.baseUrl, 'teacher');
      });

      it('is welcomed into their wizard, and the header offers "Completar perfil" until teacher_area is there', async () => {
        const { page, baseUrl } = browser;
        await withSession(page, baseUrl, teacher);
        await page.goto('/');

        const welcome = page.getByRole('dialog', { name: '¡Estás dentro!' });
        await welcome.waitFor();
        await settle(page);
        const action = welcome.getByRole('link', { name: 'Completar mi perfil' });
        expect(await action.getAttribute('href')).toBe('/profile/completar');
        expect(await action.evaluate((element) => element === document.activeElement)).toBe(true);
        await shoot(page, `shell-teacher-welcome-${width}`);
        await checkA11y(page);

        await welcome.getByRole('button', { name: 'Ahora no' }).click();
        await welcome.waitFor({ state: 'hidden' });
        if (width === 'desktop') {
          const cta = page.getByRole('banner').getByRole('link', { name: 'Completar perfil' });
          await cta.waitFor();
          expect(await cta.getAttribute('href')).toBe('/profile/completar');
          // The home says the same as the header.
          const tiles = page.getByRole('region', { name: /^Hola, / }).getByRole('link');
          await expect.poll(() => tiles.count()).toBe(2);
          expect(await tiles.first().getAttribute('href')).toBe('/profile/completar');
          await shoot(page, `shell-teacher-header-${width}`, { header: true });
          await shoot(page, `shell-teacher-home-${width}`);
        } else {
          await shoot(page, `shell-teacher-header-${width}`, { header: true });
          await page.getByRole('button', { name: 'Abrir menú' }).click();
          const drawer = page.getByRole('dialog', { name: 'Menú' });
          await drawer.waitFor();
          await settle(page);
          expect(await drawer.locator('a, button').allTextContents()).toEqual([
            'Cerrar menú',
            'Completar perfil',
            'Perfil',
            'Cerrar sesión',
          ]);
          await shoot(page, `shell-teacher-drawer-${width}`);
          await checkA11y(page);
          await drawer.getByRole('link', { name: 'Completar perfil' }).click();
          await page.waitForURL(`${baseUrl}/profile/completar`);
          await page.getByRole('dialog', { name: 'Completa tu perfil' }).waitFor();
          expect(browser.consoleErrors).toEqual([]);
          return;
        }

        // The welcome's way in leads to the wizard, where no welcome covers it.
        await page.goto('/');
        await page.getByRole('banner').getByRole('link', { name: 'Completar perfil' }).click();
        await page.waitForURL(`${baseUrl}/profile/completar`);
        await page.getByRole('dialog', { name: 'Completa tu perfil' }).waitFor();
        expect(await welcome.count()).toBe(0);

        // Once teacher_area is saved, the teacher's menu replaces the call to action.
        const { data } = await call<{ data: { id: number }[] }>(
          baseUrl,
          `/api/teachers?filters[user][id][$eq]=${teacher.userId}`,
          { jwt: teacher.jwt },
        );
        await call(baseUrl, `/api/teachers/${data[0]!.id}`, {
          jwt: teacher.jwt,
          method: 'PUT',
          body: { data: { teacher_area: 'Humanidades' } },
        });
        await page.goto('/');
        await page.getByRole('banner').getByRole('link', { name: 'Ver proyectos' }).waitFor();
        expect(
          await page.getByRole('banner').getByRole('link', { name: 'Completar perfil' }).count(),
        ).toBe(0);
        expect(browser.consoleErrors).toEqual([]);
      });
    });
  }
});

describe('a coordinator just registered, without organisation', () => {
  const browser = useBrowser({ viewport: DESKTOP });

  it('signing in lands on /organizations/create with no welcome over the form it would lead to', async () => {
    const { page, baseUrl } = browser;
    const coordinator = await registerConfirmed(baseUrl, 'coordinator');
    await page.goto('/user/auth/login');
    const main = page.locator('main');
    await main.getByLabel('Correo electrónico o nombre de usuario').fill(coordinator.email);
    await main.getByLabel('Contraseña', { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Iniciar sesión' }).click();

    await page.waitForURL(`${baseUrl}/organizations/create`);
    await page.getByRole('heading', { level: 1, name: 'Crea tu organización' }).waitFor();
    await settle(page);
    expect(await page.getByRole('dialog', { name: '¡Estás dentro!' }).count()).toBe(0);
    await page.getByRole('textbox', { name: /Nombre de la organización/ }).click();
    expect(browser.consoleErrors).toEqual([]);
  });
});

describe('on a phone and on a desktop', () => {
  for (const [width, viewport] of WIDTHS) {
    describe(`at ${viewport.width} px`, () => {
      const browser = useBrowser({ viewport, isMobile: width === 'mobile' });

      it("the teacher's dashboard shows every project whole, with its review link, and nothing scrolls sideways", async () => {
        const { page, context, baseUrl } = browser;
        await signInAs(context, baseUrl, DEMO.teacher);
        await page.goto('/teachers/dashboard');
        const projects = page.getByRole('region', { name: 'Tus proyectos' });
        await projects.waitFor();
        await settle(page);
        const review = projects.getByRole('link', { name: /^Ver candidaturas de / }).first();
        await review.waitFor();
        const box = await review.boundingBox();
        expect(box, 'the review link is shown').not.toBeNull();
        expect(box!.x + box!.width, 'the review link is within the window').toBeLessThanOrEqual(
          viewport.width,
        );
        await expectNoSidewaysScroll(page);
        await shoot(page, `shell-teacher-dashboard-${width}`);
        await checkA11y(page);
        expect(browser.consoleErrors).toEqual([]);
      });

      it("the admin's home has their own Perfil tile", async () => {
        const { page, context, baseUrl } = browser;
        await signInAs(context, baseUrl, DEMO.admin);
        await page.goto('/');
        const area = page.getByRole('region', { name: /^Hola, / });
        await area.waitFor();
        await settle(page);
        const profile = area.getByRole('link', { name: /^Perfil/ });
        expect(await profile.textContent()).toContain(
          'Tu nombre, tu teléfono y la contraseña de tu cuenta de administración.',
        );
        await expectNoSidewaysScroll(page);
        await shoot(page, `shell-admin-home-${width}`);
        await checkA11y(page);
        expect(browser.consoleErrors).toEqual([]);
      });
    });
  }
});

describe('a coordinator edits their organisation', () => {
  const browser = useBrowser({ viewport: DESKTOP });
  let coordinator: SignedIn;
  let organizationId = 0;
  let original = '';

  beforeAll(async () => {
    coordinator = await apiSignIn(browser.baseUrl, DEMO.coordinator);
    const { data } = await call<{
      data: { attributes: { organization: { data: { id: number } } } }[];
    }>(
      browser.baseUrl,
      `/api/coordinators?filters[user][id][$eq]=${coordinator.userId}&populate=organization`,
      { jwt: coordinator.jwt },
    );
    organizationId = data[0]!.attributes.organization.data.id;
    const organization = await call<{ data: { attributes: { description: string } } }>(
      browser.baseUrl,
      `/api/organizations/${organizationId}`,
      { jwt: coordinator.jwt },
    );
    original = organization.data.attributes.description;
  });

  afterAll(async () => {
    // Other journeys read the demo organisation as it was.
    await call(browser.baseUrl, `/api/organizations/${organizationId}`, {
      jwt: coordinator.jwt,
      method: 'PUT',
      body: { data: { description: original } },
    });
  });

  it('from /organizations, "Editar mi organización" opens the form filled in; saving goes back with a notice', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.coordinator);
    await page.goto('/organizations');
    await page.getByRole('main').getByRole('link', { name: 'Editar mi organización' }).click();
    await page.waitForURL(`${baseUrl}/organizations/editar`);
    const description = page.getByRole('textbox', { name: /Descripción/ });
    await description.waitFor();
    expect(await description.inputValue()).toBe(original);
    await settle(page);
    await shoot(page, 'shell-organization-edit-desktop');
    await checkA11y(page);

    await description.fill(`${original} Editado en el recorrido.`);
    for (let step = 0; step < 2; step++) {
      await page.getByRole('button', { name: 'Siguiente' }).click();
    }
    await page.getByRole('textbox', { name: /Correo electrónico de contacto/ }).waitFor();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.waitForURL(`${baseUrl}/organizations`);
    await page
      .getByText('Cambios guardados. Los estudiantes ya ven los nuevos datos de tu organización.')
      .waitFor();
    const saved = await call<{ data: { attributes: { description: string } } }>(
      baseUrl,
      `/api/organizations/${organizationId}`,
    );
    expect(saved.data.attributes.description).toBe(`${original} Editado en el recorrido.`);
    expect(browser.consoleErrors).toEqual([]);
  });
});

describe('the organisation edit page on a phone', () => {
  const browser = useBrowser({ viewport: MOBILE, isMobile: true });

  it('fits 360 px, each step without sideways scrolling', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.coordinator);
    await page.goto('/organizations/editar');
    await page.getByRole('textbox', { name: /Nombre de la organización/ }).waitFor();
    await settle(page);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'shell-organization-edit-mobile');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('textbox', { name: /Página web/ }).waitFor();
    await expectNoSidewaysScroll(page);
    await checkA11y(page);
    expect(browser.consoleErrors).toEqual([]);
  });
});
