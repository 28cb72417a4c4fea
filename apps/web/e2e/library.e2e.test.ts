import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandingFromApi, checkA11y, useBrowser } from './support/browser';
import { waitForEmail } from './support/mailbox';
import { apiSignIn, DEMO, signInAs } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** This run's letters: the made-up word and the title are new on every run. */
const RUN = Date.now()
  .toString(26)
  .replace(/[0-9]/g, (digit) => 'qrstuvwxyz'[Number(digit)]!);
/** A word that is only inside the PDF: not in the title, the summary or anywhere in the demo data. */
const PDF_WORD = `zarbolinte${RUN}`;
const TITLE = `Huertos escolares compartidos con el barrio (${RUN})`;
const SUMMARY =
  'Cómo tres colegios abrieron sus huertos a los vecinos por las tardes: acuerdos de uso, calendario de riego y lo que aprendió el alumnado de sexto.';
const PDF_NAME = 'huertos-escolares.pdf';

/** The work's PDF, written with pdf-lib (as the demo data's): two pages that name PDF_WORD. */
async function workPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = [
    [
      'Memoria del trabajo fin de grado',
      '',
      'El huerto del colegio se abre al barrio dos tardes por semana.',
      `Las familias llaman ${PDF_WORD} al turno de riego compartido.`,
    ],
    [
      'Resultados',
      '',
      `El turno ${PDF_WORD} se mantuvo todo el curso en los tres colegios.`,
      'Los vecinos cuidaron los bancales durante las vacaciones de verano.',
    ],
  ];
  for (const lines of pages) {
    const page = pdf.addPage([595.28, 841.89]);
    lines.forEach((line, index) => {
      page.drawText(line, { x: 72, y: 760 - index * 22, size: index === 0 ? 18 : 12, font });
    });
  }
  return Buffer.from(await pdf.save());
}

interface Entry {
  id: number;
  attributes: Record<string, unknown>;
}

async function api<T>(baseUrl: string, jwt: string | null, path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: {
      ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  const text = await response.text();
  expect(response.status, `${init.method ?? 'GET'} ${path}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : null) as T;
}

const toasts = (page: Page) => page.getByRole('region', { name: /^Confirmaciones/ });

/** Waits for the page's heading, for every "Cargando..." to go and for its pictures and fonts. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
  await expect.poll(() => page.getByText('Cargando...').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // A picture that did not load would be an empty box.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.images]
            .filter((image) => !image.complete || image.naturalWidth === 0)
            .map((image) => image.src),
        ),
      { timeout: 15_000 },
    )
    .toEqual([]);
}

/**
 * One screen at 1280 and 360 px: nothing sticks out sideways, axe finds nothing, and its picture
 * (apps/web/e2e/screenshots/library-<name>-<width>.png) is taken. `ready` waits for what the
 * screen draws after a resize (the PDF viewer).
 */
async function inspect(page: Page, name: string, ready?: () => Promise<void>) {
  // The confirmations were read where they showed: they would cover the pictures.
  const close = toasts(page).getByRole('button', { name: 'Cerrar confirmación' });
  // (Dispatched: the toasts keep moving while they stack, so a pointer click never settles.)
  for (const button of await close.all()) await button.dispatchEvent('click');
  await expect.poll(() => close.count(), { timeout: 10_000 }).toBe(0);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await settled(page);
    await ready?.();
    // From the top, or the sticky header would be drawn across the middle of the picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} is wider than ${viewport.width} px`).toBeLessThanOrEqual(0);
    await checkA11y(page);
    await page.screenshot({
      path: join(SCREENSHOTS, `library-${name}-${viewport.width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(DESKTOP);
  await settled(page);
}

/**
 * The header's parts as drawn: none runs over another, the logo and name stay inside the home
 * link, and the name is not cut (spec §2's menu keeps its room, ADR 0040 consequences).
 */
async function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const row = document.querySelector('header > div');
    const home = row?.querySelector('a[href="/"]');
    if (!row || !home) return ['no header'];
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 1;
    };
    const parts = [...home.children, ...row.querySelectorAll(':scope > div > *')].filter(shown);
    parts.forEach((a, i) => {
      for (const b of parts.slice(i + 1)) {
        const p = a.getBoundingClientRect();
        const q = b.getBoundingClientRect();
        if (
          p.left < q.right - 0.5 &&
          q.left < p.right - 0.5 &&
          p.top < q.bottom &&
          q.top < p.bottom
        )
          problems.push(`${a.outerHTML.slice(0, 60)} overlaps ${b.outerHTML.slice(0, 60)}`);
      }
    });
    const link = home.getBoundingClientRect();
    for (const part of [...home.children].filter(shown)) {
      const box = part.getBoundingClientRect();
      if (box.left < link.left - 0.5 || box.right > link.right + 0.5)
        problems.push(`${part.tagName} sticks out of the home link`);
      if (part.scrollHeight > part.clientHeight + 1 || part.scrollWidth > part.clientWidth + 1)
        problems.push(`the name "${part.textContent}" is cut`);
    }
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth)
      problems.push('the page is wider than the window');
    return problems;
  });
}

/** The demo branding with a Murcia origin, answered by the browser (the shared server keeps its own). */
async function murciaBranding(route: Route) {
  const response = await route.fetch();
  const body = (await response.json()) as { data: { attributes: Record<string, unknown> } };
  body.data.attributes.origin = 'Murcia';
  await route.fulfill({ response, json: body });
}

/** The first card of a list that its "Guardar" button offers to save, and that title. */
async function firstUnsaved(page: Page, within: Locator) {
  const button = within.getByRole('button', { name: /^Guardar: «/ }).first();
  await button.waitFor();
  const label = (await button.getAttribute('aria-label')) ?? '';
  return { button, title: label.slice('Guardar: «'.length, -1) };
}

/**
 * Issue 13's journey through the final-work library: a student uploads her work with a PDF, an
 * admin publishes it and she is told, a visitor on a Murcia brand finds it by a word that is only
 * inside the PDF (the text is extracted in the background) and reads it in the viewer, and the
 * student saves an external work and a resource and finds them in her profile. Every new screen
 * is checked with axe and photographed at 1280 and 360 px on the way.
 */
describe('the final-work library, from the upload to the reader', () => {
  const browser = useBrowser({ viewport: DESKTOP });
  let admin = '';
  let student = { jwt: '', userId: 0 };
  let studentId = 0;
  let workId = 0;
  /** What the student had saved before (put back at the end: other journeys count them). */
  let savedWorksBefore: number[] = [];
  const savedResourceIds: number[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const { baseUrl } = browser;
    admin = (await apiSignIn(baseUrl, DEMO.admin)).jwt;
    student = await apiSignIn(baseUrl, DEMO.student);
    const profiles = await api<{ data: Entry[] }>(
      baseUrl,
      admin,
      `/api/students?filters[user][id][$eq]=${student.userId}&populate[favorites_tfxes][fields][0]=id`,
    );
    studentId = profiles.data[0]?.id ?? 0;
    expect(studentId).toBeGreaterThan(0);
    const favourites = profiles.data[0]?.attributes.favorites_tfxes as { data: Entry[] } | null;
    savedWorksBefore = (favourites?.data ?? []).map((work) => work.id);
    const own = await api<{ data: Entry[] }>(
      baseUrl,
      admin,
      `/api/tfxes?filters[student][id][$eq]=${studentId}&publicationState=preview`,
    );
    expect(own.data, 'the demo student has no work of her own yet').toEqual([]);
  });

  afterAll(async () => {
    // Put the demo student back as the seed left her: other journeys offer her "Subir mi
    // proyecto", count her notifications and her saved works and resources.
    const { baseUrl } = browser;
    if (!admin) return;
    const works = await api<{ data: Entry[] }>(
      baseUrl,
      admin,
      `/api/tfxes?filters[title][$eq]=${encodeURIComponent(TITLE)}&publicationState=preview`,
    );
    for (const work of works.data) {
      await api(baseUrl, admin, `/api/tfxes/${work.id}`, { method: 'DELETE' });
    }
    const entries = await api<{ data: Entry[] }>(
      baseUrl,
      admin,
      `/api/communication-centers?filters[notification_subject][$contains]=${encodeURIComponent(RUN)}`,
    );
    for (const entry of entries.data) {
      await api(baseUrl, admin, `/api/communication-centers/${entry.id}`, { method: 'DELETE' });
    }
    if (studentId) {
      await api(
        baseUrl,
        student.jwt,
        `/api/external/students/${studentId}?populate=favorites_tfxes`,
        { method: 'PUT', body: JSON.stringify({ data: { favorites_tfxes: savedWorksBefore } }) },
      );
      if (savedResourceIds.length > 0) {
        await api(baseUrl, student.jwt, `/api/students/${studentId}?fields[0]=primaryKey`, {
          method: 'PUT',
          body: JSON.stringify({ data: { favorites_resources: { disconnect: savedResourceIds } } }),
        });
      }
      const left = await api<{ data: Entry[] }>(
        baseUrl,
        admin,
        `/api/tfxes?filters[student][id][$eq]=${studentId}&publicationState=preview`,
      );
      expect(left.data, 'the demo student has no work again').toEqual([]);
    }
  });

  it('a student uploads her work with its PDF from the header and finds it pending review in her profile', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.student);
    await page.goto('/');
    const upload = page.getByRole('banner').getByRole('link', { name: 'Subir mi proyecto' });
    await upload.click();
    await page.waitForURL(`${baseUrl}/tfx/create/form?status=finished`);
    await page.getByRole('heading', { level: 1, name: 'Sube tu trabajo final' }).waitFor();
    await inspect(page, 'upload-form');

    await page.getByRole('textbox', { name: /^Título de tu TFG o TFM/ }).fill(TITLE);
    await page.getByRole('textbox', { name: /^Resumen/ }).fill(SUMMARY);
    await page.getByRole('combobox', { name: /^Idioma del trabajo/ }).selectOption('Español');
    await page.getByRole('textbox', { name: /^Mes y año de presentación/ }).fill('06/2025');
    await page.getByRole('combobox', { name: /^Sector/ }).selectOption({ index: 1 });
    await page.getByRole('checkbox', { name: '11. Ciudades y comunidades sostenibles' }).check();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /Elegir archivo/ }).click();
    await (
      await chooser
    ).setFiles({ name: PDF_NAME, mimeType: 'application/pdf', buffer: await workPdf() });
    await page
      .getByText(new RegExp(`${PDF_NAME.replace('.', '\\.')} \\(\\d+(,\\d)? KB\\)`))
      .waitFor({
        timeout: 30_000,
      });
    await page.getByRole('checkbox', { name: /^Acepto que mi trabajo se publique/ }).check();
    await page.getByRole('button', { name: 'Enviar a revisión' }).click();

    await toasts(page).getByText('Hemos recibido tu trabajo.', { exact: false }).waitFor();
    await page.waitForURL((url) => url.pathname === '/profile' && url.search === '?section=tfx');
    const own = page.getByRole('region', { name: 'Tu trabajo final' });
    await own.getByText(TITLE).waitFor();
    await own.getByText('Estado: Pendiente de revisión').waitFor();
    // Her work sent, the header no longer offers the upload.
    await expect.poll(() => upload.count()).toBe(0);
    await inspect(page, 'profile-tfx-pending');

    const mine = await api<{ data: Entry[] }>(
      baseUrl,
      student.jwt,
      `/api/tfxes?filters[student][id][$eq]=${studentId}&publicationState=preview`,
    );
    expect(mine.data.map((work) => work.attributes.title)).toEqual([TITLE]);
    workId = mine.data[0]!.id;
    // Pending, nobody else sees it.
    const hidden = await fetch(`${baseUrl}/api/tfxes/${workId}`);
    expect(hidden.status).toBe(404);
    expect(browser.consoleErrors).toEqual([]);
  });

  it('an admin opens the review from the menu and publishes it; the student is told in the communication centre and by email', async () => {
    const { page, context, baseUrl } = browser;
    expect(workId, 'the upload went through').toBeGreaterThan(0);
    await signInAs(context, baseUrl, DEMO.admin);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await nav.getByRole('button', { name: 'Biblioteca' }).click();
    await nav.getByRole('link', { name: 'Revisión de trabajos' }).click();
    await page.waitForURL(`${baseUrl}/admin/biblioteca/pendientes`);
    const publish = page.getByRole('button', { name: `Publicar «${TITLE}»` });
    await publish.waitFor();

    // With "Biblioteca" the admin's bar is the longest: it fits beside the logo at 1280 px and
    // gives way to the side menu where it does not, never over the logo or the name.
    for (const width of [1280, 1024, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => document.fonts.ready);
      await expect.poll(() => headerProblems(page), { timeout: 10_000 }).toEqual([]);
      await page.locator('header').screenshot({
        path: join(SCREENSHOTS, `library-admin-header-${width}.png`),
      });
    }
    await page.setViewportSize(DESKTOP);
    await nav.getByRole('button', { name: 'Comunicaciones' }).waitFor();

    await inspect(page, 'admin-review-pending');
    await publish.click();
    await toasts(page).getByText(`Has publicado «${TITLE}».`, { exact: false }).waitFor();
    await publish.waitFor({ state: 'detached' });

    const email = await waitForEmail(DEMO.student, /ya está publicado/, 30_000);
    expect(email.subject).toBe(`Tu trabajo «${TITLE}» ya está publicado`);
    const entries = await api<{ data: Entry[] }>(
      baseUrl,
      student.jwt,
      `/api/communication-centers?filters[notification_subject][$contains]=${encodeURIComponent(RUN)}`,
    );
    expect(entries.data.map((entry) => entry.attributes.notification_subject)).toEqual([
      `Tu trabajo «${TITLE}» ya está publicado`,
    ]);

    // The import: a file with a good row and one without its university, previewed (nothing is
    // written before the admin says so).
    // The page's own tab (the header's Biblioteca menu names the same page).
    await page.getByRole('main').getByRole('link', { name: 'Importar trabajos externos' }).click();
    await page.waitForURL(`${baseUrl}/admin/biblioteca/importar`);
    await page.getByRole('heading', { level: 2, name: 'Importar trabajos externos' }).waitFor();
    await inspect(page, 'admin-import');
    const csv = [
      'titulo;resumen;autor;universidad;grado;anio;enlace',
      `Movilidad en bicicleta al campus (${RUN});Encuesta a 400 estudiantes;Irene Sáez;Universidad de Granada;Grado en Geografía;2024;https://repositorio.example.org/bici-${RUN}`,
      `Un trabajo sin universidad (${RUN});;Pablo Gil;;;2023;`,
    ].join('\r\n');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'trabajos-externos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${csv}\r\n`),
    });
    await page.getByRole('heading', { name: 'Vista previa', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Importar 1 trabajo' }).waitFor();
    await inspect(page, 'admin-import-preview');

    await nav.getByRole('button', { name: 'Biblioteca' }).click();
    await nav.getByRole('link', { name: 'Recursos' }).click();
    await page.waitForURL(`${baseUrl}/admin/recursos`);
    await page.getByRole('list', { name: 'Recursos' }).getByRole('listitem').first().waitFor();
    await inspect(page, 'admin-resources');
    await page.getByRole('link', { name: 'Nuevo recurso' }).first().click();
    await page.waitForURL(`${baseUrl}/admin/recursos/nuevo`);
    await inspect(page, 'admin-resource-form');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('a visitor on a Murcia brand finds it by a word only its PDF holds, sees where, and reads it in the viewer', async () => {
    const { page, baseUrl } = browser;
    expect(workId, 'the upload went through').toBeGreaterThan(0);
    // The PDF's text is read by a background job: the search knows the word once it has run.
    await expect
      .poll(
        async () => {
          const answer = await api<{ data: Entry[] }>(
            baseUrl,
            null,
            `/api/tfxes/search?q=${PDF_WORD}`,
          );
          return answer.data.map((work) => work.id);
        },
        { timeout: 30_000, interval: 250 },
      )
      .toEqual([workId]);

    await brandingFromApi(page);
    await page.route('**/api/branding-saas*', murciaBranding);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await nav.getByRole('link', { name: 'Biblioteca de trabajos finales' }).click();
    await page.waitForURL(`${baseUrl}/tfx`);
    await page.getByRole('heading', { level: 1, name: 'Biblioteca de trabajos finales' }).waitFor();
    await page.getByRole('region', { name: 'Resultados' }).getByRole('article').first().waitFor();
    await inspect(page, 'library');

    await page.getByRole('searchbox', { name: 'Buscar trabajos' }).fill(PDF_WORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === PDF_WORD);
    const results = page.getByRole('region', { name: 'Resultados' });
    await results.getByRole('status').getByText('1 trabajo encontrado').waitFor();
    const card = results.getByRole('article').filter({ hasText: TITLE });
    // The title and the summary do not say it: the snippet is a passage of the document.
    const inDocument = card.getByRole('listitem').filter({ hasText: 'En el documento:' });
    await inDocument.locator('mark', { hasText: PDF_WORD }).first().waitFor();
    expect(await card.getByRole('heading').locator('mark').count()).toBe(0);
    await inspect(page, 'search');

    await card.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(`${baseUrl}/tfx/${workId}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const viewer = page.getByRole('region', { name: `Documento: ${TITLE}` });
    const drawn = async () => {
      await viewer.getByText('Página 1 de 2').waitFor({ timeout: 20_000 });
      // pdf.js drew the page: a canvas with ink on it, and its text layer holds the word.
      await expect
        .poll(
          () =>
            viewer.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
              const context = canvas.getContext('2d');
              if (!context || canvas.width === 0) return 0;
              const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
              let ink = 0;
              for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) ink += 1;
              return ink;
            }),
          { timeout: 20_000 },
        )
        .toBeGreaterThan(100);
      await viewer.locator('.textLayer').getByText(PDF_WORD, { exact: false }).waitFor();
    };
    await drawn();
    const download = page.getByRole('link', { name: /^Descargar PDF/ });
    expect(await download.getAttribute('href')).toBe(`/api/tfxes/${workId}/download`);
    const file = await page.request.get(`/api/tfxes/${workId}/download`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await inspect(page, 'work', drawn);
    expect(browser.consoleErrors).toEqual([]);
  });

  it('the student reads the decision, saves an external work and a resource, and finds both in her profile', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.student);
    await page.goto('/profile?section=notifications');
    await page
      .getByRole('tabpanel')
      .getByText(`Tu trabajo «${TITLE}» ya está publicado`)
      .waitFor({ timeout: 15_000 });

    await page.goto('/tfx/external');
    await page.getByRole('heading', { level: 1, name: 'Trabajos finales externos' }).waitFor();
    const externalResults = page.getByRole('region', { name: 'Resultados' });
    const external = await firstUnsaved(page, externalResults);
    await external.button.click();
    await toasts(page).getByText(`Has guardado «${external.title}».`, { exact: false }).waitFor();
    await externalResults.getByRole('button', { name: `Guardado: «${external.title}»` }).waitFor();
    await inspect(page, 'external');

    await page.goto('/resources');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const main = page.getByRole('main');
    const resource = await firstUnsaved(page, main);
    const resourceCard = main
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: `Guardar: «${resource.title}»` }) });
    const resourceHref = await resourceCard.getByRole('link').first().getAttribute('href');
    savedResourceIds.push(Number(/\/resources\/(\d+)/.exec(resourceHref ?? '')?.[1]));
    await resource.button.click();
    await toasts(page).getByText(`Has guardado «${resource.title}».`, { exact: false }).waitFor();
    await main.getByRole('button', { name: `Guardado: «${resource.title}»` }).waitFor();
    await inspect(page, 'resources');

    await page.goto(resourceHref ?? '/resources');
    await page.getByRole('heading', { level: 1, name: resource.title }).waitFor();
    await page.getByRole('button', { name: `Guardado: «${resource.title}»` }).waitFor();
    await inspect(page, 'resource');

    await page.goto('/profile?section=tfx');
    const own = page.getByRole('region', { name: 'Tu trabajo final' });
    await own.getByText(TITLE).waitFor();
    await own.getByText('Estado: Publicado').waitFor();
    await own.getByRole('link', { name: `Ver en la biblioteca: ${TITLE}` }).waitFor();
    await page
      .getByRole('region', { name: 'Trabajos guardados' })
      .getByText(external.title)
      .waitFor();
    await page
      .getByRole('region', { name: 'Recursos guardados' })
      .getByText(resource.title)
      .waitFor();
    await inspect(page, 'profile-tfx-saved');
    expect(browser.consoleErrors).toEqual([]);
  });
});
