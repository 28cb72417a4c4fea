import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 360, height: 740 }],
] as const;

/** The footer's legal links and the pages they open (ADR 0035), as a visitor sees them. */
const PAGES = [
  { link: 'Política de privacidad', path: '/privacidad', title: 'Política de privacidad' },
  { link: 'Aviso legal', path: '/aviso-legal', title: 'Aviso legal' },
  { link: 'Cookies', path: '/cookies', title: 'Política de cookies' },
] as const;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

describe('legal pages', () => {
  const browser = useBrowser();

  it.each(PAGES)(
    'the footer link "$link" opens $path with its text, naming the university; accessible at 1280 and 360 px',
    async ({ link, path, title }) => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const { page, baseUrl } = browser;
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL((url) => url.origin === baseUrl && url.pathname === path);
      const main = page.locator('main');
      await main.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await main.getByText('Página no encontrada').count()).toBe(0);
      await main.getByText(/Versión \d+/).waitFor();
      // The placeholders are filled with the demo branding.
      const text = (await main.textContent()) ?? '';
      expect(text).not.toMatch(/\{universidad\}|\{plataforma\}|\{correo\}/);
      expect(text).toMatch(/Conecta Impacto/);

      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        await settle(page);
        await checkA11y(page);
        await page.screenshot({
          path: join(SCREENSHOTS, `legal${path.replace('/', '-')}-${size}.png`),
          fullPage: true,
        });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
      }
      expect(browser.consoleErrors).toEqual([]);
    },
  );

  it('the privacy policy links its contact address and the other two texts', async () => {
    const { page } = browser;
    await page.goto('/privacidad');
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
    expect(
      await main.getByRole('link', { name: 'hola@conectaimpacto.es' }).first().getAttribute('href'),
    ).toBe('mailto:hola@conectaimpacto.es');
    const others = main.getByRole('navigation', { name: 'Otros textos legales' });
    await others.getByRole('link', { name: 'Aviso legal' }).click();
    await main.getByRole('heading', { level: 1, name: 'Aviso legal' }).waitFor();
  });
});
