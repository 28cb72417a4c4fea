import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { apiSignIn, DEMO, signInAs } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const WIZARD = 'Completa tu perfil';
const THANKS = '¡Gracias por completar tu registro!';
const LEAVE = 'Seguro que quieres dejar tu perfil a medias?';

async function api(baseUrl: string, jwt: string, path: string, method = 'GET', body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return (await response.json()) as { data: { id: number; attributes: Record<string, unknown> }[] };
}

/** Polls until the value matches; labels and pages come over the network, on a busy machine. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** The same screen at 1280 and at 360 px wide (`<name>-1280.png`, `<name>-360.png`). */
async function shootBothWidths(page: Page, name: string, prepare?: () => Promise<void>) {
  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await prepare?.();
    await shoot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The names of the options the open listbox shows. */
async function optionNames(dialog: Locator) {
  return dialog.getByRole('option').allTextContents();
}

const pageOf = (url: string) => new URL(url).searchParams.get('pagination[page]');

async function step(dialog: Locator, index: number, count: number) {
  await eventually(() => dialog.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
    `Paso ${index} de ${count}`,
  );
}

/** Types into a catalogue combobox and picks the option (offered once, even if repeated). */
async function choose(dialog: Locator, label: string, search: string, option: string) {
  const input = dialog.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(search);
  await dialog.getByRole('option', { name: option, exact: true }).click();
}

describe('profile-completion wizard (spec §2 Modals, §4 Profile wizard)', () => {
  const browser = useBrowser();

  afterAll(async () => {
    // The new student stays "new" for the other journeys: province, phone and answers cleared.
    const baseUrl = inject('baseUrl');
    const session = await apiSignIn(baseUrl, DEMO.newStudent);
    const found = await api(
      baseUrl,
      session.jwt,
      `/api/students?filters[user][id][$eq]=${session.userId}`,
    );
    const studentId = found.data[0]!.id;
    await api(baseUrl, session.jwt, `/api/students/${studentId}`, 'PUT', {
      data: {
        province: null,
        campus: { set: [] },
        degree: { set: [] },
        study_type: null,
        student_area: null,
        work_deadline: null,
        work_deadline_estimate: null,
        tags: [],
        thesis_stage: null,
        goal: null,
        reachedUsHow: null,
        disability: null,
      },
    });
    await api(baseUrl, session.jwt, '/api/user/me', 'PUT', { phone: null });
  });

  it('a new student goes from the welcome through an invalid step to the thanks, and reopening shows the answers', async () => {
    const { page, context, baseUrl } = browser;
    await signInAs(context, baseUrl, DEMO.newStudent);
    await page.goto('/');

    const welcome = page.getByRole('dialog', { name: '¡Estás dentro!' });
    await welcome.getByRole('link', { name: 'Completar perfil en 3 minutos' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/profile/completar');

    const dialog = page.getByRole('dialog', { name: WIZARD });
    await dialog.getByText('Solo te llevará 2 minutos.').waitFor();
    await step(dialog, 1, 5);
    expect(await dialog.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);

    // Step 1 left empty: Siguiente stays and says what is missing.
    await dialog.getByRole('button', { name: 'Siguiente' }).click();
    await dialog.getByText('Este campo es obligatorio.').first().waitFor();
    await step(dialog, 1, 5);
    await shoot(page, 'profile-wizard-student-invalid-step');

    // The seeded university is already chosen (the record holds its id; the name is looked up).
    await eventually(() =>
      dialog.getByRole('combobox', { name: '¿En qué universidad estás?' }).inputValue(),
    ).toBe('Universidad de Murcia');

    // Spec §9: without campus or study type yet, Murcia's 14 degree names come 10 a page; the
    // 300 px dropdown scrolls, and scrolling to its bottom asks for page 2 once.
    const degreePages: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/degree/names') && !request.url().includes('[id][$in]')) {
        degreePages.push(pageOf(request.url()) ?? '');
      }
    });
    const degree = dialog.getByRole('combobox', { name: '¿Qué titulación?' });
    await degree.click();
    await eventually(() => dialog.getByRole('option').count()).toBe(11);
    const list = dialog.getByRole('listbox', { name: '¿Qué titulación?' });
    const box = await list.evaluate((element) => ({
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
      dropdown: element.parentElement!.getBoundingClientRect().height,
      overflow: getComputedStyle(element).overflowY,
    }));
    expect(box.overflow).toBe('auto');
    expect(box.scrollHeight).toBeGreaterThan(box.clientHeight);
    expect(box.dropdown).toBeLessThanOrEqual(300);
    expect(new Set(await optionNames(dialog)).size).toBe(11);
    await shootBothWidths(page, 'profile-wizard-student-degree-list');
    await list.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await eventually(() => dialog.getByRole('option').count()).toBe(15);
    await list.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await page.waitForTimeout(500);
    expect(degreePages.filter((p) => p === '2')).toHaveLength(1);
    await page.keyboard.press('Escape');

    // Murcia's "Facultad de Informática" (the Complutense has one too): only Murcia's degrees.
    await choose(dialog, '¿En qué campus o facultad?', 'Informática', 'Facultad de Informática');
    await dialog.getByRole('radio', { name: 'Grado', exact: true }).check();
    await degree.click();
    await eventually(() => optionNames(dialog)).toEqual([
      'Grado en Ciencia e Ingeniería de Datos',
      'Grado en Ingeniería Informática',
      'Otra',
    ]);
    await dialog
      .getByRole('option', { name: 'Grado en Ingeniería Informática', exact: true })
      .click();
    await shootBothWidths(page, 'profile-wizard-student-step-1');
    await dialog.getByRole('button', { name: 'Siguiente' }).click();

    await step(dialog, 2, 5);
    expect(await dialog.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(false);
    await dialog.getByRole('combobox', { name: '¿En qué provincia vives?' }).selectOption('Murcia');
    await dialog.getByRole('textbox', { name: 'Tu teléfono' }).fill('612 345 678');
    await dialog
      .getByRole('combobox', { name: '¿A qué área de conocimiento pertenecen tus estudios?' })
      .selectOption('Desarrollo Software DATA e IA');
    await dialog.getByRole('button', { name: 'Siguiente' }).click();

    await step(dialog, 3, 5);
    // Spec §9: the interests in their nine themes, each a group named by its theme.
    const interests = dialog.getByRole('group', { name: /¿Qué temas te interesan\?/ });
    expect(await interests.getByRole('group').count()).toBe(9);
    await interests.getByRole('group', { name: 'Salud mental' }).waitFor();
    await shootBothWidths(page, 'profile-wizard-student-interests', async () => {
      await interests.scrollIntoViewIfNeeded();
    });
    await dialog.getByRole('radio', { name: 'No lo sé' }).check();
    await dialog
      .getByRole('textbox', { name: '¿Cuándo crees que será, más o menos?' })
      .fill('El año que viene');
    await dialog.getByRole('checkbox', { name: 'Inteligencia artificial' }).check();
    await dialog.getByRole('checkbox', { name: 'Indiferente' }).check();
    await dialog.getByRole('button', { name: 'Siguiente' }).click();

    await step(dialog, 4, 5);
    await dialog.getByRole('radio', { name: 'Eligiendo el tema' }).check();
    await dialog.getByRole('radio', { name: 'Seguir estudiando' }).check();
    await dialog
      .getByRole('combobox', { name: '¿Cómo nos has conocido?' })
      .selectOption('Instagram');
    await dialog.getByRole('button', { name: 'Siguiente' }).click();

    await step(dialog, 5, 5);
    await dialog.getByRole('radio', { name: 'No', exact: true }).check();
    // Spec §3: the preferences start as the student's, which are on until turned off.
    const boxes = dialog.getByRole('checkbox');
    expect(await boxes.count()).toBe(10);
    for (const checkbox of await boxes.all()) expect(await checkbox.isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Avisarme por WhatsApp' }).uncheck();
    await shootBothWidths(page, 'profile-wizard-student-last-step');
    await dialog.getByRole('button', { name: 'Finalizar' }).click();

    const thanks = page.getByRole('dialog', { name: THANKS });
    const see = thanks.getByRole('link', { name: 'Ver proyectos' });
    await see.waitFor();
    await page.getByRole('dialog', { name: WIZARD }).waitFor({ state: 'detached' });
    expect(['/projects', '/tfx', '/']).toContain(await see.getAttribute('href'));
    await shoot(page, 'profile-wizard-student-thanks');
    await checkA11y(page);

    // Saved: the record holds the answers (disability private, stored as a boolean).
    const session = await apiSignIn(baseUrl, DEMO.newStudent);
    const found = await api(
      baseUrl,
      session.jwt,
      `/api/students?filters[user][id][$eq]=${session.userId}&populate[degree]=true&populate[notification]=true&populate[campus][populate][university]=true`,
    );
    expect(found.data[0]!.attributes).toMatchObject({
      campus: {
        data: {
          attributes: {
            name: 'Facultad de Informática',
            university: { data: { attributes: { name: 'Universidad de Murcia' } } },
          },
        },
      },
      notification: {
        email: true,
        selected: true,
        new_matching_projects: true,
        whatsapp: false,
      },
      province: 'Murcia',
      work_deadline: 'No lo sé',
      work_deadline_estimate: 'El año que viene',
      thesis_stage: 'choosing',
      goal: 'study',
      tags: ['Inteligencia artificial', 'Indiferente'],
      degree: { data: { attributes: { name: 'Grado en Ingeniería Informática' } } },
    });
    const me = (await (
      await fetch(`${baseUrl}/api/users/me`, {
        headers: { authorization: `Bearer ${session.jwt}` },
      })
    ).json()) as { phone: string };
    // Spanish by default, stored in international form (E.164).
    expect(me.phone).toBe('+34612345678');

    // Reopening shows the saved answers; closing asks first, the second close ends it.
    await page.goto('/profile/completar');
    const again = page.getByRole('dialog', { name: WIZARD });
    await eventually(() =>
      again.getByRole('combobox', { name: '¿Qué titulación?' }).inputValue(),
    ).toBe('Grado en Ingeniería Informática');
    expect(
      await again.getByRole('combobox', { name: '¿En qué campus o facultad?' }).inputValue(),
    ).toBe('Facultad de Informática');
    await again.getByRole('button', { name: 'Siguiente' }).click();
    await step(again, 2, 5);
    expect(
      await again.getByRole('combobox', { name: '¿En qué provincia vives?' }).inputValue(),
    ).toBe('Murcia');
    // The phone is no longer asked.
    expect(await again.getByRole('textbox', { name: 'Tu teléfono' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const leave = page.getByRole('dialog', { name: LEAVE });
    await leave
      .getByText('Si lo dejas ahora, no podremos ayudarte a encontrar tu proyecto ideal.')
      .waitFor();
    await shoot(page, 'profile-wizard-leave-confirmation');
    await leave.getByRole('button', { name: 'Continuar con el registro' }).click();
    await step(page.getByRole('dialog', { name: WIZARD }), 2, 5);
    await page
      .getByRole('dialog', { name: WIZARD })
      .getByRole('button', { name: 'Cerrar' })
      .click();
    await page.getByRole('dialog', { name: LEAVE }).getByRole('button', { name: 'Cerrar' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/profile');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('a teacher completes theirs', async () => {
    const { page, context, baseUrl } = browser;
    const teacher = await apiSignIn(baseUrl, DEMO.teacher);
    const path = `/api/teachers?filters[user][id][$eq]=${teacher.userId}`;
    const before = (await api(baseUrl, teacher.jwt, path)).data[0]!;
    onTestFinished(async () => {
      // Other journeys read the demo teacher as seeded.
      const { class_type, teacher_area, notification_deadline } = before.attributes;
      await api(baseUrl, teacher.jwt, `/api/teachers/${before.id}`, 'PUT', {
        data: { class_type, teacher_area, notification_deadline },
      });
    });
    await signInAs(context, baseUrl, DEMO.teacher);
    await page.goto('/profile/completar');

    const dialog = page.getByRole('dialog', { name: WIZARD });
    await step(dialog, 1, 3);
    const leaveText = dialog.page().getByText('no podremos ayudarte');
    expect(await leaveText.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Siguiente' }).click();
    await step(dialog, 2, 3);
    await dialog.getByRole('radio', { name: 'Grado', exact: true }).check();
    await dialog.getByRole('button', { name: 'Siguiente' }).click();
    // Degrees are required: if the seeded ones were dropped by the class type, pick one.
    if ((await dialog.getByText('Este campo es obligatorio.').count()) > 0) {
      await choose(
        dialog,
        '¿En qué titulaciones das clase?',
        'Ingeniería',
        'Grado en Ingeniería Informática',
      );
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
    }
    await step(dialog, 3, 3);
    await dialog
      .getByRole('combobox', { name: '¿Cuál es tu área de conocimiento?' })
      .selectOption('Desarrollo Software DATA e IA');
    await dialog
      .getByRole('textbox', { name: '¿Hasta qué fecha quieres recibir avisos de proyectos?' })
      .fill('30/06/2027');
    await shoot(page, 'profile-wizard-teacher-last-step');
    await dialog.getByRole('button', { name: 'Finalizar' }).click();
    await page
      .getByRole('dialog', { name: THANKS })
      .getByRole('link', { name: 'Ver proyectos' })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await shoot(page, 'profile-wizard-teacher-thanks');

    const found = await api(baseUrl, teacher.jwt, path);
    expect(found.data[0]!.attributes).toMatchObject({
      class_type: 'Grado',
      teacher_area: 'Desarrollo Software DATA e IA',
      notification_deadline: '2027-06-30',
    });
    expect(browser.consoleErrors).toEqual([]);
  });
  it('a teacher who answers "Otra" for university and campus finds the typed names again', async () => {
    const { page, context, baseUrl } = browser;
    const teacher = await apiSignIn(baseUrl, DEMO.teacher);
    const path = `/api/teachers?filters[user][id][$eq]=${teacher.userId}&populate[0]=university&populate[1]=campus&populate[2]=degrees`;
    const before = (await api(baseUrl, teacher.jwt, path)).data[0]!;
    onTestFinished(async () => {
      // Other journeys read the demo teacher as seeded: Murcia, its Facultad de Informática.
      const idOf = (name: string) =>
        (before.attributes[name] as { data: { id: number } | null }).data?.id;
      const degrees = before.attributes.degrees as { data: { id: number }[] };
      const { class_type, teacher_area, notification_deadline } = before.attributes;
      await api(baseUrl, teacher.jwt, `/api/teachers/${before.id}`, 'PUT', {
        data: {
          university: { set: [idOf('university')] },
          campus: { set: [idOf('campus')] },
          degrees: { set: degrees.data.map((d) => d.id) },
          other_university: null,
          other_campus: null,
          class_type,
          teacher_area,
          notification_deadline,
        },
      });
    });
    await signInAs(context, baseUrl, DEMO.teacher);
    await page.goto('/profile/completar');

    const dialog = page.getByRole('dialog', { name: WIZARD });
    await step(dialog, 1, 3);
    await eventually(() =>
      dialog.getByRole('combobox', { name: '¿En qué campus o facultad?' }).inputValue(),
    ).toBe('Facultad de Informática');
    // A university the catalogue lacks: the search finds nothing, "Otra" asks for its name.
    await choose(dialog, '¿En qué universidad estás?', 'Atlántico', 'Otra');
    await dialog
      .getByRole('textbox', { name: 'Escribe tu universidad' })
      .fill('Universidad del Atlántico Medio');
    // Spec §4: the campus of the former university no longer belongs; it is dropped.
    await eventually(() =>
      dialog.getByRole('combobox', { name: '¿En qué campus o facultad?' }).inputValue(),
    ).toBe('');
    await choose(dialog, '¿En qué campus o facultad?', '', 'Otra');
    await dialog.getByRole('textbox', { name: 'Escribe tu campus' }).fill('Campus de Tafira');
    await shootBothWidths(page, 'profile-wizard-teacher-other');
    await dialog.getByRole('button', { name: 'Siguiente' }).click();
    await step(dialog, 2, 3);
    // No catalogue campus, no catalogue degrees to choose: the question is not asked.
    expect(
      await dialog.getByRole('combobox', { name: '¿En qué titulaciones das clase?' }).count(),
    ).toBe(0);
    await dialog.getByRole('button', { name: 'Siguiente' }).click();
    await step(dialog, 3, 3);
    await dialog
      .getByRole('combobox', { name: '¿Cuál es tu área de conocimiento?' })
      .selectOption('Desarrollo Software DATA e IA');
    await dialog
      .getByRole('textbox', { name: '¿Hasta qué fecha quieres recibir avisos de proyectos?' })
      .fill('30/06/2027');
    await dialog.getByRole('button', { name: 'Finalizar' }).click();
    await page
      .getByRole('dialog', { name: THANKS })
      .getByRole('link', { name: 'Ver proyectos' })
      .waitFor();

    await page.goto('/profile/completar');
    const again = page.getByRole('dialog', { name: WIZARD });
    await step(again, 1, 3);
    expect(
      await again.getByRole('combobox', { name: '¿En qué universidad estás?' }).inputValue(),
    ).toBe('Otra');
    expect(await again.getByRole('textbox', { name: 'Escribe tu universidad' }).inputValue()).toBe(
      'Universidad del Atlántico Medio',
    );
    expect(await again.getByRole('textbox', { name: 'Escribe tu campus' }).inputValue()).toBe(
      'Campus de Tafira',
    );
    const saved = (await api(baseUrl, teacher.jwt, path)).data[0]!.attributes;
    expect(saved).toMatchObject({
      other_university: 'Universidad del Atlántico Medio',
      other_campus: 'Campus de Tafira',
      university: { data: null },
      campus: { data: null },
      degrees: { data: [] },
    });
    expect(browser.consoleErrors).toEqual([]);
  });
});
