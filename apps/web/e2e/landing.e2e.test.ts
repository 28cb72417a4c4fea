import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkA11y, drawnByBrowser, useBrowser } from './support/browser';
import { DEMO, apiSignIn, signInAs } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 360, height: 740 };

/** The seeded campaigns (apps/api/src/seed/steps/banners.ts). */
const COMPANY_BANNER = 'Aviso: Convocatoria para empresas y organizaciones';
const STUDENT_BANNER = 'Aviso: Candidaturas abiertas';

interface BrandingBody {
  data: { attributes: { projectName: string; program: string | null } } | null;
}

/** Waits for fonts and images, so screenshots and the colour-contrast checks see the final page. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

/** Full-page screenshots and axe at desktop and mobile widths. */
async function checkBothWidths(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize(DESKTOP);
  // From the top, so the sticky header is not painted over the middle of a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  await checkA11y(page);
  await page.setViewportSize(MOBILE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-mobile.png`), fullPage: true });
  await checkA11y(page);
  // Nothing sticks out sideways at 360 px (no horizontal scroll).
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name} is wider than 360 px`,
  ).toBeLessThanOrEqual(MOBILE.width);
}

const banner = (page: Page, name: string) => page.getByRole('complementary', { name });

/** Visits each path and answers which of the two campaign banners it shows. */
async function bannersOn(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const shown: Record<string, string[]> = {};
  for (const path of paths) {
    const answer = page.waitForResponse((r) => r.url().includes('/api/banners?'));
    await page.goto(path);
    await answer;
    await page.locator('#contenido').waitFor();
    // The banners render from the answer just received; give React its frame.
    await page.waitForTimeout(200);
    const names = await page
      .getByRole('complementary')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    shown[path] = names.filter((n) => n.startsWith('Aviso:'));
  }
  return shown;
}

describe('landing pages', () => {
  const browser = useBrowser();

  it('the visitor home presents the platform to its three audiences and passes axe at 1280 and 360 px', async () => {
    const response = await fetch(`${browser.baseUrl}/api/branding-saas`);
    const projectName = ((await response.json()) as BrandingBody).data?.attributes.projectName;
    const { page } = browser;
    await page.goto('/');
    // The page does not wait for the branding (ADR 0033): the name comes with it.
    await expect
      .poll(async () => (await page.getByRole('heading', { level: 1 }).textContent())?.trim())
      .toBe(projectName);
    const audiences = page.getByRole('region', {
      name: 'Una plataforma, tres formas de participar',
    });
    for (const title of ['Estudiantes', 'Profesorado', 'Organizaciones']) {
      await audiences.getByRole('heading', { level: 3, name: title }).waitFor();
    }
    await page.getByRole('region', { name: 'Cómo funciona' }).waitFor();
    await checkBothWidths(page, 'landing-home');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('/estudiantes explains what students get and leads to student registration', async () => {
    const { page } = browser;
    await page.goto('/estudiantes');
    await page
      .getByRole('heading', { level: 1, name: 'Haz un TFG o TFM que deje huella' })
      .waitFor();
    await page.getByRole('region', { name: 'Lo que te ofrecemos' }).waitFor();
    await checkBothWidths(page, 'landing-estudiantes');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'Crear mi cuenta de estudiante' }).first().click();
    await page.waitForURL(`${browser.baseUrl}/register?profile=student`);
    expect(browser.consoleErrors).toEqual([]);
  });

  it('/organizaciones explains what organisations get and leads to coordinator registration', async () => {
    const { page } = browser;
    await page.goto('/organizaciones');
    await page
      .getByRole('heading', { level: 1, name: 'Convierte tus retos en proyectos con impacto' })
      .waitFor();
    await page.getByRole('region', { name: 'Lo que tu organización gana' }).waitFor();
    await checkBothWidths(page, 'landing-organizaciones');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'Registrar mi organización' }).first().click();
    await page.waitForURL(`${browser.baseUrl}/register?profile=coordinator`);
    expect(browser.consoleErrors).toEqual([]);
  });

  it('a signed-in student finds a welcome with their area on / instead of the presentation', async () => {
    const { page, context } = browser;
    await signInAs(context, browser.baseUrl, DEMO.student);
    await page.goto('/');
    const welcome = page.getByRole('region', { name: /^Hola/ });
    await welcome.getByRole('link', { name: /^Proyectos/ }).waitFor();
    expect(
      await page.getByRole('region', { name: 'Una plataforma, tres formas de participar' }).count(),
    ).toBe(0);
    expect(await page.getByRole('link', { name: 'Inscribirme ahora' }).count()).toBe(0);
  });
});

describe('Emprende invitation (spec §2 Landing)', () => {
  const browser = useBrowser();
  let adminJwt: string;
  let originalProgram: string | null = null;

  const setProgram = async (program: string | null) => {
    const response = await fetch(`${browser.baseUrl}/api/branding-saas`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminJwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { program } }),
    });
    expect(response.status, 'PUT /api/branding-saas as admin').toBe(200);
  };

  beforeAll(async () => {
    adminJwt = (await apiSignIn(browser.baseUrl, DEMO.admin)).jwt;
    const body = (await (
      await fetch(`${browser.baseUrl}/api/branding-saas`)
    ).json()) as BrandingBody;
    originalProgram = body.data?.attributes.program ?? null;
  });

  afterAll(async () => {
    await setProgram(originalProgram);
  });

  it('without a matching program there is no "Inscribirme ahora"; with "Emprende" it leads to student registration', async () => {
    const { page } = browser;
    await setProgram('Impulsa');
    await page.goto('/');
    await page.getByRole('link', { name: 'Registrarme' }).waitFor();
    expect(await page.getByRole('link', { name: 'Inscribirme ahora' }).count()).toBe(0);

    await setProgram('Emprende');
    await page.goto('/');
    const invitation = page.getByRole('link', { name: 'Inscribirme ahora' });
    await invitation.waitFor();
    await page.getByRole('heading', { level: 2, name: 'Participa en Emprende' }).waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await invitation.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'landing-emprende.png') });
    await invitation.click();
    await page.waitForURL(`${browser.baseUrl}/register?profile=student`);
  });
});

describe('campaign banners (spec §2 Banners, §9 dates)', () => {
  const browser = useBrowser();
  // The browser's clock is set to another year: its pages are drawn by the browser, which asks
  // for the banners of its own day (a page the server draws shows the server's day, ADR 0060).
  beforeEach(() => drawnByBrowser(browser.page));

  it('on 15 Jan 2024 the company call shows on / and /organizaciones, not on /estudiantes', async () => {
    const { page } = browser;
    await page.clock.setFixedTime(new Date('2024-01-15T10:00:00+01:00'));
    expect(await bannersOn(page, ['/', '/organizaciones', '/estudiantes'])).toEqual({
      '/': [COMPANY_BANNER],
      '/organizaciones': [COMPANY_BANNER],
      '/estudiantes': [],
    });
    await page.goto('/');
    await banner(page, COMPANY_BANNER).waitFor();
    await checkBothWidths(page, 'landing-banner-company');
  });

  it('on 1 Mar 2024 the student banner shows on /estudiantes, and on /projects for a teacher only', async () => {
    const { page } = browser;
    await page.clock.setFixedTime(new Date('2024-03-01T10:00:00+01:00'));
    expect(await bannersOn(page, ['/', '/estudiantes', '/projects'])).toEqual({
      '/': [],
      '/estudiantes': [STUDENT_BANNER],
      '/projects': [],
    });
  });

  it('on 1 Mar 2024 a signed-in teacher sees the student banner on /projects', async () => {
    const { page, context } = browser;
    await page.clock.setFixedTime(new Date('2024-03-01T10:00:00+01:00'));
    await signInAs(context, browser.baseUrl, DEMO.teacher);
    await page.goto('/projects');
    await banner(page, STUDENT_BANNER).waitFor();
  });

  it('on 1 Mar 2024 a signed-in student does not see it on /projects', async () => {
    const { page, context } = browser;
    await page.clock.setFixedTime(new Date('2024-03-01T10:00:00+01:00'));
    await signInAs(context, browser.baseUrl, DEMO.student);
    const me = page.waitForResponse((r) => r.url().includes('/api/users/me'));
    const shown = await bannersOn(page, ['/projects']);
    await me;
    await page.waitForTimeout(300);
    expect(shown).toEqual({ '/projects': [] });
    expect(await page.getByRole('complementary', { name: STUDENT_BANNER }).count()).toBe(0);
  });

  it('on 15 Apr 2024 no banner shows anywhere', async () => {
    const { page } = browser;
    await page.clock.setFixedTime(new Date('2024-04-15T10:00:00+02:00'));
    expect(await bannersOn(page, ['/', '/organizaciones', '/estudiantes', '/projects'])).toEqual({
      '/': [],
      '/organizaciones': [],
      '/estudiantes': [],
      '/projects': [],
    });
  });

  it('closing fades the banner out over 500 ms and it stays closed for the session', async () => {
    const { page, context } = browser;
    await page.clock.setFixedTime(new Date('2024-01-15T10:00:00+01:00'));
    await page.goto('/organizaciones');
    const company = banner(page, COMPANY_BANNER);
    await company.waitFor();
    expect(await company.evaluate((e) => getComputedStyle(e).transitionDuration)).toBe('0.5s');

    const close = company.getByRole('button', { name: 'Cerrar aviso' });
    await close.focus();
    const started = Date.now();
    await page.keyboard.press('Enter');
    // Mid-fade it is still there, going transparent.
    await page.waitForTimeout(150);
    const opacity = Number(await company.evaluate((e) => getComputedStyle(e).opacity));
    expect(opacity).toBeGreaterThan(0);
    expect(opacity).toBeLessThan(1);
    await company.waitFor({ state: 'detached' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    // The keyboard user is left in the page, on the main content.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contenido');

    expect(await bannersOn(page, ['/'])).toEqual({ '/': [] });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(300);
    expect(await banner(page, COMPANY_BANNER).count()).toBe(0);

    // A new browser session shows the campaign again.
    const other: BrowserContext = await context.browser()!.newContext({ baseURL: browser.baseUrl });
    try {
      const otherPage = await other.newPage();
      await drawnByBrowser(otherPage);
      await otherPage.clock.setFixedTime(new Date('2024-01-15T10:00:00+01:00'));
      await otherPage.goto('/');
      await banner(otherPage, COMPANY_BANNER).waitFor();
    } finally {
      await other.close();
    }
  });
});

describe('an admin schedules a banner', () => {
  // The admin types Madrid times (datetime-local is the browser's time zone).
  const browser = useBrowser({ timezoneId: 'Europe/Madrid' });
  const title = `Semana del voluntariado ${Date.now()}`;
  let adminJwt: string;

  afterAll(async () => {
    // Leave the demo data as it was for the files that run after this one.
    const list = (await (
      await fetch(
        `${browser.baseUrl}/api/banners?publicationState=preview&filters[title][$eq]=${encodeURIComponent(title)}`,
        { headers: { authorization: `Bearer ${adminJwt}` } },
      )
    ).json()) as { data: { id: number }[] };
    for (const { id } of list.data) {
      await fetch(`${browser.baseUrl}/api/banners/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${adminJwt}` },
      });
    }
  });

  it('creates it on /admin/ajustes/banners and visitors see it on its pages within its window only', async () => {
    adminJwt = (await apiSignIn(browser.baseUrl, DEMO.admin)).jwt;
    const { page, context } = browser;
    await signInAs(context, browser.baseUrl, DEMO.admin);
    await page.goto('/admin/ajustes/banners');
    await page.getByRole('heading', { level: 2, name: 'Banners' }).waitFor();
    // The seeded campaigns are listed.
    await page.getByRole('heading', { level: 3, name: 'Candidaturas abiertas' }).waitFor();

    await page.getByRole('button', { name: 'Nuevo banner' }).click();
    const form = page.getByRole('form', { name: 'Nuevo banner' });
    await form.getByRole('button', { name: 'Guardar banner' }).click();
    expect(await form.getByText('Este campo es obligatorio.').count()).toBe(3);
    await checkBothWidths(page, 'landing-admin-banners');
    await page.setViewportSize(DESKTOP);

    await form.getByRole('textbox', { name: 'Título' }).fill(title);
    await form
      .getByRole('textbox', { name: 'Mensaje' })
      .fill('Del 1 al 30 de junio, proyectos de voluntariado para tu TFG o TFM.');
    await form.getByRole('textbox', { name: /^Dirección del enlace/ }).fill('/estudiantes');
    await form.getByRole('textbox', { name: /^Texto del enlace/ }).fill('Más información');
    await form.getByRole('combobox', { name: 'Ruta 1' }).fill('/tfx');
    await form
      .getByRole('group', { name: 'Quién lo ve en la ruta 1' })
      .getByRole('checkbox', { name: 'Visitantes sin sesión' })
      .check();
    // Spanish day and time fields (ADR 0034).
    const starts = form.getByRole('group', { name: /^Desde/ });
    await starts.getByRole('textbox', { name: /^Día/ }).fill('01/06/2031');
    await starts.getByRole('textbox', { name: /^Hora/ }).fill('00:00');
    const ends = form.getByRole('group', { name: 'Hasta' });
    await ends.getByRole('textbox', { name: /^Día/ }).fill('30/06/2031');
    await ends.getByRole('textbox', { name: /^Hora/ }).fill('23:59');
    await form.getByRole('button', { name: 'Guardar banner' }).click();
    await page.getByText(`Se ha creado el banner «${title}».`).waitFor();
    await page.getByRole('heading', { level: 3, name: title }).waitFor();

    // A visitor, in another browser session, inside and outside the window.
    const visitor = await context
      .browser()!
      .newContext({ baseURL: browser.baseUrl, timezoneId: 'Europe/Madrid' });
    try {
      const visitorPage = await visitor.newPage();
      await drawnByBrowser(visitorPage);
      await visitorPage.clock.setFixedTime(new Date('2031-06-15T12:00:00+02:00'));
      expect(await bannersOn(visitorPage, ['/tfx', '/'])).toEqual({
        '/tfx': [`Aviso: ${title}`],
        '/': [],
      });
      const scheduled = banner(visitorPage, `Aviso: ${title}`);
      await visitorPage.goto('/tfx');
      await scheduled.getByRole('link', { name: /Más información/ }).waitFor();

      await visitorPage.clock.setFixedTime(new Date('2031-07-01T00:00:00+02:00'));
      expect(await bannersOn(visitorPage, ['/tfx'])).toEqual({ '/tfx': [] });
    } finally {
      await visitor.close();
    }
  });
});

describe('footer and scroll to top', () => {
  const browser = useBrowser();

  it('the footer shows the seeded sections: linked logo, links, external links in a new tab, languages', async () => {
    const { page } = browser;
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Pie de página' });
    await nav.waitFor();
    expect(
      await nav.getByRole('link', { name: 'Conecta Impacto, inicio' }).getAttribute('href'),
    ).toBe('/');
    expect(await nav.getByRole('link', { name: 'Proyectos' }).getAttribute('href')).toBe(
      '/projects',
    );
    expect(await nav.getByRole('link', { name: 'Soy estudiante' }).getAttribute('href')).toBe(
      '/estudiantes',
    );
    const linkedIn = nav.getByRole('link', { name: /LinkedIn/ });
    expect(await linkedIn.getAttribute('target')).toBe('_blank');
    expect(await linkedIn.getAttribute('rel')).toBe('noopener noreferrer');
    await nav
      .getByRole('img', { name: 'Comprometidos con los Objetivos de Desarrollo Sostenible' })
      .waitFor();
    const language = nav.getByRole('combobox', { name: 'Idioma' });
    expect(await language.inputValue()).toBe('es');
    expect(
      await language
        .locator('option')
        .evaluateAll((options) =>
          options.map((o) => [(o as HTMLOptionElement).value, (o as HTMLOptionElement).disabled]),
        ),
    ).toEqual([
      ['es', false],
      ['en', true],
    ]);
    // The seeded footer already links to the privacy policy: it is not repeated.
    expect(
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: 'Política de privacidad' })
        .count(),
    ).toBe(1);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await settle(page);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page
      .getByRole('contentinfo')
      .screenshot({ path: join(SCREENSHOTS, 'landing-footer.png') });
  });

  it('"Volver arriba" appears after 100 px of scroll and brings the page back to the top', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Pie de página' }).waitFor();
    const toTop = page.getByRole('button', { name: 'Volver arriba' });
    expect(await toTop.count()).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 80));
    await page.waitForTimeout(200);
    expect(await toTop.count()).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 600));
    await toTop.waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'landing-scroll-to-top.png') });
    await toTop.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await toTop.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contenido');
  });
});
