import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

interface BrandingSaasBody {
  data: { attributes: { projectName: string } } | null;
}

describe('home page', () => {
  const browser = useBrowser();

  it('shows the branding project name as the h1 and the page title', async () => {
    // The expected name comes from the API the page itself reads (demo data on a fresh database).
    const response = await fetch(`${browser.baseUrl}/api/branding-saas`);
    expect(response.status, 'GET /api/branding-saas').toBe(200);
    const body = (await response.json()) as BrandingSaasBody;
    const projectName = body.data?.attributes.projectName;
    expect(projectName, 'the demo branding has a projectName').toBeTruthy();

    const { page } = browser;
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();

    // The page does not wait for the branding (ADR 0033): the name comes with it.
    await expect.poll(async () => (await heading.textContent())?.trim()).toBe(projectName);
    expect(await page.title()).toBe(projectName);
    await page.waitForLoadState('networkidle');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('has no accessibility violations (desktop and mobile)', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Fonts and the menu logo settle before the picture and the colour-contrast checks.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);

    await page.screenshot({ path: join(SCREENSHOTS, 'home.png'), fullPage: true });
    await checkA11y(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SCREENSHOTS, 'home-mobile.png'), fullPage: true });
    await checkA11y(page);
  });

  it('answers an unknown path with "Página no encontrada" and a way home', async () => {
    const { page } = browser;
    await page.goto('/ruta-que-no-existe');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(await heading.textContent()).toBe('Página no encontrada');
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await page.waitForURL(`${browser.baseUrl}/`);
    await page.goBack();
    await heading.filter({ hasText: 'Página no encontrada' }).waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'not-found.png') });
    await checkA11y(page);
  });
});
