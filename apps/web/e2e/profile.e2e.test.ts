import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { COMPETENCE_ITEMS } from '@plataforma/shared';
import { checkA11y, useBrowser } from './support/browser';
import { apiSignIn, DEMO, signInAs } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 360, height: 740 };

/** The complete demo student's applications (apps/api/src/seed/steps/projects.ts). */
const DEMO_APPLICATIONS = [
  ['Plataforma web de ofertas de empleo accesible para jóvenes', 'Seleccionado'],
  ['Chatbot de orientación académica con IA para estudiantes de primer curso', 'Preseleccionado'],
  ['Auditoría de accesibilidad de webs municipales valencianas', 'En revisión'],
  ['Cuadro de mando de impacto para entidades sociales', 'Enviada'],
  ['Mapa de la pobreza energética en Dos Hermanas', 'No seleccionado'],
  ['Visualización de presupuestos municipales para la ciudadanía', 'Retirada'],
] as const;
/** Her saved projects (DEMO_STUDENT_FAVOURITES). */
const DEMO_FAVOURITES = [
  'Análisis de datos abiertos de calidad del aire en la Región de Murcia',
  'App móvil para reservar productos de cercanía y reducir el desperdicio',
  'Mentorías digitales para jóvenes en búsqueda de empleo',
  'Chatbot de orientación académica con IA para estudiantes de primer curso',
];
/** Her newest unread notification (apps/api/src/seed/fixtures/notifications.ts). */
const NEWEST_UNREAD = '¡Has sido seleccionada!';

/** A 2x2 red PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVR4nGP4z8DwnwGM/zMwAAAf7gP9NRsAMwAAAABJRU5ErkJggg==',
  'base64',
);

const SECTIONS = [
  ['applys', 'Candidaturas'],
  ['projects', 'Proyectos guardados'],
  ['ongoing', 'Proyectos en marcha'],
  ['tfx', 'Proyectos publicados'],
  ['notifications', 'Comunicaciones'],
] as const;

async function api<T>(
  baseUrl: string,
  jwt: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.status, `${init.method ?? 'GET'} ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** Fonts and images settle before screenshots and colour-contrast checks. */
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

/** A modal at both widths: only the viewport (the dialog is fixed), axe with it open. */
async function checkDialogBothWidths(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [size, suffix] of [
    [DESKTOP, ''],
    [MOBILE, '-mobile'],
  ] as const) {
    await page.setViewportSize(size);
    await settle(page);
    // The panel's 300 ms entrance has finished.
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}${suffix}.png`) });
    await checkA11y(page);
  }
  await page.setViewportSize(DESKTOP);
}

function selectedTab(page: Page) {
  return page.getByRole('tab', { selected: true });
}

describe('profile page', () => {
  const browser = useBrowser();

  it('signed out, /profile goes to the login page, which will bring the visitor back', async () => {
    const { page } = browser;
    await page.goto('/profile?section=notifications');
    await page.waitForURL((url) => url.pathname === '/user/auth/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/profile?section=notifications');
  });

  it('the complete student sees her applications, switches tabs and opens a notification', async () => {
    const { page, context, baseUrl } = browser;
    const session = await signInAs(context, baseUrl, DEMO.student);
    let reopened: number | undefined;
    try {
      await page.goto('/profile?section=applys');
      await expect
        .poll(() => selectedTab(page).textContent(), { timeout: 10_000 })
        .toBe('Candidaturas');
      const panel = page.getByRole('tabpanel');
      for (const [title, status] of DEMO_APPLICATIONS) {
        const item = panel.getByRole('listitem').filter({ hasText: title });
        await item.waitFor();
        expect(await item.getByText(`Estado: ${status}`, { exact: true }).count(), title).toBe(1);
      }
      // No welcome for a student whose profile is complete.
      expect(await page.getByRole('dialog').count()).toBe(0);

      // Keyboard: the arrow key moves to the next tab, which replaces ?section=.
      await selectedTab(page).focus();
      await page.keyboard.press('ArrowRight');
      await page.waitForURL((url) => url.searchParams.get('section') === 'projects');
      for (const title of DEMO_FAVOURITES) {
        await panel.getByRole('heading', { name: title }).waitFor();
      }

      await page.getByRole('tab', { name: 'Proyectos en marcha' }).click();
      await page.waitForURL((url) => url.searchParams.get('section') === 'ongoing');
      await panel.getByRole('heading', { name: DEMO_APPLICATIONS[0][0] }).waitFor();
      // One project in progress (its milestone checklist is a list of its own).
      expect(await panel.getByRole('list').first().locator(':scope > li').count()).toBe(1);

      await page.getByRole('tab', { name: 'Comunicaciones' }).click();
      await page.waitForURL((url) => url.searchParams.get('section') === 'notifications');
      const entries = panel.getByRole('list').first().getByRole('button');
      await entries.first().waitFor();
      expect(await entries.count()).toBe(3);
      const newest = entries.filter({ hasText: NEWEST_UNREAD });
      expect(await newest.textContent()).toContain('Nueva');

      const [put] = await Promise.all([
        page.waitForResponse(
          (r) => r.request().method() === 'PUT' && r.url().includes('/api/communication-centers/'),
        ),
        newest.click(),
      ]);
      expect(put.status()).toBe(200);
      reopened = Number(/communication-centers\/(\d+)/.exec(put.url())?.[1]);
      const dialog = page.getByRole('dialog', { name: NEWEST_UNREAD });
      await dialog.getByText(/Enhorabuena, Lucía/).waitFor();
      expect(await dialog.locator('strong').first().textContent()).toBe('seleccionada');
      await checkDialogBothWidths(page, 'profile-notification-popup');

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await newest.textContent()).not.toContain('Nueva');
      // The focus is back on the entry that opened it.
      expect(await newest.evaluate((element) => element === document.activeElement)).toBe(true);

      const stored = await api<{ data: { attributes: { isRead: boolean } } }>(
        baseUrl,
        session.jwt,
        `/api/communication-centers/${reopened}`,
      );
      expect(stored.data.attributes.isRead).toBe(true);

      // Thirteen entries in the seed: the older ones can be asked for twice and more remain.
      const older = page.getByRole('button', { name: 'Ver notificaciones antiguas' });
      await older.click();
      await expect.poll(() => entries.count()).toBe(6);
      await older.click();
      await expect.poll(() => entries.count()).toBe(9);
      expect(await older.isVisible()).toBe(true);
      expect(browser.consoleErrors).toEqual([]);
    } finally {
      // Other journeys count her unread notifications: put it back as the seed left it.
      if (reopened) {
        await api(baseUrl, session.jwt, `/api/communication-centers/${reopened}`, {
          method: 'PUT',
          body: { data: { isRead: false } },
        });
      }
    }
  });

  it('every student tab is accessible at 1280 and 360 px wide', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.student);
    for (const [section, label] of SECTIONS) {
      await page.goto(`/profile?section=${section}`);
      await expect.poll(() => selectedTab(page).textContent(), { timeout: 10_000 }).toBe(label);
      await page.getByRole('tabpanel').locator('li, p').first().waitFor();
      await expect.poll(() => page.getByText('Cargando...').count(), { timeout: 10_000 }).toBe(0);
      await checkBothWidths(page, `profile-student-${section}`);
    }
  });

  it('the student changes her phone and finds it saved after a reload', async () => {
    const { page, context, baseUrl } = browser;
    const session = await signInAs(context, baseUrl, DEMO.student);
    const me = await api<{ phone: string | null }>(baseUrl, session.jwt, '/api/users/me');
    try {
      await page.goto('/profile');
      const phone = page.getByRole('textbox', { name: /Teléfono/ });
      // Stored in E.164, shown as Spain writes it beside its country (+34).
      expect(me.phone).toMatch(/^\+34\d{9}$/);
      await expect
        .poll(async () => `+34${(await phone.inputValue()).replace(/\s/g, '')}`, {
          timeout: 10_000,
        })
        .toBe(me.phone);
      const country = page.getByRole('combobox', { name: 'Prefijo del país' });
      expect(await country.inputValue()).toBe('ES');

      await phone.fill('699 00');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await page.getByText('Formato no válido.').waitFor();

      await phone.fill('699 000 111');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await page.getByText('Tus datos se han guardado.').waitFor();
      const saved = await api<{ phone: string | null }>(baseUrl, session.jwt, '/api/users/me');
      expect(saved.phone).toBe('+34699000111');

      await page.reload();
      await expect.poll(() => phone.inputValue(), { timeout: 10_000 }).toBe('699 00 01 11');
    } finally {
      await api(baseUrl, session.jwt, '/api/user/me', {
        method: 'PUT',
        body: { phone: me.phone },
      });
    }
  });

  it('the teacher changes her picture; a file of another type is refused', async () => {
    const { page, context, baseUrl } = browser;
    const session = await signInAs(context, baseUrl, DEMO.teacher);
    try {
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Cambiar foto' }).waitFor();
      const input = page.getByTestId('picture-input');

      await input.setInputFiles({
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n'),
      });
      await page
        .getByText('Archivo no permitido. Solo se aceptan: png, jpg, jpeg, webp, avif, svg')
        .waitFor();

      await input.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: TINY_PNG });
      await page.getByText('Tu foto de perfil se ha actualizado.').waitFor();
      const picture = page.getByRole('img', { name: 'Tu foto de perfil' });
      await picture.waitFor();
      expect(await picture.getAttribute('src')).toMatch(/^\/uploads\//);
      expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
        0,
      );
    } finally {
      await api(baseUrl, session.jwt, '/api/user/me', { method: 'PUT', body: { picture: null } });
    }
  });

  it('the teacher sees personal data and security, no sections and no welcome', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.teacher);
    const details = page.waitForResponse((r) => r.url().includes('/api/teachers?'));
    await page.goto('/profile');
    await details;
    await page.getByRole('heading', { name: 'Datos personales' }).waitFor();
    await page.getByRole('heading', { name: 'Seguridad' }).waitFor();
    expect(await page.getByRole('tablist').count()).toBe(0);
    await checkBothWidths(page, 'profile-teacher');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('competences on the profile', () => {
  const browser = useBrowser();

  it('once the questionnaire is answered, "Tus competencias" shows the latest result and leads to a new attempt', async () => {
    const { page, context, baseUrl } = browser;
    // The new student: the complete one's questionnaire is another journey's first visit.
    const session = await signInAs(context, baseUrl, DEMO.newStudent);
    const admin = await apiSignIn(baseUrl, DEMO.admin);
    let answerId: number | null = null;
    try {
      await page.goto('/profile');
      await page.getByRole('dialog', { name: '¡Estás dentro!' }).waitFor();
      await page.keyboard.press('Escape');
      const card = page.getByRole('region', { name: 'Tus competencias' });
      await card.getByRole('link', { name: 'Ir al cuestionario de competencias' }).waitFor();

      // Answered through the API: 4 ("Algo de acuerdo") to every required item.
      const answers = Object.fromEntries(
        COMPETENCE_ITEMS.filter((item) => !item.optional).map((item) => [item.value, 4]),
      );
      const submitted = await api<{ data: { id: number } }>(
        baseUrl,
        session.jwt,
        '/api/questionnaire/submit',
        {
          method: 'POST',
          body: { answers, contact: { name: 'Pablo', surname: 'Nuevo', email: DEMO.newStudent } },
        },
      );
      answerId = submitted.data.id;

      await page.reload();
      const table = card.getByRole('table', { name: /Puntuación media por competencia/ });
      await table.waitFor();
      expect(await table.getByRole('row').count()).toBe(6);
      await card.getByText(/Tu último resultado, del cuestionario que respondiste el/).waitFor();
      expect(
        await card.getByRole('link', { name: 'Ir al cuestionario de competencias' }).count(),
      ).toBe(0);
      await checkBothWidths(page, 'profile-competences');

      await card.getByRole('link', { name: 'Repetir el cuestionario' }).click();
      await page.waitForURL((url) => url.pathname === '/cuestionario');
      await page.getByRole('progressbar', { name: 'Progreso del cuestionario' }).waitFor();
    } finally {
      if (answerId !== null) {
        // Put back as the seed left her: no result.
        const removed = await fetch(`${baseUrl}/api/questionnaire-answers/${answerId}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${admin.jwt}` },
        });
        expect(removed.status).toBe(200);
      }
    }
  });
});

describe('welcome modals', () => {
  const browser = useBrowser();
  let newStudentId = 0;

  beforeAll(async () => {
    newStudentId = (await apiSignIn(inject('baseUrl'), DEMO.newStudent)).userId;
  });

  it('the new student gets "¡Estás dentro!" with the focus inside; Escape closes it for the session', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.newStudent);
    await page.goto('/');

    const dialog = page.getByRole('dialog', { name: '¡Estás dentro!' });
    await dialog.waitFor();
    const action = dialog.getByRole('link', { name: 'Completar perfil en 3 minutos' });
    expect(await action.getAttribute('href')).toBe('/profile/completar');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null))
      .toBe(true);
    // Tab stays inside the dialog.
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
    ).toBe(true);
    // Spec §4: showing it stores the complete-profile flag for this user.
    expect(
      await page.evaluate((id) => localStorage.getItem(`complete-profile:${id}`), newStudentId),
    ).toBe('true');
    await checkDialogBothWidths(page, 'welcome-student');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settle(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('"Completar perfil en 3 minutos" takes the new student to the profile wizard', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.newStudent);
    await page.goto('/');
    await page.getByRole('link', { name: 'Completar perfil en 3 minutos' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/completar');
    await page.getByRole('dialog', { name: '¡Estás dentro!' }).waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: 'Completa tu perfil' }).waitFor();
  });

  it('the coordinator without organisation gets "Crear mi organización", leading to /organizations/create', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.newCoordinator);
    await page.goto('/');

    const dialog = page.getByRole('dialog', { name: '¡Estás dentro!' });
    await dialog.waitFor();
    await checkDialogBothWidths(page, 'welcome-coordinator');
    await dialog.getByRole('link', { name: 'Crear mi organización' }).click();
    await page.waitForURL((url) => url.pathname === '/organizations/create');
    await dialog.waitFor({ state: 'detached' });
  });

  for (const [who, email, lookup] of [
    ['the complete student', DEMO.student, '/api/students?'],
    ['the teacher', DEMO.teacher, '/api/teachers?'],
    ['the coordinator with organisation', DEMO.coordinator, '/api/coordinators?'],
  ] as const) {
    it(`${who} gets no welcome modal`, async () => {
      const { page, context, baseUrl } = browser;
      await signInAs(context, baseUrl, email);
      const details = page.waitForResponse((r) => r.url().includes(lookup));
      await page.goto('/');
      await details;
      await settle(page);
      await page.waitForTimeout(300);
      expect(await page.getByRole('dialog').count()).toBe(0);
    });
  }
});
