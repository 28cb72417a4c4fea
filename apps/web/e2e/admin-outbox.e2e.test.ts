import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { DEMO, signInAs } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

/**
 * `/admin/outbox` is served by the API as plain HTML: it lists every email, waiting or delivered (the
 * e2e server delivers to an SMTP sink), and an admin reads it with the web app's `token`
 * cookie.
 */
describe('admin outbox page', () => {
  const browser = useBrowser();

  it('sends a visitor to the login page, which returns to the outbox', async () => {
    const { page } = browser;
    await page.goto('/admin/outbox');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/user/auth/login');
    expect(url.searchParams.get('redirect')).toBe('/admin/outbox');
  });

  it('lists the waiting emails and shows one, accessibly', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // An email to read: a reset link for the admin themself.
    const forgot = await fetch(`${browser.baseUrl}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.admin }),
    });
    expect(forgot.status).toBe(200);
    await signInAs(browser.context, browser.baseUrl, DEMO.admin);

    const { page } = browser;
    await page.goto('/admin/outbox?destinatario=admin%40demo.es');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Correo saliente',
    );
    const link = page.getByRole('link', { name: /contraseña/i }).first();
    await link.waitFor();
    await checkA11y(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-outbox-list.png'), fullPage: true });

    await link.click();
    await page.getByRole('link', { name: 'Volver al correo saliente' }).waitFor();
    // The HTML version is shown in a sandboxed frame (no scripts), which axe cannot enter.
    await checkA11y(page, { exclude: ['iframe'] });
    const frame = page.frameLocator('iframe[title="Versión HTML del correo"]');
    await expect(
      frame
        .getByText(/contraseña/i)
        .first()
        .textContent(),
    ).resolves.toBeTruthy();
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-outbox-email.png'), fullPage: true });
    expect(browser.consoleErrors).toEqual([]);
  });
});
