import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { apiSignIn, DEMO, signInAs } from './support/session';

/** Where this journey's screenshots go, to be looked at (not compared). */
const SHOTS = process.env.COMMUNICATIONS_SHOTS_DIR ?? '/tmp/shots-communications';
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 360, height: 740 };
/** The bell polls every 30 s while the tab is visible (ADR 0044); a little more for the fetch. */
const POLL_WAIT_MS = 45_000;

const XSS_SUBJECT = `Jornada de Informática ${Date.now()}`;
/**
 * Pasted into the composer's editor: the image would show an alert if its HTML ran anywhere (the
 * server cleans what it stores, the popup cleans what it shows: ADR 0045, lib/sanitize-html).
 */
const XSS_HTML = '<p>Mensaje con <strong>imagen</strong></p><img src=x onerror=alert(1)>';
const TYPED_MARKUP = '<img src=x onerror=alert(1)>';

async function call<T>(
  baseUrl: string,
  jwt: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${jwt}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.status, `${init.method ?? 'GET'} ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** The bell's unread count, read from its accessible name ("Notificaciones, 4 sin leer"). */
async function bellCount(page: Page): Promise<number | null> {
  const name = await page
    .getByRole('button', { name: /^Notificaciones,/ })
    .first()
    .getAttribute('aria-label');
  if (!name) return null;
  if (name.includes('ninguna')) return 0;
  const match = /(\d+) sin leer/.exec(name);
  return match ? Number(match[1]) : null;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** How many centre entries a student has, read through the API as that student. */
async function entriesOf(baseUrl: string, jwt: string, studentId: number): Promise<number> {
  const answer = await call<{ meta: { pagination: { total: number } } }>(
    baseUrl,
    jwt,
    `/api/communication-centers?filters[student][id][$eq]=${studentId}&pagination[pageSize]=1&fields[0]=id`,
  );
  return answer.meta.pagination.total;
}

async function studentIdOf(baseUrl: string, jwt: string, userId: number): Promise<number> {
  const { data } = await call<{ data: { id: number }[] }>(
    baseUrl,
    jwt,
    `/api/students?filters[user][id][$eq]=${userId}&fields[0]=id`,
  );
  return data[0]!.id;
}

/** Opens a criterion of the audience builder and ticks the option found by `search`. */
async function choose(page: Page, criterion: string, search: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`^${criterion}`) }).click();
  const group = page.getByRole('group', { name: criterion });
  await group.getByRole('searchbox').fill(search);
  await group.getByLabel(option, { exact: true }).first().check();
}

describe('communications to students', () => {
  const browser = useBrowser();

  it('an admin writes to one degree with an image that would run script; a student of it sees the count rise, opens it (nothing runs), the count falls; a student of another degree gets nothing; the history counts one read', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.student);
    const other = await apiSignIn(baseUrl, DEMO.newStudent);
    const admin = await apiSignIn(baseUrl, DEMO.admin);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    const otherId = await studentIdOf(baseUrl, other.jwt, other.userId);
    const otherBefore = await entriesOf(baseUrl, other.jwt, otherId);
    let opened: number | undefined;
    let staff: BrowserContext | undefined;
    try {
      await page.goto('/');
      const bell = page.getByRole('button', { name: /^Notificaciones,/ });
      await bell.waitFor();
      const before = await bellCount(page);
      expect(before).not.toBeNull();
      const badge = bell.getByTestId('unread-badge');
      if (before! > 0) expect(await badge.textContent()).toBe(String(before));
      await checkA11y(page);
      await shot(page, 'bell-desktop');

      // The panel: a disclosure whose region is named by its heading; three entries.
      await bell.click();
      expect(await bell.getAttribute('aria-expanded')).toBe('true');
      const panel = page.getByRole('region', { name: 'Notificaciones' });
      await panel.getByRole('list').waitFor();
      expect(await panel.getByRole('list').getByRole('button').count()).toBe(3);
      await checkA11y(page);
      await shot(page, 'bell-panel-desktop');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      expect(await bell.evaluate((element) => element === document.activeElement)).toBe(true);

      // The admin composes in her own browser while the student's page stays open.
      staff = await context.browser()!.newContext({ baseURL: baseUrl, viewport: DESKTOP });
      await signInAs(staff, baseUrl, DEMO.admin);
      const desk = await staff.newPage();
      desk.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.dismiss();
      });
      await desk.goto('/admin/comunicaciones/nueva');
      await desk.getByRole('heading', { level: 1 }).waitFor();
      await choose(desk, 'Universidad', 'Murcia', 'Universidad de Murcia');
      await choose(desk, 'Campus', 'Informática', 'Facultad de Informática');
      await choose(desk, 'Titulación', 'Informática', 'Grado en Ingeniería Informática');
      await desk.getByText(/^Llegará a/).waitFor();
      await desk.getByLabel('Asunto').fill(XSS_SUBJECT);
      const editor = desk.getByRole('textbox', { name: 'Mensaje' });
      await editor.click();
      await editor.evaluate((element, html) => {
        const data = new DataTransfer();
        data.setData('text/html', html);
        data.setData('text/plain', 'Mensaje con imagen');
        element.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, XSS_HTML);
      await editor.getByText('imagen').waitFor();
      // Typed, the same markup is only text: it reaches the student as text.
      await editor.press('End');
      await editor.press('Enter');
      await editor.pressSequentially(TYPED_MARKUP);
      await editor.getByText(TYPED_MARKUP).waitFor();
      await checkA11y(desk);
      await shot(desk, 'composer-desktop');
      await desk.getByRole('button', { name: 'Vista previa' }).click();
      const preview = desk.getByRole('dialog', { name: XSS_SUBJECT });
      await preview.getByText('imagen').waitFor();
      // The markup is shown as text; no element of it exists.
      expect(await preview.locator('img, [onerror]').count()).toBe(0);
      await checkA11y(desk);
      await shot(desk, 'composer-preview-desktop');
      await desk.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });
      await desk.setViewportSize(MOBILE);
      await checkA11y(desk);
      await shot(desk, 'composer-mobile');
      await desk.setViewportSize(DESKTOP);

      await desk.getByRole('button', { name: 'Enviar', exact: true }).click();
      const confirm = desk.getByRole('dialog', { name: '¿Enviar la comunicación?' });
      await confirm.getByRole('button', { name: /^Enviar a / }).click();
      await desk.waitForURL(/\/admin\/comunicaciones\/\d+$/);
      await desk.getByText('Estado: Enviada').first().waitFor({ timeout: 30_000 });
      await checkA11y(desk);
      await shot(desk, 'communication-detail-desktop');

      // The student's bell counts it without a reload.
      await expect
        .poll(() => bellCount(page), { timeout: POLL_WAIT_MS, interval: 500 })
        .toBe(before! + 1);
      expect(await page.getByRole('status').filter({ hasText: 'notificación nueva' }).count()).toBe(
        1,
      );
      await bell.click();
      const fresh = panel.getByRole('button', { name: new RegExp(XSS_SUBJECT) });
      await fresh.waitFor();
      expect(await fresh.textContent()).toContain('Nueva');
      const [put] = await Promise.all([
        page.waitForResponse(
          (r) => r.request().method() === 'PUT' && r.url().includes('/api/communication-centers/'),
        ),
        fresh.click(),
      ]);
      expect(put.status()).toBe(200);
      opened = Number(/communication-centers\/(\d+)/.exec(put.url())?.[1]);
      const dialog = page.getByRole('dialog', { name: XSS_SUBJECT });
      await dialog.getByText('imagen').waitFor();
      await dialog.getByText(TYPED_MARKUP).waitFor();
      await panel.waitFor({ state: 'detached' });
      expect(await dialog.locator('img, [onerror]').count()).toBe(0);
      await expect.poll(() => bellCount(page)).toBe(before!);
      await checkA11y(page);
      await shot(page, 'bell-message-desktop');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => bell.evaluate((element) => element === document.activeElement))
        .toBe(true);

      // A student of no degree got nothing.
      expect(await entriesOf(baseUrl, other.jwt, otherId)).toBe(otherBefore);

      // The history: the communication first, with one read.
      await desk.goto('/admin/comunicaciones');
      const item = desk.getByRole('listitem').filter({ hasText: XSS_SUBJECT });
      await item.waitFor();
      await expect
        .poll(
          async () => {
            await desk.reload();
            const read = item.locator('div', { has: desk.getByText('Leídas', { exact: true }) });
            return (await read.locator('dd').first().textContent())?.trim();
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toBe('1');
      await checkA11y(desk);
      await shot(desk, 'history-desktop');
      await desk.setViewportSize(MOBILE);
      await checkA11y(desk);
      await shot(desk, 'history-mobile');

      // On a phone: the menu button carries the count; the bell is first in the side menu.
      await page.setViewportSize(MOBILE);
      const menuButton = page.getByRole('button', { name: /^Abrir menú/ });
      await menuButton.waitFor();
      if (before! > 0) {
        expect(await menuButton.textContent()).toContain(String(before));
      }
      await checkA11y(page);
      await shot(page, 'bell-mobile');
      await menuButton.click();
      const drawer = page.getByRole('dialog', { name: 'Menú' });
      const drawerBell = drawer.getByRole('button', { name: /^Notificaciones,/ });
      await drawerBell.click();
      await drawer.getByRole('region', { name: 'Notificaciones' }).getByRole('list').waitFor();
      await checkA11y(page);
      await shot(page, 'bell-menu-mobile');
      await page.keyboard.press('Escape');
      await page.setViewportSize(DESKTOP);
      expect(alerts).toEqual([]);
      // Chromium reports the CSP's `script-src-attr 'none'` for an `onerror` attribute even when
      // it is only parsed in an inert document (DOMPurify's DOMParser, a <template>): checked
      // against a blank page, those reports come with no execution. Nothing ran: no alert above.
      expect(
        browser.consoleErrors.filter(
          (error) => !error.startsWith('Executing inline event handler violates'),
        ),
      ).toEqual([]);
    } finally {
      await staff?.close();
      // Other journeys count her notifications as the seed left them.
      if (opened) {
        await call(baseUrl, admin.jwt, `/api/communication-centers/${opened}`, {
          method: 'DELETE',
        });
      }
    }
  }, 240_000);
});
