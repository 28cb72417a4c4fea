import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { waitForEmail } from './support/mailbox';
import { apiSignIn, DEMO, DEMO_PASSWORD, signInAs } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

/** A one-page PDF, enough for the upload's content detection. */
const CV_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * A confirmed student of a university, with province and phone (no welcome modal), created by the
 * admin through the API (`POST /api/users`, then their student record).
 */
async function createStudent(baseUrl: string, email: string) {
  const admin = await apiSignIn(baseUrl, DEMO.admin);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${admin.jwt}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(
      300,
    );
    return (await response.json()) as Record<string, unknown>;
  };
  const user = await call('POST', '/api/users', {
    username: email.split('@')[0],
    email,
    password: DEMO_PASSWORD,
    name: 'Irene',
    surname: 'Sáez Molina',
    phone: '+34 600 111 222',
    profileType: 'student',
  });
  const found = (await call('GET', `/api/students?filters[user][id][$eq]=${String(user.id)}`)) as {
    data: { id: number }[];
  };
  const studentId = found.data[0]?.id;
  expect(studentId).toBeGreaterThan(0);
  // A student of a university: only they have a communication centre (spec §4).
  const universities = (await call(
    'GET',
    `/api/universities/names?filters[name][$contains]=${encodeURIComponent('Universidad de Murcia')}`,
  )) as { data: { id: number }[] };
  const universityId = universities.data[0]?.id;
  expect(universityId).toBeGreaterThan(0);
  await call('PUT', `/api/students/${String(studentId)}`, {
    data: {
      province: 'Murcia',
      student_area: 'Educación y Magisterio',
      study_type: 'Grado',
      university: universityId,
    },
  });
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `projects-${name}.png`), fullPage: true });

/** The heading of the page, once it is there. */
async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/**
 * The core of the product in one journey (issue 6): a coordinator publishes a project, the admin
 * validates and publishes it, a student finds it through a facet, saves it and applies with a CV,
 * the coordinator preselects and selects the student, the admin assigns a tutor, and the student
 * sees every step in the profile; every email arrives in the SMTP sink.
 */
describe('project journey', () => {
  const browser = useBrowser();
  // Unique per run: the journey may run against a database that already holds an earlier one.
  const run = Date.now().toString(36);
  const title = `Huerto escolar accesible ${run}`;
  // A student of its own, so the demo student's applications and notices, which other journeys
  // read, stay as the seed left them.
  const student = `estudiante.huerto.${run}@demo.es`;
  let projectId = 0;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await createStudent(browser.baseUrl, student);
  });

  it('a coordinator publishes a project through the form and sends it to review', async () => {
    const { page } = browser;
    await signInAs(browser.context, browser.baseUrl, DEMO.coordinator);
    await page.goto('/projects/create');
    await heading(page, 'Publica tu proyecto');

    // Step 1: el proyecto. Going on with nothing filled in is refused.
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Este campo es obligatorio.').first().waitFor();
    await page.getByLabel('Título del proyecto').fill(title);
    await page.getByRole('radio', { name: 'Impacto social' }).check();
    await page
      .getByLabel('Descripción')
      .fill(
        'Un huerto en el patio del colegio que todo el alumnado pueda cuidar, también en silla de ruedas.',
      );
    await checkA11y(page);
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2: impacto y perfil.
    await page
      .getByRole('textbox', { name: 'Objetivos', exact: true })
      .fill('Diseñar bancales accesibles y un plan de riego.');
    await page.getByRole('checkbox', { name: /^4\. Educación de calidad/ }).check();
    await page.getByRole('checkbox', { name: /^11\. Ciudades y comunidades sostenibles/ }).check();
    await page
      .getByLabel('Perfil académico que buscas')
      .fill('Arquitectura, Magisterio o Ciencias Ambientales.');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 3: condiciones.
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

    // Step 4: dónde y quién. A remote project needs no province.
    await page
      .getByRole('radiogroup', { name: 'Modalidad' })
      .getByRole('radio', { name: 'Remoto' })
      .check();
    await page.getByRole('checkbox', { name: 'Educación y Magisterio' }).check();
    await checkA11y(page);
    await shot(page, 'create-last-step');
    await page.getByRole('button', { name: 'Enviar a revisión' }).click();

    // The coordinator's list shows it waiting for validation.
    await page.waitForURL((url) => url.pathname === '/organizations');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Por validar').waitFor();
    const link = await row.getByRole('link', { name: `Ver «${title}»` }).getAttribute('href');
    projectId = Number(/\/projects\/(\d+)/.exec(link ?? '')?.[1]);
    expect(projectId).toBeGreaterThan(0);
    await checkA11y(page);
    await shot(page, 'coordinator-list');
    expect(browser.consoleErrors).toEqual([]);
  });

  it('the admin validates and publishes it, and the coordinator is told each time', async () => {
    const { page } = browser;
    await signInAs(browser.context, browser.baseUrl, DEMO.admin);
    await page.goto(`/projects/${projectId}`);
    await heading(page, title);
    await page.getByRole('button', { name: 'Validar' }).click();
    await page.getByText('Validada', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Publicar' }).click();
    await page.getByText('Publicada', { exact: true }).first().waitFor();
    await checkA11y(page);
    await shot(page, 'admin-detail');

    await waitForEmail(DEMO.coordinator, new RegExp(`${title}.*Validada`));
    await waitForEmail(DEMO.coordinator, new RegExp(`${title}.*Publicada`));
    expect(browser.consoleErrors).toEqual([]);
  });

  it('a student finds it through a facet, saves it and applies with a CV', async () => {
    const { page } = browser;
    await signInAs(browser.context, browser.baseUrl, student);
    await page.goto('/projects');
    await heading(page, 'Proyectos');
    const remote = page.getByRole('checkbox', { name: /^Remoto/ });
    await remote.click();
    await page.waitForURL((url) => url.searchParams.getAll('presentiality').includes('Remoto'));
    await expect.poll(() => remote.isChecked()).toBe(true);
    const card = page.getByRole('link', { name: title });
    await card.waitFor();
    await checkA11y(page);
    await shot(page, 'catalogue-facet');

    // The search is in the URL: opening it again shows the same result.
    await page.reload();
    await card.waitFor();
    await card.click();
    await heading(page, title);
    const save = page.getByRole('button', { name: `Guardar: «${title}»` });
    await save.click();
    // The button says it, seen and heard; a toast confirms it.
    await page.getByRole('button', { name: `Guardado: «${title}»` }).waitFor();
    await page
      .getByRole('region', { name: /^Confirmaciones/ })
      .getByText(`Has guardado «${title}».`, { exact: false })
      .waitFor();

    await page.getByRole('link', { name: 'Inscribirme' }).click();
    await page.waitForURL(`**/projects/${projectId}/inscripcion`);
    // The Spanish "Elegir archivo" button opens the browser's file chooser.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /Tu CV en PDF/ }).click();
    await (
      await chooser
    ).setFiles({
      name: 'cv-irene.pdf',
      mimeType: 'application/pdf',
      buffer: CV_PDF,
    });
    await page.getByText('cv-irene.pdf').first().waitFor();
    await page
      .getByLabel('¿Qué te interesa de este proyecto?')
      .fill('La accesibilidad de los espacios escolares.');
    await page
      .getByLabel('¿Qué te motiva a participar?')
      .fill('Quiero que mi TFG sirva a un colegio real.');
    await page
      .getByLabel('¿Por qué eres un buen candidato o candidata?')
      .fill('He diseñado huertos urbanos como voluntaria.');
    await page.getByLabel('Disponibilidad').fill('Desde enero, 10 horas a la semana.');
    await checkA11y(page);
    await shot(page, 'apply-form');
    // Deadline day (ADRs 0068, 0070): the first attempt finds the API full (503 with
    // Retry-After), the second is stored but its answer is lost on the way back, the third gets
    // the first one's answer again. One key for all three, one application stored, and what the
    // student wrote stays on the screen meanwhile.
    const keys: (string | undefined)[] = [];
    let replayed: string | undefined;
    await page.route('**/api/applys', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push((await route.request().headerValue('idempotency-key')) ?? undefined);
      if (keys.length === 1) {
        return route.fulfill({
          status: 503,
          headers: { 'retry-after': '1', 'content-type': 'application/json' },
          body: JSON.stringify({
            data: null,
            error: { status: 503, name: 'ServiceUnavailableError', message: 'Busy', details: {} },
          }),
        });
      }
      if (keys.length === 2) {
        const stored = await route.fetch();
        expect(stored.status()).toBeLessThan(300);
        return route.abort('connectionreset');
      }
      const answer = await route.fetch();
      replayed = answer.headers()['idempotent-replayed'];
      return route.fulfill({ response: answer });
    });
    await page.getByRole('button', { name: /Enviar (mi )?candidatura/ }).click();
    await page.getByText('Hay mucha gente ahora mismo, lo intentamos de nuevo…').waitFor();
    expect(await page.getByLabel('Disponibilidad').inputValue()).toBe(
      'Desde enero, 10 horas a la semana.',
    );
    await shot(page, 'apply-retrying');
    await page
      .getByText(/candidatura.*enviad/i)
      .first()
      .waitFor();
    await page.unroute('**/api/applys');
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    expect(new Set(keys).size).toBe(1);
    expect(replayed).toBe('true');
    const admin = await apiSignIn(browser.baseUrl, DEMO.admin);
    // The project is this journey's own: the student's is its only application.
    const stored = await fetch(
      `${browser.baseUrl}/api/applys?filters[project][id][$eq]=${projectId}`,
      { headers: { authorization: `Bearer ${admin.jwt}` } },
    );
    expect(((await stored.json()) as { data: unknown[] }).data).toHaveLength(1);

    await waitForEmail(student, new RegExp(`Hemos recibido tu candidatura a «${title}»`));
    await waitForEmail(DEMO.coordinator, new RegExp(`Nueva candidatura a «${title}»`));

    // Back in the catalogue the card says so.
    await page.goto('/projects?presentiality=Remoto');
    const found = page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: title }) });
    await found.getByText('Inscrito').waitFor();
    await found.getByRole('button', { name: `Guardado: «${title}»` }).waitFor();
    // The browser reports the two failed attempts it was told of; nothing else went wrong.
    expect(
      browser.consoleErrors.filter(
        (error) => !/^Failed to load resource.*\/api\/applys\)$/.test(error),
      ),
    ).toEqual([]);
  });

  it('the coordinator reviews the candidate, preselects and then selects them', async () => {
    const { page } = browser;
    await signInAs(browser.context, browser.baseUrl, DEMO.coordinator);
    await page.goto('/organizations');
    await page
      .getByRole('link', { name: `Candidaturas de «${title}»` })
      .first()
      .click();
    await page.waitForURL(`**/projects/${projectId}/candidaturas`);
    const status = page.getByLabel('Estado de la candidatura', { exact: true });
    await status.waitFor();
    await checkA11y(page);
    await shot(page, 'candidates');

    await status.selectOption('Preseleccionado');
    await page
      .getByLabel(/Mensaje para el estudiante/)
      .first()
      .fill('Nos encaja tu experiencia: hablamos pronto.');
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    await waitForEmail(student, new RegExp(`«${title}»: Preseleccionado`));

    await status.selectOption('Seleccionado');
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    await waitForEmail(student, new RegExp(`«${title}»: Seleccionado`));
    await waitForEmail(student, new RegExp(`Te han seleccionado para «${title}»`));
    expect(browser.consoleErrors).toEqual([]);
  });

  it('the admin assigns a tutor to the selected application', async () => {
    const { page } = browser;
    await signInAs(browser.context, browser.baseUrl, DEMO.admin);
    await page.goto('/projects/asignations');
    const row = page
      .getByRole('listitem')
      .filter({ hasText: `«${title}»` })
      .first();
    await row.waitFor();
    const tutor = row.getByRole('combobox');
    await tutor.fill('Carmen');
    await page.getByRole('option', { name: /Carmen López Fernández/ }).click();
    await row.getByRole('button', { name: /Asignar|Guardar/ }).click();
    await row
      .getByText(/Carmen López Fernández/)
      .first()
      .waitFor();
    await checkA11y(page);
    await shot(page, 'asignations');
    await waitForEmail(student, /tutor/i);
    expect(browser.consoleErrors).toEqual([]);
  });

  it('the student sees every step in the profile', async () => {
    const { page } = browser;
    await signInAs(browser.context, browser.baseUrl, student);

    await page.goto('/profile?section=applys');
    const application = page.getByRole('listitem').filter({ hasText: title }).first();
    await application.getByText('Seleccionado').first().waitFor();
    await checkA11y(page);
    await shot(page, 'profile-applys');

    await page.goto('/profile?section=projects');
    await page.getByRole('listitem').filter({ hasText: title }).first().waitFor();

    await page.goto('/profile?section=ongoing');
    const ongoing = page.getByRole('listitem').filter({ hasText: title }).first();
    await ongoing.getByText(/Carmen López Fernández/).waitFor();
    await checkA11y(page);
    await shot(page, 'profile-ongoing');

    await page.goto('/profile?section=notifications');
    for (const status of ['Seleccionado', 'Preseleccionado']) {
      await page
        .getByText(new RegExp(`${title}.*${status}|${status}.*${title}`))
        .first()
        .waitFor();
    }
    await shot(page, 'profile-notifications');
    expect(browser.consoleErrors).toEqual([]);
  });
});

/** A 1×1 PNG, for the logo. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A coordinator without an organisation creates theirs from the welcome (issue 6 Organisations):
 * the form in three steps with a logo, then their projects area; the private contact stays with
 * them and the admins.
 */
describe('organisation creation', () => {
  const browser = useBrowser();
  const run = Date.now().toString(36);
  const coordinator = `coordinadora.${run}@demo.es`;
  const name = `Cooperativa Raíces ${run}`;

  beforeAll(async () => {
    const admin = await apiSignIn(browser.baseUrl, DEMO.admin);
    const response = await fetch(`${browser.baseUrl}/api/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `coordinadora.${run}`,
        email: coordinator,
        password: DEMO_PASSWORD,
        name: 'Elena',
        surname: 'Pardo Ruiz',
        profileType: 'coordinator',
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
  });

  it('goes from the welcome through the form to their projects, with the contact kept private', async () => {
    const { page } = browser;
    await signInAs(browser.context, browser.baseUrl, coordinator);
    await page.goto('/');
    await page
      .getByRole('dialog', { name: '¡Estás dentro!' })
      .getByRole('link', { name: 'Crear mi organización' })
      .click();
    await page.waitForURL((url) => url.pathname === '/organizations/create');
    await page.getByRole('heading', { name: /Vuestra organización/ }).waitFor();

    await page.getByLabel('Nombre de la organización').fill(name);
    await page.getByLabel('Tipo de organización').selectOption('Asociación');
    await page.getByLabel('Sector', { exact: true }).selectOption('Educación');
    await page.getByRole('radio', { name: '1-9 personas' }).check();
    await page
      .getByLabel('Descripción')
      .fill('Huertos y cocina de temporada con jóvenes del barrio.');
    await checkA11y(page);
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await page.getByRole('heading', { name: /Dónde encontraros/ }).waitFor();
    await page.getByLabel('Provincia').selectOption('Murcia');
    const logoChooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /^Logo/ }).click();
    await (
      await logoChooser
    ).setFiles({
      name: 'logo-raices.png',
      mimeType: 'image/png',
      buffer: LOGO_PNG,
    });
    await page.getByText('logo-raices.png').first().waitFor();
    await page.getByLabel('¿Cómo nos habéis conocido?').selectOption('Linkedin');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await page.getByRole('heading', { name: /Contacto privado/ }).waitFor();
    await page.getByLabel('Persona de contacto').fill('Elena Pardo');
    await page.getByLabel('Correo electrónico de contacto').fill('hola@raices.example');
    await page.getByLabel('Teléfono de contacto').fill('+34 968 000 111');
    await checkA11y(page);
    await shot(page, 'organization-create');
    await page.getByRole('button', { name: 'Crear organización' }).click();

    // Their projects area, and the header now offers publishing.
    await page.waitForURL((url) => url.pathname === '/organizations');
    await page.getByRole('link', { name: 'Publicar mi proyecto' }).first().waitFor();
    await checkA11y(page);
    expect(browser.consoleErrors).toEqual([]);

    // The organisation is public; its contact is not, except to its own coordinator.
    const found = (await (
      await fetch(
        `${browser.baseUrl}/api/organizations?filters[name][$eq]=${encodeURIComponent(name)}`,
      )
    ).json()) as { data: { id: number; attributes: Record<string, unknown> }[] };
    const organization = found.data[0];
    expect(organization?.attributes.name).toBe(name);
    expect(organization?.attributes).not.toHaveProperty('contact_phone');
    const own = await apiSignIn(browser.baseUrl, coordinator);
    const mine = (await (
      await fetch(`${browser.baseUrl}/api/organizations/${organization?.id ?? 0}`, {
        headers: { authorization: `Bearer ${own.jwt}` },
      })
    ).json()) as { data: { attributes: Record<string, unknown> } };
    expect(mine.data.attributes.contact_mail).toBe('hola@raices.example');
  });
});
