import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { apiSignIn, DEMO, signInAs } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

/** Polls until the value matches; options come over the network, on a busy machine. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The screen at 1280 and 360 px wide (`<name>-1280.png`, `<name>-360.png`). */
async function shootBothWidths(page: Page, name: string, prepare?: () => Promise<void>) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await prepare?.();
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function apiAs(email: string, path: string, method = 'GET') {
  const baseUrl = inject('baseUrl');
  const { jwt } = await apiSignIn(baseUrl, email);
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${jwt}` },
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return (await response.json()) as {
    data: { id: number; attributes: Record<string, unknown> }[];
  };
}

describe('catalogue choices and glossary in the publishing forms (spec §1, §5)', () => {
  const browser = useBrowser();

  it("a project's campus is one of the chosen university's, saved by id; the form's labels carry the glossary", async () => {
    const { page, context, baseUrl } = browser;
    const title = `Aula de datos abiertos ${Date.now()}`;
    onTestFinished(async () => {
      const found = await apiAs(
        DEMO.admin,
        `/api/projects?filters[title][$eq]=${encodeURIComponent(title)}&publicationState=preview`,
      );
      for (const project of found.data) {
        await apiAs(DEMO.admin, `/api/projects/${project.id}`, 'DELETE');
      }
    });
    await signInAs(context, baseUrl, DEMO.teacher);
    await page.goto('/projects/create');

    await page.getByLabel('Título del proyecto').fill(title);
    await page.getByRole('radio', { name: 'Impacto social' }).check();
    await page.getByLabel('Descripción').fill('Datos abiertos de la ciudad para el alumnado.');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2: "Agenda 2030" in a sublabel is a term with its definition on focus.
    const term = page.getByRole('term').filter({ hasText: 'Agenda 2030' });
    await term.waitFor();
    await checkA11y(page);
    await shootBothWidths(page, 'project-form-glossary', async () => {
      await term.scrollIntoViewIfNeeded();
      await term.focus();
      await page.getByRole('tooltip').filter({ hasText: '193 Estados' }).waitFor();
      await page.waitForTimeout(300); // the bubble's fade-in
    });
    // An open bubble lives in the page's landmarks too.
    await term.focus();
    await page.getByRole('tooltip').filter({ hasText: '193 Estados' }).waitFor();
    await checkA11y(page);
    await page
      .getByRole('textbox', { name: 'Objetivos', exact: true })
      .fill('Publicar un portal de datos abiertos.');
    await page.getByRole('checkbox', { name: /^4\. Educación de calidad/ }).check();
    await page.getByLabel('Perfil académico que buscas').fill('Ciencia de datos.');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await page
      .getByRole('radiogroup', { name: /prácticas/ })
      .getByRole('radio', { name: 'No' })
      .check();
    await page
      .getByRole('radiogroup', { name: /remunerado/ })
      .getByRole('radio', { name: 'No' })
      .check();
    await page.getByRole('radiogroup', { name: 'Dedicación' }).getByRole('radio').first().check();
    await page.getByLabel('Idioma de trabajo').selectOption('Español');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await page
      .getByRole('radiogroup', { name: 'Modalidad' })
      .getByRole('radio', { name: 'Remoto' })
      .check();
    await page.getByRole('checkbox', { name: 'Desarrollo Software DATA e IA' }).check();
    const university = page.getByRole('combobox', { name: /Universidad vinculada/ });
    await university.click();
    await university.fill('Complutense');
    await page
      .getByRole('option', { name: 'Universidad Complutense de Madrid', exact: true })
      .click();
    const campus = page.getByRole('combobox', { name: /Campus o facultad/ });
    await campus.click();
    // Only the Complutense's faculties, its "Facultad de Informática" among them.
    await eventually(() =>
      page
        .getByRole('listbox', { name: 'Campus o facultad' })
        .getByRole('option')
        .allTextContents(),
    ).toEqual([
      'Facultad de Bellas Artes',
      'Facultad de Ciencias de la Información',
      'Facultad de Ciencias Políticas y Sociología',
      'Facultad de Informática',
      'Otra',
    ]);
    await page.getByRole('option', { name: 'Facultad de Informática', exact: true }).click();
    await shootBothWidths(page, 'project-form-campus');
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.waitForURL((url) => url.pathname === '/projects/personal');

    const found = await apiAs(
      DEMO.teacher,
      `/api/projects?filters[title][$eq]=${encodeURIComponent(title)}&publicationState=preview&populate[campus][populate][university]=true`,
    );
    expect(found.data[0]?.attributes).toMatchObject({
      campus: {
        data: {
          attributes: {
            name: 'Facultad de Informática',
            university: { data: { attributes: { name: 'Universidad Complutense de Madrid' } } },
          },
        },
      },
    });
    expect(browser.consoleErrors).toEqual([]);
  });

  it("the organisation form's labels carry the tercer sector, economía social and RSC terms", async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.newCoordinator);
    await page.goto('/organizations/create');
    for (const name of ['tercer sector', 'economía social', 'responsabilidad social corporativa']) {
      await page.getByRole('term').filter({ hasText: name }).first().waitFor();
    }
    await checkA11y(page);
    await shootBothWidths(page, 'organization-form-glossary', async () => {
      const term = page.getByRole('term').filter({ hasText: 'tercer sector' }).first();
      await term.scrollIntoViewIfNeeded();
      await term.focus();
      await page.getByRole('tooltip').filter({ hasText: 'sin ánimo de lucro' }).waitFor();
      await page.waitForTimeout(300); // the bubble's fade-in
    });
    expect(browser.consoleErrors).toEqual([]);
  });
});
