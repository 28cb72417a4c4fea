import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { refuseMailTo } from './support/mailbox';
import { DEMO, apiSignIn, signInAs } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

/** Waits until the page and its fonts settle, so screenshots and contrast checks are stable. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

/**
 * The outbox, a section of the admin settings (ADR 0030), against the real server and its SMTP
 * sink: an invitation to an address the sink refuses (550) fails for good, and the admin finds it
 * from the menu, reads why, and sends it again.
 */
describe('admin outbox (/admin/ajustes/correo)', () => {
  const browser = useBrowser();

  it('a visitor is sent to sign in and comes back to the outbox', async () => {
    const { page } = browser;
    await page.goto('/admin/ajustes/correo');
    await page.waitForURL('**/user/auth/login**');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/ajustes/correo');
  });

  it('an admin finds a bounced email from the menu, reads why, and retries it; at 1280 and 360 px', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const bounced = `rebote.${Date.now()}@demo.es`;
    await refuseMailTo(bounced);
    const { jwt } = await apiSignIn(browser.baseUrl, DEMO.admin);
    const invite = await fetch(`${browser.baseUrl}/api/communication/inviteStudent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ email: bounced }),
    });
    expect(invite.status).toBe(200);

    await signInAs(browser.context, browser.baseUrl, DEMO.admin);
    const { page } = browser;
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await nav.getByRole('button', { name: 'Comunicaciones' }).click();
    await nav.getByRole('link', { name: 'Correo saliente' }).click();
    await page.waitForURL('**/admin/ajustes/correo');
    await page.getByRole('heading', { level: 2, name: 'Correo saliente' }).waitFor();

    // The sender tries at once; a 550 is permanent, so the email is "Fallido" after one attempt.
    await page.getByRole('combobox', { name: 'Estado' }).selectOption('failed');
    await page.getByRole('searchbox', { name: /Destinatario/ }).fill(bounced);
    const entry = page.getByRole('listitem').filter({ hasText: bounced });
    for (let attempt = 0; attempt < 30; attempt++) {
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.waitForLoadState('networkidle');
      if ((await entry.count()) > 0) break;
      await page.waitForTimeout(500);
    }
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Fallido');
    expect(await entry.textContent()).toMatch(/550/);
    await settle(page);
    await checkA11y(page);
    await page.screenshot({
      path: join(SCREENSHOTS, 'admin-outbox-list-desktop.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await settle(page);
    await checkA11y(page);
    await page.screenshot({
      path: join(SCREENSHOTS, 'admin-outbox-list-mobile.png'),
      fullPage: true,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.setViewportSize({ width: 1280, height: 800 });

    await entry.getByRole('link').click();
    await page.getByRole('link', { name: 'Volver al correo saliente' }).waitFor();
    const frame = page.frameLocator('iframe[title="Versión HTML del correo"]');
    await frame
      .locator('body')
      .getByText(/invita/i)
      .first()
      .waitFor();
    // A full-page capture leaves out a sandboxed frame (another process): it is captured alone.
    await page
      .locator('iframe')
      .screenshot({ path: join(SCREENSHOTS, 'admin-outbox-email-html.png') });
    // The HTML version is in a sandboxed frame (no scripts), which axe cannot enter; the email's
    // images point at the platform's public address, so the page is not waited on to go idle.
    await page.evaluate(() => document.fonts.ready);
    await checkA11y(page, { exclude: ['iframe'] });

    await page.getByRole('button', { name: 'Reintentar ahora' }).click();
    await page.getByText('El correo se enviará de nuevo en breve.').waitFor();
    await page.screenshot({
      path: join(SCREENSHOTS, 'admin-outbox-email-desktop.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await settle(page);
    await page.screenshot({
      path: join(SCREENSHOTS, 'admin-outbox-email-mobile.png'),
      fullPage: true,
    });

    // Back to the list with its filters: the email is being tried again (or already failed again).
    await page.getByRole('link', { name: 'Volver al correo saliente' }).click();
    await page.waitForURL(/\/admin\/ajustes\/correo\?estado=failed/);
    expect(browser.consoleErrors).toEqual([]);
  });
});
