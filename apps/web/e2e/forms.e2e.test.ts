import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { apiSignIn, DEMO, DEMO_PASSWORD, signInAs } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `forms-${name}.png`), fullPage: true });

/** A PDF of about `megabytes` MB: its header is what the upload's type detection reads. */
function bigPdf(megabytes: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n';
  const padding = `%${'x'.repeat(78)}\n`.repeat(Math.ceil((megabytes * 1024 * 1024) / 80));
  return Buffer.from(`${head}${padding}trailer<</Root 1 0 R>>\n%%EOF\n`);
}

/** The network of this page sends at most `bytesPerSecond` (Chromium's own throttling). */
async function slowUploads(cdp: CDPSession, bytesPerSecond: number) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

async function adminApi<T>(baseUrl: string, path: string, method = 'GET', body?: unknown) {
  const admin = await apiSignIn(baseUrl, DEMO.admin);
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${admin.jwt}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

type Collection = { data: { id: number; attributes: Record<string, unknown> }[] };

/** Opens the file chooser with the Spanish button and gives it a file. */
async function chooseFile(page: Page, label: RegExp, file: { name: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label }).click();
  await (await chooser).setFiles({ ...file, mimeType: 'application/pdf' });
}

/**
 * The apply form while a large CV uploads (what is typed stays; progress shows; cancel aborts),
 * its calls labelled by degree and period with the student's degree first, and the Spanish file,
 * date and phone fields (no browser control speaks English).
 */
describe('forms: uploads, calls, dates and phones', () => {
  const browser = useBrowser();
  const run = Date.now().toString(36);
  const student = `estudiante.formularios.${run}@demo.es`;
  let projectId = 0;
  let degreeName = '';

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const { baseUrl } = browser;
    // A Primaria student of the Universidad de Murcia, whose calls come first.
    const degrees = await adminApi<Collection>(
      baseUrl,
      '/api/degrees?filters[name][$eq]=Grado en Educación Primaria&filters[campuses][university][name][$eq]=Universidad de Murcia',
    );
    const degree = degrees.data[0];
    expect(degree, 'the demo data has Primaria at Murcia').toBeTruthy();
    degreeName = String(degree?.attributes.name);
    const user = await adminApi<{ id: number }>(baseUrl, '/api/users', 'POST', {
      username: `formularios.${run}`,
      email: student,
      password: DEMO_PASSWORD,
      name: 'Nerea',
      surname: 'Pina Rubio',
      phone: '600 222 333',
      profileType: 'student',
    });
    const found = await adminApi<Collection>(
      baseUrl,
      `/api/students?filters[user][id][$eq]=${user.id}`,
    );
    await adminApi(baseUrl, `/api/students/${found.data[0]?.id ?? 0}`, 'PUT', {
      data: { province: 'Murcia', study_type: 'Grado', degree: degree?.id },
    });
    // The phone the admin typed in national form is stored in E.164.
    const stored = await adminApi<{ phone: string }>(baseUrl, `/api/users/${user.id}`);
    expect(stored.phone).toBe('+34600222333');

    const today = new Date().toISOString().slice(0, 10);
    const projects = await adminApi<Collection>(
      baseUrl,
      `/api/projects?filters[status][$eq]=Publicada&filters[application_deadline][$gte]=${today}&sort[0]=id:asc&pagination[pageSize]=1`,
    );
    projectId = projects.data[0]?.id ?? 0;
    expect(projectId).toBeGreaterThan(0);
  });

  it('a student types while a large CV uploads, sees its progress, can cancel it, and nothing typed is lost', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, student);
    const aborted: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().endsWith('/api/upload')) aborted.push(request.failure()?.errorText ?? '');
    });
    await page.goto(`/projects/${projectId}/inscripcion`);
    await page.getByRole('heading', { level: 1, name: /Inscripción en/ }).waitFor();
    // A Spanish file picker, never the browser's "Choose File / No file chosen".
    await page.getByText('Ningún archivo elegido').waitFor();
    expect(await page.getByText(/Choose File|No file chosen/).count()).toBe(0);

    const cdp = await context.newCDPSession(page);
    await slowUploads(cdp, 600 * 1024);
    const progress = page.getByRole('progressbar', { name: /Progreso de la subida/ });

    // Cancelling really aborts the request and leaves no file and no error.
    await chooseFile(page, /Tu CV en PDF/, { name: 'cv-borrador.pdf', buffer: bigPdf(4) });
    await progress.waitFor();
    await page.getByRole('button', { name: 'Cancelar subida' }).click();
    await progress.waitFor({ state: 'detached' });
    await page.getByText('Subida cancelada.').waitFor();
    await page.getByText('Ningún archivo elegido').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await expect.poll(() => aborted).toEqual(['net::ERR_ABORTED']);

    // The real CV: 4 MB at 200 KB/s, some 20 seconds to type in, check and photograph while it
    // goes (at 600 KB/s a loaded machine finished the upload before the typing did).
    await slowUploads(cdp, 200 * 1024);
    await chooseFile(page, /Tu CV en PDF/, { name: 'cv-nerea.pdf', buffer: bigPdf(4) });
    await progress.waitFor();
    const interest = page.getByLabel('¿Qué te interesa de este proyecto?');
    await interest.pressSequentially('Acompañar al alumnado', { delay: 20 });
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await page
      .getByText(/^\d+\s%$/)
      .first()
      .waitFor();
    await checkA11y(page);
    // The CV part alone: the sticky header covers it in a full-page picture.
    const cvPart = page.getByRole('group', { name: 'Tu currículum' });
    await cvPart.screenshot({ path: join(SCREENSHOTS, 'forms-apply-uploading-1280.png') });
    await page.setViewportSize({ width: 360, height: 740 });
    await cvPart.screenshot({ path: join(SCREENSHOTS, 'forms-apply-uploading-360.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await interest.pressSequentially(' en el huerto del colegio.', { delay: 20 });
    expect(await progress.isVisible()).toBe(true);

    await page.getByText(/cv-nerea\.pdf \(\d+(,\d)? KB\)/).waitFor({ timeout: 60_000 });
    expect(await interest.inputValue()).toBe('Acompañar al alumnado en el huerto del colegio.');
    await slowUploads(cdp, -1);

    // The calls say which degrees and period they are for, the student's degree first.
    const calls = page.getByRole('combobox', { name: /Convocatoria/ });
    const groups = await calls.locator('optgroup').evaluateAll((list) =>
      list.map((group) => ({
        label: group.getAttribute('label'),
        options: [...group.querySelectorAll('option')].map((o) => o.textContent ?? ''),
      })),
    );
    expect(groups[0]?.label).toBe('De tu titulación');
    expect(groups[0]?.options.join('\n')).toContain(degreeName);
    expect(groups[0]?.options[0]).toMatch(
      /^Convocatoria TFG \d{4}-\d{4}: .+ \(Universidad de Murcia\), del \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4}$/,
    );
    expect(groups[1]?.label).toBe('Otras convocatorias');
    const labels = groups.flatMap((group) => group.options);
    expect(new Set(labels).size).toBe(labels.length);
    await calls.selectOption({ label: groups[0]!.options[0]! });

    await page
      .getByLabel('¿Qué te motiva a participar?')
      .fill('Quiero que mi TFG sirva a un colegio real.');
    await page
      .getByLabel('¿Por qué eres un buen candidato o candidata?')
      .fill('He sido monitora de tiempo libre.');
    await page.getByLabel('Disponibilidad').fill('Tardes, 8 horas a la semana.');
    await checkA11y(page);
    await shot(page, 'apply-ready-1280');
    const callPart = page.getByRole('group', { name: 'Convocatoria' });
    await callPart.screenshot({ path: join(SCREENSHOTS, 'forms-apply-call-1280.png') });
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'apply-ready-360');
    await callPart.screenshot({ path: join(SCREENSHOTS, 'forms-apply-call-360.png') });
    await page.getByRole('button', { name: 'Enviar candidatura' }).click();
    await page
      .getByText(/candidatura.*enviad/i)
      .first()
      .waitFor();
    expect(browser.consoleErrors.filter((e) => !e.includes('/api/upload'))).toEqual([]);
  });

  it('the admin filters applications by day with Spanish date fields and a calendar from Monday', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.admin);
    await page.goto('/projects/applys');
    await page.getByRole('heading', { level: 1, name: 'Candidaturas' }).waitFor();
    expect(await page.locator('input[type="date"]').count()).toBe(0);
    const from = page.getByRole('textbox', { name: /^Desde/ });
    expect(await from.getAttribute('placeholder')).toBe('dd/mm/aaaa');

    await page.getByRole('button', { name: 'Abrir calendario' }).first().click();
    const grid = page.getByRole('grid');
    await grid.waitFor();
    expect(await grid.locator('th').first().getAttribute('aria-label')).toBe('lunes');
    await checkA11y(page);
    await shot(page, 'admin-filters-calendar-1280');
    await page.keyboard.press('Escape');

    await from.fill('01/09/2025');
    await page.getByRole('textbox', { name: /^Hasta/ }).fill('31/02/2026');
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await page.getByText('Formato no válido.').waitFor();
    await page.getByRole('textbox', { name: /^Hasta/ }).fill('28/02/2030');
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === '2025-09-01');
    expect(new URL(page.url()).searchParams.get('to')).toBe('2030-02-28');
    await page.getByRole('table').waitFor();
    await checkA11y(page);
    await shot(page, 'admin-filters-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    const filters = page.getByRole('search', { name: 'Filtrar candidaturas' });
    await filters.screenshot({ path: join(SCREENSHOTS, 'forms-admin-filters-360.png') });
    await page.getByRole('button', { name: 'Abrir calendario' }).first().click();
    await page.getByRole('grid').waitFor();
    await page.getByRole('grid').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'forms-admin-filters-calendar-360.png') });
    expect(browser.consoleErrors).toEqual([]);
  });

  it('the admin gives a banner its window in Spanish day and time fields', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.admin);
    await page.goto('/admin/ajustes/banners');
    await page.getByRole('button', { name: 'Nuevo banner' }).click();
    const form = page.getByRole('form', { name: 'Nuevo banner' });
    await form.waitFor();
    expect(await form.locator('input[type="datetime-local"], input[type="date"]').count()).toBe(0);
    const ends = form.getByRole('group', { name: 'Hasta' });
    await ends.getByRole('textbox', { name: /^Día/ }).fill('31/12/2030');
    await ends.getByRole('textbox', { name: /^Hora/ }).fill('18:30');
    const window = form.getByRole('group', { name: 'Cuándo se muestra' });
    await checkA11y(page);
    await window.screenshot({ path: join(SCREENSHOTS, 'forms-banner-window-1280.png') });
    await page.setViewportSize({ width: 360, height: 740 });
    await window.screenshot({ path: join(SCREENSHOTS, 'forms-banner-window-360.png') });
    expect(browser.consoleErrors).toEqual([]);
  });

  it('the phone field has Spain (+34) as its country, changeable, and a visitor registers with it', async () => {
    const { page } = browser;
    // The flags are the platform's own files: nothing is fetched from another site.
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(browser.baseUrl) && !url.startsWith('data:')) elsewhere.push(url);
    });
    await page.goto('/register?profile=student');
    const phone = page.getByLabel('Teléfono (opcional)');
    await phone.waitFor();
    const country = page.getByRole('combobox', { name: 'Prefijo del país' });
    expect(await country.inputValue()).toBe('ES');
    expect(await phone.getAttribute('placeholder')).toBe('(+XX) XXXXXXXXX');
    await phone.fill('612345678');
    expect(await phone.inputValue()).toBe('612 34 56 78');
    const flag = page.locator('img[src*="ES"]').first();
    await expect
      .poll(() => flag.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await checkA11y(page);
    await shot(page, 'phone-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'phone-360');

    // Another country is one choice away; its code replaces +34.
    await country.selectOption('PT');
    await page.getByText('+351', { exact: true }).waitFor();
    await country.selectOption('ES');

    const email = `registro.telefono.${run}@demo.es`;
    await page.getByLabel('Nombre', { exact: true }).fill('Iker');
    await page.getByLabel('Apellidos').fill('Sanz Mora');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('Una frase larga de prueba 2026');
    await page.getByLabel('Repite la contraseña').fill('Una frase larga de prueba 2026');
    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await page.getByRole('button', { name: /Crear (mi )?cuenta/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Revisa tu correo' }).waitFor();
    const users = await adminApi<{ email: string; phone: string | null }[]>(
      browser.baseUrl,
      `/api/users?filters[email][$eq]=${encodeURIComponent(email)}`,
    );
    expect(users[0]?.phone).toBe('+34612345678');
    expect(elsewhere).toEqual([]);
    expect(browser.consoleErrors).toEqual([]);
  });
});
