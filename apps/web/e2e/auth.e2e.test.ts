import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';
import { DEMO, DEMO_PASSWORD, apiSignIn, currentPrivacyVersion } from './support/session';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const DAY_SECONDS = 24 * 60 * 60;
/** A password the API's policy accepts (12+ characters, not common, not the owner's name). */
const NEW_PASSWORD = 'faro verde sobre el acantilado';

/** A fresh address per call, so every run and every test makes its own account. */
function freshEmail(label: string): string {
  return `e2e.${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;
}

interface OutboxEntry {
  id: number;
  attributes: { template: string; recipient: string; text?: string; createdAt: string };
}

/**
 * The link of the newest email of `template` sent to `email`, read from the outbox with an admin
 * token (the e2e server has no SMTP server: every email waits there).
 */
async function linkFromOutbox(
  baseUrl: string,
  adminJwt: string,
  email: string,
  template: 'confirmation' | 'reset' | 'login',
): Promise<string> {
  const headers = { authorization: `Bearer ${adminJwt}` };
  const query = new URLSearchParams({
    'filters[recipient][$eqi]': email,
    'pagination[pageSize]': '20',
  });
  const list = await fetch(`${baseUrl}/api/admin/outbox?${query}`, { headers });
  expect(list.status, 'GET /api/admin/outbox').toBe(200);
  const { data } = (await list.json()) as { data: OutboxEntry[] };
  const entry = data.find((e) => e.attributes.template === template);
  expect(entry, `a ${template} email to ${email} in the outbox`).toBeTruthy();
  const one = await fetch(`${baseUrl}/api/admin/outbox/${entry!.id}`, { headers });
  const { data: full } = (await one.json()) as { data: OutboxEntry };
  const links = full.attributes.text?.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
  const link = links.find((l) => l.startsWith(baseUrl));
  expect(link, `a link to ${baseUrl} in the ${template} email`).toBeTruthy();
  return link!;
}

/** Signs up through the API (`register-partialy`): an unconfirmed account. */
async function apiRegister(baseUrl: string, email: string, profileType = 'student') {
  const response = await fetch(`${baseUrl}/api/users-permissions/register-partialy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      data: {
        email,
        name: 'Prueba',
        surname: 'E2E',
        password: NEW_PASSWORD,
        profileType,
        privacyAccepted: true,
        privacyVersion: await currentPrivacyVersion(baseUrl),
      },
    }),
  });
  expect(response.status, `register ${email}`).toBe(200);
}

/** The login form of the page (the header has its own "Iniciar sesión" entries). */
async function signInThroughForm(
  page: Page,
  identifier: string,
  password: string,
  remember = false,
) {
  const main = page.locator('main');
  await main.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
  await main.getByLabel('Correo electrónico o nombre de usuario').fill(identifier);
  await main.getByLabel('Contraseña', { exact: true }).fill(password);
  if (remember) await main.getByLabel('Recordarme en este dispositivo').check();
  await main.getByRole('button', { name: 'Iniciar sesión' }).click();
}

async function waitForPath(page: Page, baseUrl: string, path: string) {
  await page.waitForURL((url) => url.origin === baseUrl && url.pathname === path);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

describe('sign-in screens', () => {
  const browser = useBrowser();
  let adminJwt = '';

  beforeAll(async () => {
    adminJwt = (await apiSignIn(browser.baseUrl, DEMO.admin)).jwt;
  });

  describe('login errors', () => {
    it('a wrong password says "Credenciales incorrectas" and opens no session', async () => {
      const { page, context } = browser;
      await page.goto('/user/auth/login');
      await signInThroughForm(page, DEMO.student, 'esta no es la contraseña');
      const alert = page.locator('main').getByRole('alert');
      await expect(alert.textContent()).resolves.toBe('Credenciales incorrectas');
      expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
      await checkA11y(page);
    });

    it('an unconfirmed account says "Es necesario que verifiques tu email" and can ask for a new link', async () => {
      const email = freshEmail('sin-confirmar');
      await apiRegister(browser.baseUrl, email);
      const { page } = browser;
      await page.goto('/user/auth/login');
      await signInThroughForm(page, email, NEW_PASSWORD);
      const main = page.locator('main');
      await expect(main.getByRole('alert').first().textContent()).resolves.toBe(
        'Es necesario que verifiques tu email',
      );
      const resend = main.getByRole('region', {
        name: '¿No te ha llegado el correo de confirmación?',
      });
      await expect(resend.getByLabel('Correo electrónico').inputValue()).resolves.toBe(email);
      await resend.getByRole('button', { name: 'Reenviar el correo de confirmación' }).click();
      await resend.getByText(/te hemos enviado un nuevo enlace de confirmación/).waitFor();
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'login-unconfirmed.png'), fullPage: true });
      await checkA11y(page);
    });
  });

  describe('remember me', () => {
    it('when ticked, the token cookie lasts 30 days', async () => {
      const { page, context, baseUrl } = browser;
      await page.goto('/user/auth/login');
      await signInThroughForm(page, DEMO.student, DEMO_PASSWORD, true);
      await waitForPath(page, baseUrl, '/projects');
      const cookies = await context.cookies();
      const token = cookies.find((c) => c.name === 'token');
      expect(token, 'token cookie').toBeTruthy();
      const days = (token!.expires - Date.now() / 1000) / DAY_SECONDS;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30.01);
      expect(token!.sameSite).toBe('Lax');
      expect(cookies.find((c) => c.name === 'rememberMe')?.value).toBe('true');
      // The API's refresh cookie (ADR 0055): out of scripts' reach, sent only to /auth.
      const refresh = cookies.find((c) => c.name === 'refreshToken');
      expect(refresh!.expires).toBeGreaterThan(Date.now() / 1000 + 29.9 * DAY_SECONDS);
      expect(refresh).toMatchObject({ httpOnly: true, path: '/auth', sameSite: 'Strict' });
      expect(await page.evaluate(() => document.cookie)).not.toContain('refreshToken');
    });

    it('when not ticked, the token cookie is a session cookie', async () => {
      const { page, context, baseUrl } = browser;
      await page.goto('/user/auth/login');
      await signInThroughForm(page, DEMO.student, DEMO_PASSWORD);
      await waitForPath(page, baseUrl, '/projects');
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === 'token')?.expires).toBe(-1);
      expect(cookies.find((c) => c.name === 'refreshToken')?.expires).toBe(-1);
      expect(cookies.find((c) => c.name === 'rememberMe')).toBeUndefined();
    });
  });

  describe('redirects', () => {
    it('a signed-out visit to /profile goes to the login page, which returns to /profile', async () => {
      const { page, baseUrl } = browser;
      await page.goto('/profile');
      await waitForPath(page, baseUrl, '/user/auth/login');
      expect(new URL(page.url()).search).toBe('?redirect=%2Fprofile');
      await signInThroughForm(page, DEMO.student, DEMO_PASSWORD);
      await waitForPath(page, baseUrl, '/profile');
    });

    it("the outbox's former address leads, after signing in, to the outbox in the settings", async () => {
      const { page, baseUrl } = browser;
      await page.goto('/admin/outbox');
      await waitForPath(page, baseUrl, '/user/auth/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/ajustes/correo');
      await signInThroughForm(page, DEMO.admin, DEMO_PASSWORD);
      await waitForPath(page, baseUrl, '/admin/ajustes/correo');
      await page.getByRole('heading', { level: 2, name: 'Correo saliente' }).waitFor();
    });

    it.each([
      [DEMO.student, '/projects'],
      [DEMO.teacher, '/projects'],
      [DEMO.coordinator, '/organizations'],
      // The administration home, not spec §2's public home (ADR 0066).
      [DEMO.admin, '/admin'],
    ])('without a target, %s lands on %s', async (email, home) => {
      const { page, baseUrl } = browser;
      await page.goto('/user/auth/login');
      await signInThroughForm(page, email, DEMO_PASSWORD);
      await waitForPath(page, baseUrl, home);
    });

    it.each(['https://example.org/robar', '//example.org/robar'])(
      'a target of another site (%s) is ignored',
      async (target) => {
        const { page, baseUrl } = browser;
        await page.goto(`/user/auth/login?redirect=${encodeURIComponent(target)}`);
        await signInThroughForm(page, DEMO.student, DEMO_PASSWORD);
        await waitForPath(page, baseUrl, '/projects');
        expect(new URL(page.url()).origin).toBe(baseUrl);
      },
    );

    it('a signed-in visitor of the login page is sent to their home', async () => {
      const { page, baseUrl } = browser;
      await page.goto('/user/auth/login');
      await signInThroughForm(page, DEMO.coordinator, DEMO_PASSWORD);
      await waitForPath(page, baseUrl, '/organizations');
      await page.goto('/user/auth/login');
      await waitForPath(page, baseUrl, '/organizations');
    });
  });

  it('registration with ?profile=student, confirmation through the emailed link, then sign-in', async () => {
    const { page, context, baseUrl } = browser;
    const email = freshEmail('registro');
    await page.goto('/register?profile=student');
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: 'Registrarse' }).waitFor();
    await expect(main.getByRole('radio', { name: /Estudiante/ }).isChecked()).resolves.toBe(true);

    // The policy to accept can be read: the branding's address (the demo's is /privacidad)
    // opens the platform's own page in a new tab, not the not-found page.
    const [policy] = await Promise.all([
      context.waitForEvent('page'),
      main.getByRole('link', { name: /leer la política de privacidad/ }).click(),
    ]);
    await policy.waitForURL((url) => url.pathname === '/privacidad');
    await policy.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
    await policy.getByText(/El responsable del tratamiento es Red de universidades/).waitFor();
    await policy.close();

    await main.getByLabel('Nombre', { exact: true }).fill('Lucía');
    await main.getByLabel('Apellidos').fill('Martín Sanz');
    await main.getByLabel('Correo electrónico').fill(email);
    await main.getByLabel('Contraseña', { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel('Repite la contraseña').fill(NEW_PASSWORD);
    await main.getByLabel('He leído y acepto la política de privacidad').check();
    await main.getByRole('button', { name: 'Crear mi cuenta' }).click();

    await main.getByRole('heading', { level: 1, name: 'Revisa tu correo' }).waitFor();
    await main.getByText(email).waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'register-sent.png'), fullPage: true });
    await checkA11y(page);
    const userId = await page.evaluate(() =>
      Object.keys(localStorage).find((key) => key.startsWith('welcome:')),
    );
    expect(userId, 'the welcome flag for the new user').toMatch(/^welcome:\d+$/);

    const link = await linkFromOutbox(baseUrl, adminJwt, email, 'confirmation');
    await page.goto(link);
    await waitForPath(page, baseUrl, '/user/auth/login');
    expect(new URL(page.url()).searchParams.get('confirmed')).toBe('true');
    await main.getByText('Tu correo está confirmado. Ya puedes iniciar sesión.').waitFor();
    await checkA11y(page);

    await signInThroughForm(page, email, NEW_PASSWORD);
    await waitForPath(page, baseUrl, '/projects');

    // The consent is recorded: who, when and which version of the privacy text.
    const query = new URLSearchParams({
      'filters[user][email][$eqi]': email,
      populate: 'legalTextVersion',
    });
    const consents = await fetch(`${baseUrl}/api/legal-consents?${query}`, {
      headers: { authorization: `Bearer ${adminJwt}` },
    });
    expect(consents.status).toBe(200);
    const { data } = (await consents.json()) as {
      data: {
        attributes: {
          acceptedAt: string;
          policyUrl: string | null;
          legalTextVersion: { data: { attributes: { version: number; title: string } } };
        };
      }[];
    };
    expect(data).toHaveLength(1);
    expect(data[0]!.attributes.legalTextVersion.data.attributes.version).toBe(
      await currentPrivacyVersion(baseUrl),
    );
    expect(data[0]!.attributes.policyUrl).toBe('/privacidad');
    expect(Date.now() - new Date(data[0]!.attributes.acceptedAt).getTime()).toBeLessThan(120_000);
  });

  it('registration without ticking the privacy policy is refused by the server too', async () => {
    const { baseUrl } = browser;
    const response = await fetch(`${baseUrl}/api/users-permissions/register-partialy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        data: {
          email: freshEmail('sin-consentimiento'),
          name: 'Prueba',
          password: NEW_PASSWORD,
          profileType: 'student',
        },
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { details: { errors: { path: string[] }[] } };
    };
    expect(body.error.details.errors.map((e) => e.path[0])).toEqual(
      expect.arrayContaining(['privacyAccepted', 'privacyVersion']),
    );
  });

  it('an expired or unknown confirmation link says so and offers a new one', async () => {
    const { page, baseUrl } = browser;
    await page.goto('/api/auth/email-confirmation?confirmation=no-existe');
    await waitForPath(page, baseUrl, '/user/auth/login');
    const notice = page.getByRole('region', { name: 'No hemos podido confirmar tu correo' });
    await notice.getByRole('button', { name: 'Enviarme un enlace nuevo' }).waitFor();
    await checkA11y(page);
  });

  it('forgotten password: the emailed link sets a new password and opens a session', async () => {
    const { page, context, baseUrl } = browser;
    const email = freshEmail('olvido');
    await apiRegister(baseUrl, email);
    await page.goto('/user/auth/login');
    await page.locator('main').getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
    await waitForPath(page, baseUrl, '/forgot-password');
    const main = page.locator('main');
    await main.getByLabel('Correo electrónico').fill(email);
    await main.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await main.getByText(/Si existe una cuenta con ese correo/).waitFor();

    const link = await linkFromOutbox(baseUrl, adminJwt, email, 'reset');
    expect(new URL(link).pathname).toBe('/reset-password');
    await page.goto(link);
    await main.getByRole('heading', { level: 1, name: 'Crea una contraseña nueva' }).waitFor();
    const chosen = `${NEW_PASSWORD} otra vez`;
    await main.getByLabel('Nueva contraseña', { exact: true }).fill(chosen);
    await main.getByLabel('Repite la nueva contraseña').fill(chosen);
    await main.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await waitForPath(page, baseUrl, '/projects');
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeTruthy();

    // The link is spent: opening it again says so.
    await context.clearCookies();
    await page.goto(link);
    await main.getByLabel('Nueva contraseña', { exact: true }).fill(chosen);
    await main.getByLabel('Repite la nueva contraseña').fill(chosen);
    await main.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await main
      .getByRole('alert')
      .getByText('El enlace para restablecer la contraseña ha caducado o ya se ha usado.')
      .waitFor();

    // And the new password signs in (the reset confirmed the account too).
    await page.goto('/user/auth/login');
    await signInThroughForm(page, email, chosen);
    await waitForPath(page, baseUrl, '/projects');
  });

  it('sign-in link: requested on the login page, it opens a session once', async () => {
    const { page, context, baseUrl } = browser;
    await page.goto('/user/auth/login');
    const main = page.locator('main');
    await main
      .getByRole('button', { name: 'Entrar sin contraseña: recibir un enlace por correo' })
      .click();
    await main.getByLabel('Correo electrónico', { exact: true }).fill(DEMO.teacher);
    await main.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await main
      .getByText(/Si existe una cuenta con ese correo, te hemos enviado un enlace/)
      .waitFor();

    const link = await linkFromOutbox(baseUrl, adminJwt, DEMO.teacher, 'login');
    await page.goto(link);
    await waitForPath(page, baseUrl, '/projects');
    expect((await context.cookies()).find((c) => c.name === 'token')?.expires).toBe(-1);

    await context.clearCookies();
    await page.goto(link);
    await main
      .getByText('El enlace para entrar ha caducado o ya se ha usado.', { exact: false })
      .waitFor();
    expect(new URL(page.url()).searchParams.has('loginToken')).toBe(false);
  });

  describe('accessibility and screenshots', () => {
    const PAGES = [
      ['login', '/user/auth/login', 'Iniciar sesión'],
      ['register', '/register?profile=student', 'Registrarse'],
      ['forgot-password', '/forgot-password', '¿Has olvidado tu contraseña?'],
      ['reset-password', '/reset-password?code=ejemplo', 'Crea una contraseña nueva'],
    ] as const;

    it.each(PAGES)('%s has no violations at 1280 and 360 px wide', async (name, path, title) => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const { page } = browser;
      for (const [suffix, viewport] of [
        ['', { width: 1280, height: 800 }],
        ['-mobile', { width: 360, height: 740 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await page.locator('main').getByRole('heading', { level: 1, name: title }).waitFor();
        await settle(page);
        await checkA11y(page);
        await page.screenshot({ path: join(SCREENSHOTS, `${name}${suffix}.png`), fullPage: true });
        // No sideways scrolling at 360 px.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
      }
    });

    it('the registration form with every error shown has no violations', async () => {
      const { page } = browser;
      await page.goto('/register');
      const main = page.locator('main');
      await main.getByRole('button', { name: 'Crear mi cuenta' }).click();
      await main.getByText('Aceptar este campo es obligatorio.').waitFor();
      // The first invalid field (the profile choice) has the focus.
      await expect(
        page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value),
      ).resolves.toBe('student');
      await settle(page);
      await checkA11y(page);
      await page.screenshot({ path: join(SCREENSHOTS, 'register-errors.png'), fullPage: true });
    });

    it('the login form works with the keyboard alone', async () => {
      const { page, baseUrl } = browser;
      await page.goto('/user/auth/login');
      const main = page.locator('main');
      await main.getByLabel('Correo electrónico o nombre de usuario').focus();
      await page.keyboard.type(DEMO.teacher);
      await page.keyboard.press('Tab');
      await page.keyboard.type(DEMO_PASSWORD);
      await page.keyboard.press('Enter');
      await waitForPath(page, baseUrl, '/projects');
    });
  });
});
