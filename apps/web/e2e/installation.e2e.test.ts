import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { checkA11y, useBrowser } from './support/browser';

/*
 * A university installs the platform for real (ADR 0063, 0064, 0065): the built server on an empty
 * database without demo data prints a setup link; the first administrator sets it up in the
 * browser, loads the catalogue from a file, and a student registers. Then a production install
 * (`npm ci --omit=dev` of the built tree) migrates, makes its administrator with
 * `npm run admin:create` and serves. On the embedded database; on PostgreSQL when
 * TEST_DATABASE_URL is set (CI's PostgreSQL pass runs this file again).
 */

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const ADMIN = { name: 'Marta', surname: 'Ruiz Soler', email: 'ti@universidad-e2e.es' };
const ADMIN_PASSWORD = 'Una frase larga para administrar';
const STUDENT_PASSWORD = 'Otra frase larga para estudiar';
const READY_TIMEOUT_MS = 180_000;

const workDirs: string[] = [];
const databases: string[] = [];
const running: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map(stop));
  const url = process.env.TEST_DATABASE_URL;
  if (url && databases.length > 0) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const name of databases)
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

function workDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  workDirs.push(dir);
  return dir;
}

/**
 * Where an installation keeps its data: a new PostgreSQL database on TEST_DATABASE_URL's server,
 * or a new embedded one in `dataDir` (without demo data: DEMO_DATA=0).
 */
async function emptyDatabase(label: string, dataDir: string): Promise<NodeJS.ProcessEnv> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { DATA_DIR: dataDir, DEMO_DATA: '0' };
  const name = `e2e_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  databases.push(name);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: target.toString(),
    JWT_SECRET: 'a-secret-of-the-installation-journey-0123456789',
  };
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object'
          ? resolvePort(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

/** The environment of a process of the installation: nothing of this run's npm or database. */
function cleanEnvironment(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) || ['DATABASE_URL', 'TEST_DATABASE_URL', 'NODE_ENV'].includes(key))
      continue;
    if (['WEB_DIST_DIR', 'UPLOAD_DIR', 'JWT_SECRET', 'DEMO_DATA', 'DATA_DIR'].includes(key))
      continue;
    env[key] = value;
  }
  return { ...env, LOG_LEVEL: 'warn', RATE_LIMITS: 'off', ...extra };
}

interface Started {
  child: ChildProcess;
  output: () => string;
}

/** Starts a command of the installation, its own process group (so it stops whole). */
function start(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return { child, output: () => output };
}

/** Runs a command to its end; answers its output, failing the test on a non-zero exit. */
async function runToEnd(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  input = '',
): Promise<string> {
  const run = start(command, args, cwd, env);
  run.child.stdin?.end(input);
  const code = await new Promise<number | null>((done) => run.child.once('exit', done));
  expect([`${command} ${args.join(' ')}`, code, code === 0 ? '' : run.output()]).toEqual([
    `${command} ${args.join(' ')}`,
    0,
    '',
  ]);
  return run.output();
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Waits until the server answers /readyz, or fails with what it printed. */
async function waitUntilReady(server: Started, baseUrl: string): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < READY_TIMEOUT_MS) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server was not ready in time:\n${server.output()}`);
}

async function signIn(baseUrl: string, identifier: string, password: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  expect([identifier, answer.status]).toEqual([identifier, 200]);
  return ((await answer.json()) as { jwt: string }).jwt;
}

/** The link of the latest email of `template` to `email`, read by an admin from the outbox. */
async function linkFromOutbox(baseUrl: string, jwt: string, email: string, template: string) {
  const headers = { authorization: `Bearer ${jwt}` };
  const query = new URLSearchParams({ 'filters[recipient][$eqi]': email });
  const list = (await (
    await fetch(`${baseUrl}/api/admin/outbox?${query}`, { headers })
  ).json()) as {
    data: { id: number; attributes: { template: string } }[];
  };
  const entry = list.data.find((e) => e.attributes.template === template);
  expect(entry, `a ${template} email to ${email}`).toBeTruthy();
  const one = (await (
    await fetch(`${baseUrl}/api/admin/outbox/${entry!.id}`, { headers })
  ).json()) as {
    data: { attributes: { text: string | null } };
  };
  const link = one.data.attributes.text
    ?.match(/https?:\/\/[^\s<>"')]+/g)
    ?.find((l) => l.startsWith(baseUrl));
  expect(link, `a link in the ${template} email`).toBeTruthy();
  return link!;
}

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe('a university installs the platform', () => {
  const browser = useBrowser();

  it('from an empty database: the setup link, /setup in the browser, the catalogue from a file, a student who registers', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const dir = workDir('install-e2e-');
    const env = cleanEnvironment({
      ...(await emptyDatabase('setup', join(dir, 'data'))),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
    });
    const server = start(process.execPath, ['apps/api/dist/server.js'], REPO_ROOT, env);
    await waitUntilReady(server, baseUrl);

    // The server says, once, where the first administrator is made.
    await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('/setup?token=');
    const setupLink = new RegExp(`${baseUrl}/setup\\?token=[\\w-]+`).exec(server.output())?.[0];
    expect(setupLink).toBeTruthy();
    expect(server.output()).not.toContain('Cuentas de demostración');

    const context = await browser.page
      .context()
      .browser()!
      .newContext({ baseURL: baseUrl, locale: 'es-ES', viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      // Without the token the page refuses, and so does the API.
      await page.goto('/setup');
      await page
        .getByRole('heading', { name: 'No se puede continuar sin un enlace de instalación válido' })
        .waitFor();
      expect((await fetch(`${baseUrl}/api/setup`)).status).toBe(403);

      await page.goto(setupLink!);
      const main = page.locator('main');
      await main.getByRole('heading', { level: 1, name: 'Pon en marcha la plataforma' }).waitFor();
      await checkA11y(page);
      await main.getByLabel('Nombre', { exact: true }).fill(ADMIN.name);
      await main.getByLabel('Apellidos').fill(ADMIN.surname);
      await main.getByLabel('Correo electrónico', { exact: true }).fill(ADMIN.email);
      await main.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
      await main.getByLabel('Repite la contraseña').fill(ADMIN_PASSWORD);
      await main.getByLabel('Nombre de la plataforma').fill('Prácticas con Impacto');
      await main
        .getByRole('textbox', { name: 'Universidad 1', exact: true })
        .fill('Universidad del Journey');
      await main.getByRole('button', { name: 'Añadir otra universidad' }).click();
      await main
        .getByRole('textbox', { name: 'Universidad 2', exact: true })
        .fill('Universidad Politécnica del Journey');
      await screenshot(page, 'installation-setup');
      await main.getByRole('button', { name: 'Crear el administrador y entrar' }).click();

      // Signed in, on the administration home, under the new name.
      await page.waitForURL((url) => url.pathname === '/admin');
      await main.getByRole('heading', { level: 1, name: 'Administración' }).waitFor();
      await expect.poll(() => page.title()).toContain('Prácticas con Impacto');
      await main.getByText('1.0.0').waitFor();
      await checkA11y(page);
      await screenshot(page, 'installation-admin-home');

      // The setup is closed for good.
      expect((await fetch(`${baseUrl}/setup`)).status).toBe(404);
      expect((await fetch(`${baseUrl}/api/setup`)).status).toBe(404);

      // The catalogue from a file, from "Facultades y Grados".
      await page.goto('/campus');
      await main.getByText('Universidad Politécnica del Journey').waitFor();
      await main.getByRole('link', { name: 'Cargar desde un archivo' }).first().click();
      await page.waitForURL((url) => url.pathname === '/campus/load');
      const csv = join(dir, 'catalogo.csv');
      writeFileSync(
        csv,
        [
          'universidad;campus;grado;duracion;tipo',
          'Universidad del Journey;Facultad de Ciencias;Grado en Biología;4;grado',
          'Universidad del Journey;Campus del Mar;Grado en Biología;4;grado',
          'Universidad del Journey;Facultad de Ciencias;Máster en Biotecnología;1;máster',
          'Universidad Politécnica del Journey;Escuela de Ingeniería;Grado en Ingeniería Informática;4;grado',
        ].join('\r\n'),
      );
      await main.locator('input[type=file]').first().setInputFiles(csv);
      await main.getByRole('button', { name: 'Revisar archivo' }).click();
      await main.getByText('Ninguna fila tiene errores.').waitFor();
      await checkA11y(page);
      await main.getByRole('button', { name: 'Cargar 4 filas' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: /^Cargar/ }).click();
      await main.getByRole('heading', { name: 'Resultado de la carga' }).waitFor();
      await screenshot(page, 'installation-catalogue-loaded');

      const adminJwt = await signIn(baseUrl, ADMIN.email, ADMIN_PASSWORD);
      const degrees = (await (
        await fetch(`${baseUrl}/api/degrees?pagination[pageSize]=100`, {
          headers: { authorization: `Bearer ${adminJwt}` },
        })
      ).json()) as { data: { attributes: { name: string } }[] };
      expect(degrees.data.map((d) => d.attributes.name).sort()).toEqual([
        'Grado en Biología',
        'Grado en Ingeniería Informática',
        'Máster en Biotecnología',
      ]);

      // A student registers, confirms the address and signs in.
      const student = await context.browser()!.newContext({ baseURL: baseUrl, locale: 'es-ES' });
      try {
        const studentPage = await student.newPage();
        const email = 'lucia.estudiante@universidad-e2e.es';
        await studentPage.goto('/register?profile=student');
        const form = studentPage.locator('main');
        await form.getByRole('heading', { level: 1, name: 'Registrarse' }).waitFor();
        await studentPage.waitForFunction(() => document.documentElement.dataset.app === 'ready');
        await form.getByLabel('Nombre', { exact: true }).fill('Lucía');
        await form.getByLabel('Apellidos').fill('Martín Sanz');
        await form.getByLabel('Correo electrónico').fill(email);
        await form.getByLabel('Contraseña', { exact: true }).fill(STUDENT_PASSWORD);
        await form.getByLabel('Repite la contraseña').fill(STUDENT_PASSWORD);
        await form.getByLabel('He leído y acepto la política de privacidad').check();
        await form.getByRole('button', { name: 'Crear mi cuenta' }).click();
        await form.getByRole('heading', { level: 1, name: 'Revisa tu correo' }).waitFor();

        await studentPage.goto(await linkFromOutbox(baseUrl, adminJwt, email, 'confirmation'));
        await form.getByText('Tu correo está confirmado. Ya puedes iniciar sesión.').waitFor();
        await form.getByLabel('Correo electrónico o nombre de usuario').fill(email);
        await form.getByLabel('Contraseña', { exact: true }).fill(STUDENT_PASSWORD);
        await form.getByRole('button', { name: 'Iniciar sesión' }).click();
        await studentPage.waitForURL((url) => url.pathname === '/projects');
      } finally {
        await student.close();
      }
    } finally {
      await context.close();
      await stop(server.child);
    }
  }, 400_000);

  it('a production install without development packages: migrations and admin:create from the build, then the built server', async () => {
    const dir = workDir('install-prod-');
    const tree = join(dir, 'plataforma');
    for (const file of ['package.json', 'package-lock.json', '.npmrc', '.env.example']) {
      cpSync(join(REPO_ROOT, file), join(tree, file));
    }
    for (const workspace of ['apps/api', 'apps/web', 'packages/shared']) {
      cpSync(join(REPO_ROOT, workspace, 'package.json'), join(tree, workspace, 'package.json'));
    }
    for (const built of ['apps/api/dist', 'apps/web/dist', 'apps/web/dist-server']) {
      cpSync(join(REPO_ROOT, built), join(tree, built), { recursive: true });
    }
    const npmEnv = cleanEnvironment({});
    await runToEnd('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], tree, npmEnv);

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = cleanEnvironment({
      ...(await emptyDatabase('prod', join(tree, 'data'))),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
    });
    // The runtime the install brought, whatever Node.js ran npm.
    expect(await runToEnd('node_modules/.bin/node', ['--version'], tree, env)).toContain('v24.');
    expect(await runToEnd('npm', ['run', 'db:migrate'], tree, env)).toMatch(
      /Aplicadas \d+ migraciones/,
    );
    expect(await runToEnd('npm', ['run', 'db:migrate'], tree, env)).toMatch(/Nada que aplicar/);
    const created = await runToEnd(
      'npm',
      ['run', 'admin:create', '--', '--email', ADMIN.email, '--name', ADMIN.name],
      tree,
      env,
      `${ADMIN_PASSWORD}\n`,
    );
    expect(created).toContain(`Administrador creado: ${ADMIN.email}`);

    const server = start('npm', ['run', 'start:prod'], tree, env);
    try {
      await waitUntilReady(server, baseUrl);
      const health = (await (await fetch(`${baseUrl}/healthz`)).json()) as { version: string };
      expect(health.version).toMatch(/^\d+\.\d+\.\d+$/);
      const jwt = await signIn(baseUrl, ADMIN.email, ADMIN_PASSWORD);
      const overview = await fetch(`${baseUrl}/api/admin/overview`, {
        headers: { authorization: `Bearer ${jwt}` },
      });
      expect(overview.status).toBe(200);
      expect(
        ((await overview.json()) as { data: { about: { version: string } } }).data.about.version,
      ).toBe(health.version);
      // An administrator exists: no setup link, and the page is gone.
      expect(server.output()).not.toContain('/setup?token=');
      expect((await fetch(`${baseUrl}/setup`)).status).toBe(404);
      // The built web app is served and drawn.
      expect(await (await fetch(`${baseUrl}/projects`)).text()).toContain('<h1');
    } finally {
      await stop(server.child);
    }
  }, 400_000);
});
