import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { COMPETENCE_ITEMS, COMPETENCE_SECTIONS } from '@plataforma/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { DEMO, signInAs } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 360, height: 740 };

/** Fonts settle before screenshots and colour-contrast checks. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

/** Screenshot and axe at desktop, then at 360 px wide, then back to desktop. */
async function checkBothWidths(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize(DESKTOP);
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  await checkA11y(page);
  await page.setViewportSize(MOBILE);
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-mobile.png`), fullPage: true });
  await checkA11y(page);
  await page.setViewportSize(DESKTOP);
}

const progress = (page: Page) =>
  page.getByRole('progressbar', { name: 'Progreso del cuestionario' });

/**
 * Answers every question of the current step with `answer(item)` (skipping those it leaves
 * undefined) and presses the step's button.
 */
async function answerStep(
  page: Page,
  step: number,
  answer: (item: (typeof COMPETENCE_ITEMS)[number]) => number | undefined,
): Promise<void> {
  await expect.poll(() => progress(page).getAttribute('aria-valuetext')).toBe(`Paso ${step} de 7`);
  const groups = page.getByRole('radiogroup');
  const count = await groups.count();
  for (let index = 0; index < count; index += 1) {
    const group = groups.nth(index);
    const label = (await group.locator('legend').textContent()) ?? '';
    const item = COMPETENCE_ITEMS.find((candidate) => label.startsWith(candidate.label));
    if (!item) throw new Error(`unknown question: ${label}`);
    const value = answer(item);
    if (value === undefined) continue;
    await group.locator(`input[value="${value}"]`).check();
  }
}

/** Every step of the questionnaire, then the contact step as prefilled, then "Finalizar". */
async function answerAll(
  page: Page,
  answer: (item: (typeof COMPETENCE_ITEMS)[number]) => number | undefined,
): Promise<void> {
  for (let step = 1; step <= 6; step += 1) {
    await answerStep(page, step, answer);
    await page.getByRole('button', { name: 'Siguiente' }).click();
  }
  await expect.poll(() => progress(page).getAttribute('aria-valuetext')).toBe('Paso 7 de 7');
  await page.getByRole('button', { name: 'Finalizar' }).click();
}

/** The five rows of the result table, as "name score". */
async function readScores(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: /Puntuación media por competencia/ });
  await table.waitFor();
  const rows = table.locator('tbody tr');
  const texts: string[] = [];
  for (let index = 0; index < (await rows.count()); index += 1) {
    const row = rows.nth(index);
    texts.push(
      `${(await row.locator('th').textContent()) ?? ''} ${(await row.locator('td').textContent()) ?? ''}`,
    );
  }
  return texts;
}

describe('competence questionnaire', () => {
  const browser = useBrowser();

  it('the student answers it, sees her five scores, finds them after a reload and retakes it', async () => {
    const { page, context, baseUrl } = browser;
    const session = await signInAs(context, baseUrl, DEMO.student);
    const meResponse = await fetch(`${baseUrl}/api/users/me`, {
      headers: { authorization: `Bearer ${session.jwt}` },
    });
    const me = (await meResponse.json()) as { name: string; surname: string };

    // First visit: "no result yet" is an answer, not a failed request the console would log.
    const [firstMe] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/questionnaire/me'),
      page.goto('/cuestionario'),
    ]);
    expect(firstMe.status()).toBe(200);
    expect(await firstMe.json()).toEqual({ data: null });
    await page.getByRole('heading', { name: 'Cuestionario de competencias', level: 1 }).waitFor();
    await expect.poll(() => progress(page).getAttribute('aria-valuetext')).toBe('Paso 1 de 7');
    await page.getByText('Flexibilidad', { exact: true }).waitFor();
    expect(browser.consoleErrors).toEqual([]);
    await checkBothWidths(page, 'questionnaire-form');

    // One invalid step on the way: "Siguiente" without answering stays on step 1.
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect
      .poll(() => page.getByText('Este campo es obligatorio.').count())
      .toBe(COMPETENCE_SECTIONS[0].items);
    expect(await progress(page).getAttribute('aria-valuetext')).toBe('Paso 1 de 7');

    // Agreeing (5) with every positive statement and disagreeing (1) with every reversed one
    // scores 5 everywhere; agreeing with two honesty statements raises the consistency note.
    await answerAll(page, (item) => {
      if (item.goal === 'honesty') return item.value <= 'honesty.2' ? 6 : 0;
      return item.impact === 'negative' ? 1 : 5;
    });
    await page.getByRole('heading', { name: 'Tu resultado' }).waitFor();
    const fiveEverywhere = COMPETENCE_SECTIONS.map((section) => `${section.name} 5 / 6`);
    expect(await readScores(page)).toEqual(fiveEverywhere);
    await page.getByText(/Nunca he dicho una mentira/).waitFor();
    await checkBothWidths(page, 'questionnaire-result');

    await page.reload();
    await page.getByRole('heading', { name: 'Tu resultado' }).waitFor();
    expect(await readScores(page)).toEqual(fiveEverywhere);

    // Retake: the middle of the scale everywhere, the optional items left unanswered.
    await page.getByRole('button', { name: 'Repetir el cuestionario' }).click();
    for (let step = 1; step <= 6; step += 1) {
      await answerStep(page, step, (item) => (item.optional ? undefined : 3));
      await page.getByRole('button', { name: 'Siguiente' }).click();
    }
    await expect.poll(() => progress(page).getAttribute('aria-valuetext')).toBe('Paso 7 de 7');
    expect(await page.getByLabel('Nombre').inputValue()).toBe(me.name);
    expect(await page.getByLabel('Apellidos').inputValue()).toBe(me.surname);
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(DEMO.student);
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await page.getByRole('heading', { name: 'Tu resultado' }).waitFor();
    const threeEverywhere = COMPETENCE_SECTIONS.map((section) => `${section.name} 3 / 6`);
    expect(await readScores(page)).toEqual(threeEverywhere);
    expect(await page.getByText(/Nunca he dicho una mentira/).count()).toBe(0);

    await page.reload();
    await page.getByRole('heading', { name: 'Tu resultado' }).waitFor();
    expect(await readScores(page)).toEqual(threeEverywhere);
    expect(browser.consoleErrors).toEqual([]);
  });

  it('a visitor fills in the contact step and gets a result without signing in', async () => {
    const { page } = browser;
    await page.goto('/cuestionario');
    await expect.poll(() => progress(page).getAttribute('aria-valuetext')).toBe('Paso 1 de 7');
    for (let step = 1; step <= 6; step += 1) {
      await answerStep(page, step, (item) => (item.optional ? undefined : 4));
      await page.getByRole('button', { name: 'Siguiente' }).click();
    }
    await expect.poll(() => progress(page).getAttribute('aria-valuetext')).toBe('Paso 7 de 7');
    expect(await page.getByLabel('Nombre').inputValue()).toBe('');
    await page.getByLabel('Nombre').fill('Visitante');
    await page.getByLabel('Apellidos').fill('De Prueba');
    await page.getByLabel('Correo electrónico').fill('no-es-un-correo');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await page.getByText('Formato no válido.').waitFor();
    await page.getByLabel('Correo electrónico').fill('visitante@example.com');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await page.getByRole('heading', { name: 'Tu resultado' }).waitFor();
    // Positive 4 and reversed 4 (counted 2) mix per section: every score lies between 2 and 4.
    const scores = await readScores(page);
    expect(scores).toHaveLength(5);
    for (const row of scores) {
      const value = Number(/ ([\d,]+) \/ 6$/.exec(row)?.[1]?.replace(',', '.'));
      expect(value, row).toBeGreaterThanOrEqual(2);
      expect(value, row).toBeLessThanOrEqual(4);
    }
  });
});
