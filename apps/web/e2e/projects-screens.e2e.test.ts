import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { apiSignIn, DEMO, signInAs } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

type Account = keyof typeof DEMO | 'visitor';

interface Screen {
  name: string;
  as: Account;
  /** The path, once the demo ids are known. */
  path: () => string;
}

const ids = { published: 0, teacherProject: 0, notApplied: 0 };

/** Every screen of the projects area, as the audience that uses it (issue 6). */
const SCREENS: Screen[] = [
  { name: 'catalogue-visitor', as: 'visitor', path: () => '/projects' },
  { name: 'detail-visitor', as: 'visitor', path: () => `/projects/${ids.published}` },
  { name: 'catalogue-student', as: 'student', path: () => '/projects?type=TFG%2FTFM' },
  { name: 'apply', as: 'student', path: () => `/projects/${ids.notApplied}/inscripcion` },
  { name: 'profile-applys', as: 'student', path: () => '/profile?section=applys' },
  { name: 'profile-saved', as: 'student', path: () => '/profile?section=projects' },
  { name: 'create', as: 'teacher', path: () => '/projects/create' },
  { name: 'personal', as: 'teacher', path: () => '/projects/personal' },
  { name: 'dashboard', as: 'teacher', path: () => '/teachers/dashboard' },
  {
    name: 'candidates',
    as: 'teacher',
    path: () => `/projects/${ids.teacherProject}/candidaturas`,
  },
  { name: 'edit', as: 'teacher', path: () => `/projects/${ids.teacherProject}/editar` },
  { name: 'organizations', as: 'coordinator', path: () => '/organizations' },
  { name: 'organization-create', as: 'newCoordinator', path: () => '/organizations/create' },
  { name: 'catalogue-admin', as: 'admin', path: () => '/projects?status=Por+validar' },
  { name: 'applys', as: 'admin', path: () => '/projects/applys' },
  { name: 'asignations', as: 'admin', path: () => '/projects/asignations' },
];

/** Waits for the page's heading and for every "Cargando..." to be gone. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
  await expect.poll(() => page.getByText('Cargando...').count(), { timeout: 15_000 }).toBe(0);
}

async function findIds(baseUrl: string) {
  const json = async (path: string, jwt?: string) => {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: jwt ? { authorization: `Bearer ${jwt}` } : {},
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as {
      data: { id: number; attributes: Record<string, unknown> }[];
    };
  };
  const published = await json('/api/projects/search?pageSize=1');
  ids.published = published.data[0]?.id ?? 0;
  const teacher = await apiSignIn(baseUrl, DEMO.teacher);
  const mine = await json('/api/projects/mine', teacher.jwt);
  const withCandidates = mine.data.find(
    (p) => (p.attributes.candidates as { total: number }).total > 0,
  );
  ids.teacherProject = withCandidates?.id ?? 0;
  const student = await apiSignIn(baseUrl, DEMO.student);
  const open = await json('/api/projects/search?pageSize=50&sort=deadline', student.jwt);
  ids.notApplied = open.data.find((p) => p.attributes.applied === false)?.id ?? 0;
  expect(
    Object.values(ids).every((id) => id > 0),
    JSON.stringify(ids),
  ).toBe(true);
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 360, height: 740 }],
] as const) {
  describe(`projects area screens (${label})`, () => {
    const browser = useBrowser({ viewport });

    beforeAll(async () => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      if (ids.published === 0) await findIds(browser.baseUrl);
    });

    for (const screen of SCREENS) {
      it(`${screen.name} is accessible and complete`, async () => {
        const { page } = browser;
        if (screen.as !== 'visitor')
          await signInAs(browser.context, browser.baseUrl, DEMO[screen.as]);
        await page.goto(screen.path());
        await settled(page);
        // Nothing sticks out sideways on a phone.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${screen.name} is wider than the screen`).toBeLessThanOrEqual(0);
        await checkA11y(page);
        await page.screenshot({
          path: join(SCREENSHOTS, `projects-screen-${screen.name}-${label}.png`),
          fullPage: true,
        });
        expect(browser.consoleErrors).toEqual([]);
      });
    }

    it('a card names its ODS and, saved, says "Guardado" once, on its button, confirmed in a toast', async () => {
      const { page } = browser;
      await signInAs(browser.context, browser.baseUrl, DEMO.student);
      await page.goto('/projects');
      await settled(page);
      const results = page.getByRole('region', { name: 'Resultados' });
      const card = results
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: /^Guardar: «/ }) })
        .filter({ has: page.getByRole('list', { name: 'Objetivos de Desarrollo Sostenible' }) })
        .first();
      const button = card.getByRole('button', { name: /^Guardar: «/ });
      const title = ((await button.getAttribute('aria-label')) ?? '').slice(
        'Guardar: «'.length,
        -1,
      );
      const saved = results
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: `Guardado: «${title}»` }) });
      const toasts = page.getByRole('region', { name: /^Confirmaciones/ });
      try {
        await button.click();
        await toasts.getByText(`Has guardado «${title}».`, { exact: false }).waitFor();
        await saved.waitFor();
        // One sign of being saved: the button (no second "Guardado" badge on the card).
        expect(await saved.getByText('Guardado', { exact: true }).count()).toBe(1);
        const goals = saved.getByRole('list', { name: 'Objetivos de Desarrollo Sostenible' });
        const names = await goals.getByRole('listitem').allTextContents();
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) expect(name).toMatch(/^ODS \d{1,2}: \p{L}/u);
        await checkA11y(page);
        await page.screenshot({ path: join(SCREENSHOTS, `projects-card-toast-${label}.png`) });
        await saved.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: join(SCREENSHOTS, `projects-card-saved-${label}.png`),
          clip: (await saved.boundingBox()) ?? undefined,
        });
      } finally {
        // Put it back: other journeys count her saved projects.
        await saved.getByRole('button', { name: `Guardado: «${title}»` }).click();
        await toasts.getByText(`Has quitado «${title}» de tus proyectos guardados.`).waitFor();
      }
    });
  });
}
