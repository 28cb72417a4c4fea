import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { DEMO, signInAs } from './support/session';

/** Where this journey's screenshots go, to be looked at (not compared). */
const SHOTS = process.env.PEOPLE_SHOTS_DIR ?? '/tmp/shots-people';
const MOBILE = { width: 360, height: 740 };

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The page itself never scrolls sideways; only a table's own region may. */
async function expectNoPageOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('the admins’ people lists (ADR 0050)', () => {
  const browser = useBrowser();

  it('an admin lists the demo students with their drafts, filters them in the URL, opens a record, and exports the CSV; axe at 1280 and 360 px', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.admin);

    await page.goto('/students/load');
    await page.getByRole('heading', { level: 1, name: 'Estudiantes' }).waitFor();
    const table = page.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('rowheader').count()).toBeGreaterThan(0);
    await checkA11y(page);
    await shot(page, 'students-1280');

    await page.getByRole('combobox', { name: 'Publicado' }).selectOption('si');
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await page.waitForURL(/publicado=si/);
    await table.waitFor();

    await page
      .getByRole('button', { name: /^Editar a / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Editar estudiante: / });
    await dialog.waitFor();
    await checkA11y(page);
    await shot(page, 'students-edit-1280');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    mkdirSync(SHOTS, { recursive: true });
    const file = join(SHOTS, 'estudiantes.csv');
    // The browser is remote (global-setup.ts): the file is copied here.
    await (await download).saveAs(file);
    const csv = readFileSync(file, 'utf8');
    expect(csv.startsWith('\uFEFFNombre,Correo,Código,Universidad,Titulación')).toBe(true);
    expect(csv.split('\r\n').length).toBeGreaterThan(2);
    expect(csv).toContain('Publicado');
    expect(csv).not.toContain('Sin publicar');

    await page.setViewportSize(MOBILE);
    await page.goto('/students/load');
    await page.getByRole('table').waitFor();
    await expectNoPageOverflow(page);
    await checkA11y(page);
    await shot(page, 'students-360');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('teachers and the organisations’ coordinators, at 360 px', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.admin);
    await page.setViewportSize(MOBILE);

    await page.goto('/teachers/load');
    await page.getByRole('table').waitFor();
    await expectNoPageOverflow(page);
    await checkA11y(page);
    await shot(page, 'teachers-360');

    await page.goto('/organizations/load');
    await page.getByRole('table').waitFor();
    await expectNoPageOverflow(page);
    await checkA11y(page);
    await shot(page, 'organizations-360');

    await page.getByRole('link', { name: 'Coordinadores' }).click();
    await page.waitForURL(/vista=coordinadores/);
    await page.getByRole('table').waitFor();
    await checkA11y(page);
    await shot(page, 'coordinators-360');

    await page.getByRole('link', { name: 'Cargar desde un archivo' }).click();
    await page.getByRole('heading', { name: 'Cargar desde un archivo' }).waitFor();
    await checkA11y(page);
    expect(browser.consoleErrors).toEqual([]);
  });
});
