import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { waitForEmail } from './support/mailbox';
import { apiSignIn, DEMO, signInAs } from './support/session';

/**
 * Running a university, whole (spec §2 `/campus`, `/students/load`; ADR 0047, ADR 0048, ADR 0050):
 * the admin builds a faculty with a degree and a call, loads students into it from a file, a
 * loaded student takes the invitation, and the admin finds, unpublishes and exports them.
 */

/** Where this journey's screenshots go, to be looked at (not compared). */
const SHOTS = process.env.UNIVERSITY_SHOTS_DIR ?? '/tmp/shots-university';
const MOBILE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
/** A demo university no other journey counts the degrees of (the wizard's counts Murcia's). */
const UNIVERSITY = 'Universidad de Salamanca';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** axe and a screenshot at 1280 and at 360 px, the page never scrolling sideways at 360. */
async function checkBothWidths(page: Page, name: string): Promise<void> {
  await checkA11y(page);
  await shot(page, `${name}-1280`);
  await page.setViewportSize(MOBILE);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
  await checkA11y(page);
  await shot(page, `${name}-360`);
  await page.setViewportSize(DESKTOP);
}

/**
 * Signs the browser out between people. The page is left first: a student's page keeps asking
 * for the bell's count, and a request sent just after the cookies go would answer 401.
 */
async function leaveSession(page: Page): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

interface OutboxEntry {
  id: number;
  attributes: { template: string; text?: string | null };
}

/** The link of the invitation queued for `email`, read from the outbox as an admin would. */
async function invitationLink(baseUrl: string, adminJwt: string, email: string): Promise<string> {
  const headers = { authorization: `Bearer ${adminJwt}` };
  const query = new URLSearchParams({ 'filters[recipient][$eqi]': email });
  const deadline = Date.now() + 15_000;
  let entry: OutboxEntry | undefined;
  while (!entry) {
    const list = await fetch(`${baseUrl}/api/admin/outbox?${query}`, { headers });
    expect(list.status, 'GET /api/admin/outbox').toBe(200);
    entry = ((await list.json()) as { data: OutboxEntry[] }).data.find(
      (e) => e.attributes.template === 'inviteStudent',
    );
    if (!entry && Date.now() > deadline) throw new Error(`no invitation to ${email} queued`);
    if (!entry) await new Promise((r) => setTimeout(r, 200));
  }
  const one = await fetch(`${baseUrl}/api/admin/outbox/${entry.id}`, { headers });
  const text = ((await one.json()) as { data: OutboxEntry }).data.attributes.text ?? '';
  const link = (text.match(/https?:\/\/[^\s<>"')]+/g) ?? []).find((l) => l.startsWith(baseUrl));
  expect(link, `a link to ${baseUrl} in the invitation`).toBeTruthy();
  return link!;
}

describe('running a university', () => {
  const browser = useBrowser();

  it('an admin creates a campus with a degree and a call, loads students into it from a file with two bad rows and fixes them; a loaded student sets a password from the invitation and signs in; the admin finds the student, unpublishes the record and exports the list', async () => {
    const { page, context, baseUrl } = browser;
    const run = Date.now().toString(36);
    const campus = `Facultad de Innovación ${run}`;
    const degree = `Grado en Acción Social ${run}`;
    const call = `Convocatoria TFG ${run}`;
    const domain = `carga-${run}.example.com`;
    await signInAs(context, baseUrl, DEMO.admin);

    // 1. Facultades y Grados: a campus of the university, a degree there, a call of the degree.
    // Found by its name: other journeys add universities, so it may not be on the first page.
    await page.goto('/campus');
    await page.getByLabel('Buscar universidades').fill(UNIVERSITY);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('link', { name: UNIVERSITY, exact: true }).click();
    await page.getByRole('button', { name: 'Nuevo campus' }).first().click();
    const campusDialog = page.getByRole('dialog', { name: 'Nuevo campus' });
    await campusDialog.getByLabel(/Nombre del campus o facultad/).fill(campus);
    await campusDialog.getByRole('button', { name: 'Crear campus' }).click();
    await campusDialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: campus }).click();

    await page.getByRole('button', { name: 'Nuevo grado' }).first().click();
    const degreeDialog = page.getByRole('dialog', { name: 'Nuevo grado' });
    await degreeDialog.getByLabel(/Nombre del grado o máster/).fill(degree);
    await degreeDialog.getByLabel(/Duración/).selectOption({ label: '4 años' });
    await degreeDialog.getByRole('button', { name: 'Crear grado' }).click();
    await degreeDialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: `Nueva convocatoria de «${degree}»` }).click();
    const callDialog = page.getByRole('dialog', { name: 'Nueva convocatoria' });
    await callDialog.getByLabel(/Nombre de la convocatoria/).fill(call);
    await callDialog.getByLabel(/Inicio del periodo académico/).fill('2026-09-01');
    await callDialog.getByLabel(/Fin del periodo académico/).fill('2027-06-30');
    await callDialog.getByRole('button', { name: 'Crear convocatoria' }).click();
    await callDialog.waitFor({ state: 'hidden' });
    await page.getByText('Del 1 de septiembre de 2026 al 30 de junio de 2027').waitFor();
    await page.getByText(call, { exact: true }).waitFor();
    await checkBothWidths(page, 'campus-degree-call');
    expect(browser.consoleErrors).toEqual([]);

    // 2. A file of four students of the new degree; two rows are wrong.
    await page.goto('/students/load?vista=cargar');
    await page.getByRole('heading', { name: 'Cargar desde un archivo' }).waitFor();
    const template = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Descargar la plantilla CSV' }).click();
    mkdirSync(SHOTS, { recursive: true });
    const templateFile = join(SHOTS, 'plantilla-estudiantes.csv');
    await (await template).saveAs(templateFile);
    const templateHeader = readFileSync(templateFile, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0];
    expect(templateHeader!.split(';').slice(0, 3)).toEqual(['email', 'nombre', 'apellidos']);
    const header = 'email;nombre;apellidos;universidad;campus;grado';
    const row = (n: number, email = `alumna-${n}@${domain}`, where = campus) =>
      [email, `Alumna ${n}`, 'Cargada', UNIVERSITY, where, degree].join(';');
    const file = (rows: string[]) => ({
      name: 'alumnado.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${[header, ...rows].join('\r\n')}\r\n`, 'utf8'),
    });
    const misspelt = campus.replace('Innovación', 'Inovacion');
    await page
      .getByLabel('Elegir archivo')
      .setInputFiles(
        file([row(1), row(2, 'alumna-2-sin-arroba'), row(3, undefined, misspelt), row(4)]),
      );
    await page.getByRole('button', { name: 'Revisar archivo' }).click();
    await page.getByRole('heading', { name: 'Revisión de «alumnado.csv»' }).waitFor();
    const problems = page.getByRole('table', { name: /Problemas del archivo/ });
    await problems.waitFor();
    const problemRows = await problems.getByRole('row').allTextContents();
    // The header row, then row 3 (the address) and row 4 (the campus, with the closest match).
    expect(problemRows).toHaveLength(3);
    expect(problemRows[1]).toMatch(/^3/);
    expect(problemRows[2]).toMatch(/^4/);
    expect(problemRows[2]).toContain(`¿Querías decir «${campus}»?`);
    await checkBothWidths(page, 'import-review');

    // Fixed, the same file reviews clean and loads all four.
    await page
      .getByLabel(/Elegir (otro )?archivo/)
      .setInputFiles(file([row(1), row(2), row(3), row(4)]));
    await page.getByRole('button', { name: 'Revisar archivo' }).click();
    await page.getByRole('button', { name: 'Cargar 4 filas' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Cargar 4 filas?' });
    await confirm.getByRole('button', { name: 'Cargar 4 filas' }).click();
    await page.getByRole('heading', { name: 'Resultado de la carga' }).waitFor({ timeout: 30_000 });
    await page.getByText(/Carga terminada: 4 filas creadas/).waitFor();
    await checkBothWidths(page, 'import-result');
    expect(browser.consoleErrors).toEqual([]);

    // 3. A loaded student opens the invitation, chooses a password and signs in with it.
    const student = `alumna-3@${domain}`;
    const admin = await apiSignIn(baseUrl, DEMO.admin);
    const link = await invitationLink(baseUrl, admin.jwt, student);
    await waitForEmail(student, /./);
    expect(new URL(link).pathname).toBe('/reset-password');
    await leaveSession(page);
    await page.goto(link);
    const main = page.locator('main');
    const password = `Una contraseña de ${run}`;
    await main.getByLabel('Nueva contraseña', { exact: true }).fill(password);
    await main.getByLabel('Repite la nueva contraseña').fill(password);
    await main.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await page.waitForURL((url) => url.pathname === '/projects');
    await leaveSession(page);
    await page.goto('/user/auth/login');
    await main.getByLabel('Correo electrónico o nombre de usuario').fill(student);
    await main.getByLabel('Contraseña', { exact: true }).fill(password);
    await main.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/projects');

    // 4. The admin finds her in the list, unpublishes the record and exports the list.
    await leaveSession(page);
    await signInAs(context, baseUrl, DEMO.admin);
    await page.goto('/students/load');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(student);
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await page.getByRole('button', { name: 'Despublicar a Alumna 3 Cargada' }).click();
    const unpublish = page.getByRole('dialog', { name: '¿Despublicar a Alumna 3 Cargada?' });
    await unpublish.getByRole('button', { name: 'Despublicar' }).click();
    await page.getByRole('button', { name: 'Publicar a Alumna 3 Cargada' }).waitFor();

    await page.getByRole('searchbox', { name: 'Buscar' }).fill(domain);
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await page.getByRole('button', { name: 'Despublicar a Alumna 4 Cargada' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    mkdirSync(SHOTS, { recursive: true });
    const exported = join(SHOTS, 'estudiantes.csv');
    // The browser is remote (global-setup.ts): the file is copied here.
    await (await download).saveAs(exported);
    const lines = readFileSync(exported, 'utf8').trim().split('\r\n');
    expect(lines).toHaveLength(5);
    const third = lines.find((l) => l.includes(student));
    expect(third).toContain('Sin publicar');
    expect(lines.filter((l) => l.includes('Sin publicar'))).toHaveLength(1);
    await checkBothWidths(page, 'students-found');
    expect(browser.consoleErrors).toEqual([]);
  }, 240_000);
});
