import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandingFromApi, checkA11y, useBrowser } from './support/browser';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#7A4E00"/><path d="M10 28 20 10l10 18Z" fill="#FFD23F"/></svg>`;

/**
 * Another university's branding, answered by the browser itself (page.route) instead of the demo
 * data, to prove in a real browser that colours, font, title and favicon follow the branding at run
 * time and that text stays readable on a light brand colour.
 */
describe('run-time branding', () => {
  const browser = useBrowser();

  it('applies a light brand colour with dark text, the logo and the favicon', async () => {
    const { page } = browser;
    await brandingFromApi(page);
    await page.route('**/api/branding-saas*', (route) =>
      route.fulfill({
        json: {
          data: {
            id: 1,
            attributes: {
              mainColor: '#FFD23F',
              secondaryColor: '#7A4E00',
              terciaryColor: '#FFF6D6',
              quaternaryColor: '#7A4E00',
              footerColor: '#3B2A00',
              logoUrl: null,
              projectName: 'Campus Solidario',
              origin: 'Valencia',
              mailTo: null,
              university_name: 'Universidad de Ejemplo',
              mainfont: 'Montserrat',
              politicsUrl: null,
              program: null,
              createdAt: '2024-01-01T00:00:00.000Z',
              updatedAt: '2024-01-01T00:00:00.000Z',
            },
          },
          meta: {},
        },
      }),
    );
    await page.route('**/api/brandings*', (route) =>
      route.fulfill({
        json: {
          data: [
            {
              id: 1,
              attributes: {
                name: 'principal',
                menuLogo: {
                  data: {
                    id: 3,
                    attributes: { url: '/uploads/e2e-logo.svg', mime: 'image/svg+xml' },
                  },
                },
              },
            },
          ],
          meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
        },
      }),
    );
    await page.route('**/uploads/e2e-logo.svg', (route) =>
      route.fulfill({ body: LOGO_SVG, contentType: 'image/svg+xml' }),
    );

    await page.goto('/');
    // The page does not wait for the branding (ADR 0033): it takes it when it comes.
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toBe('Campus Solidario');
    expect(await page.title()).toBe('Campus Solidario');

    const hero = page.locator('section').first();
    const colours = await hero.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, text: style.color };
    });
    expect(colours).toEqual({ background: 'rgb(255, 210, 63)', text: 'rgb(17, 24, 39)' });
    expect(
      await page.evaluate(() => getComputedStyle(document.body).fontFamily.split(',')[0]),
    ).toBe('Montserrat');

    await page.locator('header img[src="/uploads/e2e-logo.svg"]').waitFor();
    expect(await page.locator('link[rel~="icon"]').getAttribute('href')).toBe(
      '/uploads/e2e-logo.svg',
    );
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#FFD23F');

    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'branding-light.png'), fullPage: true });
    await checkA11y(page);
    expect(browser.consoleErrors).toEqual([]);
  });

  it('a slow branding does not hold the page: it shows at once with the defaults, then takes the branding and its logoUrl', async () => {
    const { page } = browser;
    // A page that carries no branding (a failure while the server wrote it, the Vite dev server).
    await brandingFromApi(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/branding-saas*', async (route) => {
      await held;
      await route.fulfill({
        json: {
          data: {
            id: 1,
            attributes: {
              mainColor: '#0A7F5A',
              projectName: 'Campus Lento',
              logoUrl: '/uploads/e2e-logo-universidad.svg',
            },
          },
          meta: {},
        },
      });
    });
    await page.route('**/uploads/e2e-logo-universidad.svg', (route) =>
      route.fulfill({ body: LOGO_SVG, contentType: 'image/svg+xml' }),
    );

    const started = Date.now();
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor({ timeout: 5000 });
    // Rendered while the branding is still held back, with no "Cargando..." in its place.
    expect(await heading.textContent()).toBe('Plataforma de impacto social');
    expect(await page.getByText('Cargando...').count()).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'branding-slow-defaults.png') });

    release();
    await expect.poll(() => heading.textContent()).toBe('Campus Lento');
    expect(await page.title()).toBe('Campus Lento');
    // Spec §1, §3: the header shows the branding's logoUrl; the favicon stays the menu logo.
    await page.locator('header img[src="/uploads/e2e-logo-universidad.svg"]').waitFor();
    expect(await page.locator('link[rel~="icon"]').getAttribute('href')).not.toBe(
      '/uploads/e2e-logo-universidad.svg',
    );
    await page.locator('header').screenshot({
      path: join(SCREENSHOTS, 'branding-logo-url-header.png'),
    });
    expect(browser.consoleErrors).toEqual([]);
  });

  it('keyboard users get a skip link and a visible focus ring', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Saltar al contenido' });
    expect(await skip.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);

    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { style: style.outlineStyle, width: style.outlineWidth };
    });
    expect(outline).toEqual({ style: 'solid', width: '3px' });
  });
});
