import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES, SETUP_MESSAGES } from '@plataforma/shared';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import {
  brandingSaas,
  brandings,
  featurePermissions,
  roles,
  setupTokens,
  universities,
  users,
} from '../../db/schema';
import { verifyPassword } from '../../lib/password';
import { hashOpaqueToken } from '../../lib/tokens';
import { TEST_CONFIG } from '../../../test/helpers/app';
import { bearerOf, call, type Sent } from '../../../test/helpers/auth';
import { openFreshDatabase } from '../../../test/helpers/db';
import { SETUP_TEXTS } from './setup.texts';
import { announceSetupLink, issueSetupToken } from './setup.service';

/**
 * The first start (ADR 0064). "No administrator exists" never holds in the worker's shared
 * database, so each describe opens a database of its own and builds an app on it.
 */

/** A form every rule accepts. */
function goodForm(token: string, overrides: Record<string, unknown> = {}) {
  return {
    token,
    name: 'Lucía',
    surname: 'Martínez Ros',
    email: 'Lucia.Martinez@Uni.test',
    password: 'Tortuga saltarina en el río Segura',
    passwordConfirmation: 'Tortuga saltarina en el río Segura',
    projectName: 'Impacto Campus',
    universities: ['Universidad de Murcia', '  Universidad   Politécnica de Cartagena '],
    mainColor: '#1226aa',
    secondaryColor: '#0F766E',
    mailTo: 'hola@impacto.test',
    ...overrides,
  };
}

/** The token of the link in lines the server printed. */
function tokenIn(lines: string[], base: string): string {
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/setup\\?token=(\\S+)`).exec(lines.join('\n'));
  if (!match?.[1]) throw new Error(`no setup link in:\n${lines.join('\n')}`);
  return decodeURIComponent(match[1]);
}

async function announce(db: Database, base = 'http://localhost:3000') {
  const lines: string[] = [];
  const printed = await announceSetupLink(db, base, (line) => lines.push(line));
  return { printed, lines };
}

async function counts(db: Database) {
  return {
    users: await db.$count(users),
    universities: await db.$count(universities),
    branding: await db.$count(brandingSaas),
    brandings: await db.$count(brandings),
    switches: await db.$count(featurePermissions),
  };
}

const errorsOf = (sent: Sent) =>
  Object.fromEntries(
    (sent.body.error?.details.errors ?? []).map((e) => [e.path.join('.'), e.message]),
  );

describe('the first start of an installation without an administrator', () => {
  let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
  let db: Database;
  let app: FastifyInstance;
  let site: FastifyInstance;
  let webDistDir: string;
  let token: string;

  beforeAll(async () => {
    fresh = await openFreshDatabase();
    db = fresh.handle.db;
    app = await buildApp({ config: TEST_CONFIG, db, logger: false });
    // The same database served with a built web app, for the page's own status.
    webDistDir = await mkdtemp(join(tmpdir(), 'setup-web-'));
    await writeFile(
      join(webDistDir, 'index.html'),
      '<!doctype html><html lang="es"><head><title>Plataforma</title></head><body><div id="root"></div></body></html>',
    );
    site = await buildApp({ config: { ...TEST_CONFIG, webDistDir }, db, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await site.close();
    await fresh.dispose();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it('each start prints a new one-time link in Spanish, whose token works; only its hash is kept', async () => {
    const first = await announce(db, 'https://campus.example');
    expect(first.printed).toBe(true);
    expect(first.lines.join('\n')).toContain(
      '  Instalación nueva: crea el primer administrador en\n  https://campus.example/setup?token=',
    );
    expect(first.lines.join('\n')).toContain('(enlace válido 24 horas o hasta que se use)');
    token = tokenIn(first.lines, 'https://campus.example');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const second = tokenIn(
      (await announce(db, 'https://campus.example')).lines,
      'https://campus.example',
    );
    expect(second).not.toBe(token);

    for (const each of [token, second]) {
      const res = await call(app, 'GET', `/api/setup?token=${encodeURIComponent(each)}`);
      expect(res.status).toBe(200);
      expect(res.body.valid).toBe(true);
      const expiresIn = Date.parse(String(res.body.expiresAt)) - Date.now();
      expect(expiresIn).toBeGreaterThan(23.9 * 3600_000);
      expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);
    }
    const stored = (await db.select({ hash: setupTokens.tokenHash }).from(setupTokens)).map(
      (row) => row.hash,
    );
    expect(stored).toContain(hashOpaqueToken(token));
    expect(stored).not.toContain(token);
  });

  it('a missing, wrong, expired or used token is 403 with a Spanish reason, on GET and POST', async () => {
    const [expired, used] = [(await issueSetupToken(db)).token, (await issueSetupToken(db)).token];
    await db
      .update(setupTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(setupTokens.tokenHash, hashOpaqueToken(expired)));
    await db
      .update(setupTokens)
      .set({ usedAt: new Date() })
      .where(eq(setupTokens.tokenHash, hashOpaqueToken(used)));
    const cases = [
      ['', 'missing'],
      ['no-es-un-token', 'invalid'],
      [expired, 'expired'],
      [used, 'used'],
    ] as const;
    for (const [bad, reason] of cases) {
      const get = await call(app, 'GET', bad ? `/api/setup?token=${bad}` : '/api/setup');
      expect(get.status, reason).toBe(403);
      expect(get.body.error?.message).toBe(SETUP_TEXTS.refused[reason]);
      expect(get.headers['content-language']).toBe('es');
      expect((get.body.error?.details as { reason?: string }).reason).toBe(reason);
    }
    for (const [bad, reason] of cases.slice(1)) {
      const before = await counts(db);
      const post = await call(app, 'POST', '/api/setup', { payload: goodForm(bad) });
      expect(post.status, reason).toBe(403);
      expect(post.body.error?.message).toBe(SETUP_TEXTS.refused[reason]);
      expect(await counts(db)).toEqual(before);
    }
  });

  it('a form with problems is 400 listing each at its field in Spanish, and nothing is written', async () => {
    const before = await counts(db);
    const res = await call(app, 'POST', '/api/setup', {
      payload: goodForm(token, {
        name: '   ',
        email: 'no es un correo',
        password: 'corta',
        passwordConfirmation: 'otra',
        projectName: '',
        universities: ['Universidad de Murcia', 'universidad de  murcia', ''],
        // Yellow: dark text reads on it, but as links on the white page it does not.
        mainColor: '#FFD200',
        secondaryColor: 'azul',
        mailTo: 'sin-arroba',
      }),
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-language']).toBe('es');
    expect(errorsOf(res)).toEqual({
      name: SETUP_MESSAGES.required,
      email: SETUP_MESSAGES.format,
      password: SETUP_MESSAGES.passwordTooShort,
      passwordConfirmation: SETUP_MESSAGES.passwordsDiffer,
      projectName: SETUP_MESSAGES.required,
      'universities.1': SETUP_MESSAGES.universityRepeated,
      'universities.2': SETUP_MESSAGES.required,
      mainColor: expect.stringMatching(
        /^Poco contraste: Color principal sobre fondo blanco \(enlaces y marcas de foco\), 1,\d:1 \(el mínimo es 4,5:1\)/,
      ) as string,
      secondaryColor: SETUP_MESSAGES.format,
      mailTo: SETUP_MESSAGES.format,
    });
    expect(res.body.error?.message).toBe('Hay 10 datos que revisar.');

    // The password rules of every account (ADR 0008): a common one, one built on the name.
    for (const [password, message] of [
      ['Contraseña2026!', 'Esta contraseña es demasiado común o fácil de adivinar. Elige otra.'],
      [
        'LuciaMartinez1999',
        'La contraseña no puede basarse en tu nombre, tu correo o tu nombre de usuario.',
      ],
    ]) {
      const weak = await call(app, 'POST', '/api/setup', {
        payload: goodForm(token, { password, passwordConfirmation: password }),
      });
      expect(weak.status).toBe(400);
      expect(errorsOf(weak)).toEqual({ password: message });
    }
    // No university at all.
    const none = await call(app, 'POST', '/api/setup', {
      payload: goodForm(token, { universities: [] }),
    });
    expect(errorsOf(none)).toEqual({ universities: SETUP_MESSAGES.universitiesRequired });
    // A body that is not the form's shape is refused by its schema.
    const extra = await call(app, 'POST', '/api/setup', {
      payload: { ...goodForm(token), role: 'admin' },
    });
    expect(extra.status).toBe(400);

    expect(await counts(db)).toEqual(before);
    expect((await call(app, 'GET', `/api/setup?token=${token}`)).status).toBe(200);
  });

  it('the page /setup is answered as a page while no administrator exists', async () => {
    const page = await site.inject({ method: 'GET', url: `/setup?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('the form creates the administrator, the universities, the branding and the switches, and signs the administrator in', async () => {
    const form = goodForm(token);
    const res = await call(app, 'POST', '/api/setup', { payload: form });
    expect(res.status).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^refreshToken=[^;]+; Path=\/auth; HttpOnly; SameSite=Strict$/);
    expect(cookie).toContain(encodeURIComponent(String(res.body.refreshToken)));
    expect(res.body.user).toMatchObject({
      email: 'lucia.martinez@uni.test',
      name: 'Lucía',
      surname: 'Martínez Ros',
      profileType: 'admin',
      confirmed: true,
      blocked: false,
      provider: 'local',
    });
    expect(res.body.user).not.toHaveProperty('password');

    // The account, as an admin account must look.
    const [account] = await db
      .select({
        password: users.password,
        roleType: roles.type,
        username: users.username,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.email, 'lucia.martinez@uni.test'));
    expect(account?.roleType).toBe('admin');
    expect(account?.username).toBe('lucia.martinez');
    expect(account?.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(account?.password ?? '', form.password)).toBe(true);

    // The session works as a sign-in's does.
    const me = await call(app, 'GET', '/api/users/me', { headers: bearerOf(res.body.jwt) });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'lucia.martinez@uni.test', profileType: 'admin' });
    const refreshed = await call(app, 'POST', '/auth', {
      payload: { refreshToken: res.body.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const login = await call(app, 'POST', '/api/auth/local', {
      payload: { identifier: 'lucia.martinez@uni.test', password: form.password },
    });
    expect(login.status).toBe(200);

    // The universities, tidied, and the branding naming them.
    expect(
      (await db.select({ name: universities.name }).from(universities)).map((u) => u.name).sort(),
    ).toEqual(['Universidad Politécnica de Cartagena', 'Universidad de Murcia']);
    const branding = await call(app, 'GET', '/api/branding-saas');
    expect(branding.status).toBe(200);
    expect(
      (branding.body.data as { attributes: Record<string, unknown> }).attributes,
    ).toMatchObject({
      projectName: 'Impacto Campus',
      university_name: 'Universidad de Murcia y Universidad Politécnica de Cartagena',
      mainColor: '#1226AA',
      secondaryColor: '#0F766E',
      mailTo: 'hola@impacto.test',
    });
    expect(await db.select({ name: brandings.name }).from(brandings)).toEqual([
      { name: 'Impacto Campus' },
    ]);

    // Every feature on for everyone; who writes what (ADR 0064).
    expect(await db.$count(featurePermissions)).toBe(5 * FEATURES.length);
    const visitor = await call(app, 'GET', '/api/permissions/status');
    const admin = await call(app, 'GET', '/api/permissions/status', {
      headers: bearerOf(res.body.jwt),
    });
    const switches = (sent: Sent) =>
      sent.body.permissions as Record<string, Record<string, boolean>>;
    for (const feature of FEATURES) {
      expect(switches(visitor)[feature]?.enabled).toBe(true);
      expect(switches(admin)[feature]?.enabled).toBe(true);
    }
    expect(switches(visitor).projects).toEqual({ enabled: true, create: false, update: false });
    expect(switches(admin).projects).toEqual({ enabled: true, create: true, update: true });
    expect(switches(admin).organizations).toEqual({ enabled: true, create: true, update: true });

    // The link is spent and the others printed before it are gone.
    const left = await db.select({ usedAt: setupTokens.usedAt }).from(setupTokens);
    expect(left).toHaveLength(1);
    expect(left[0]?.usedAt).toBeInstanceOf(Date);
  });

  it('once an administrator exists, the setup calls and the page answer 404 and no link is printed', async () => {
    const get = await call(app, 'GET', `/api/setup?token=${token}`);
    expect(get.status).toBe(404);
    expect(get.body.error?.message).toBe(SETUP_TEXTS.closed);
    const fresh = (await issueSetupToken(db)).token;
    const post = await call(app, 'POST', '/api/setup', {
      payload: goodForm(fresh, { email: 'otra@uni.test' }),
    });
    expect(post.status).toBe(404);
    expect(await db.$count(users)).toBe(1);

    const page = await site.inject({ method: 'GET', url: '/setup' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect((await site.inject({ method: 'GET', url: '/setup/?token=x' })).statusCode).toBe(404);
    expect((await site.inject({ method: 'GET', url: '/user/auth/login' })).statusCode).toBe(200);

    expect(await announce(db)).toEqual({ printed: false, lines: [] });
  });

  it('the setup calls are limited per client address: past 30 a minute, 429 with Retry-After', async () => {
    const ip = '10.250.99.1';
    for (let i = 0; i < 30; i++) {
      expect((await call(app, 'GET', '/api/setup?token=x', { ip })).status).toBe(404);
    }
    const limited = await call(app, 'GET', '/api/setup?token=x', { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('two setups sent at once', () => {
  let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    fresh = await openFreshDatabase();
    app = await buildApp({ config: TEST_CONFIG, db: fresh.handle.db, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await fresh.dispose();
  });

  it('make one administrator: the other is answered 404 and writes nothing', async () => {
    const db = fresh.handle.db;
    const [a, b] = [(await issueSetupToken(db)).token, (await issueSetupToken(db)).token];
    const answers = await Promise.all([
      call(app, 'POST', '/api/setup', {
        payload: goodForm(a, { email: 'primera@uni.test', universities: ['Universidad A'] }),
      }),
      call(app, 'POST', '/api/setup', {
        payload: goodForm(b, { email: 'segunda@uni.test', universities: ['Universidad B'] }),
      }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(await db.select({ email: users.email }).from(users)).toHaveLength(1);
    expect(await db.$count(universities)).toBe(1);
    expect(await db.$count(brandingSaas)).toBe(1);
    expect(await db.$count(featurePermissions)).toBe(5 * FEATURES.length);
  });
});
