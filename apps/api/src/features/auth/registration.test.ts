import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  brandingSaas,
  coordinators,
  legalConsents,
  legalTextVersions,
  legalTexts,
  roles,
  students,
  teachers,
  users,
} from '../../db/schema';
import { getTestApp } from '../../../test/helpers/app';
import {
  call,
  emailsTo,
  linkIn,
  setTokenExpiry,
  strongPassword,
  tokensOf,
  uniqueEmail,
  userRow,
} from '../../../test/helpers/auth';
import { getTestDatabase } from '../../../test/helpers/db';
import { asAdmin, createUser, signedIn, unique } from '../../../test/helpers/factories';
import { privacyConsent } from '../../../test/helpers/legal';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const PUBLIC_URL = 'http://localhost:3000';

/** Signs up; the privacy policy is accepted (its current version) unless `data` says otherwise. */
async function signUp(data: Record<string, unknown>, ip?: string) {
  return call(app, 'POST', '/api/users-permissions/register-partialy', {
    payload: { data: { ...(await privacyConsent()), ...data } },
    ...(ip ? { ip } : {}),
  });
}

const person = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: strongPassword(),
  name: 'Lucía',
  surname: 'Martínez Ruiz',
  phone: '+34 600 123 456',
  profileType: 'student',
  ...overrides,
});

async function login(identifier: string, password: string) {
  return call(app, 'POST', '/api/auth/local', { payload: { identifier, password } });
}

describe('POST /api/users-permissions/register-partialy', () => {
  it.each(['student', 'teacher', 'coordinator'] as const)(
    'when a %s signs up, the answer is the unconfirmed user, with the profile record and the role, and a confirmation email',
    async (profileType) => {
      const data = person({ profileType });
      const res = await signUp(data);
      expect(res.status).toBe(200);
      const user = res.body.user as Record<string, unknown>;
      expect(user).toMatchObject({
        email: data.email,
        name: 'Lucía',
        surname: 'Martínez Ruiz',
        // Stored in international form (E.164), whatever the form sent (ADR 0034).
        phone: '+34600123456',
        profileType,
        confirmed: false,
        blocked: false,
      });
      expect(user).not.toHaveProperty('password');
      expect(res.body).not.toHaveProperty('jwt');

      const { db } = await getTestDatabase();
      const row = await userRow(data.email);
      expect(row.password).toMatch(/^\$argon2id\$/);
      const [role] = await db
        .select()
        .from(roles)
        .where(eq(roles.id, row.roleId ?? -1));
      expect(role?.type).toBe(profileType);
      const table = { student: students, teacher: teachers, coordinator: coordinators }[
        profileType
      ];
      const profiles = await db.select().from(table).where(eq(table.userId, row.id));
      expect(profiles).toHaveLength(1);
      if (profileType === 'student') {
        expect((profiles[0] as { primaryKey: string }).primaryKey).toMatch(/^E\d{4,}$/);
      }
      if (profileType === 'teacher') {
        expect((profiles[0] as { primaryKey: string }).primaryKey).toMatch(/^P\d{4,}$/);
      }

      const emails = await emailsTo(data.email);
      expect(emails).toHaveLength(1);
      expect(emails[0]?.template).toBe('confirmation');
      const link = linkIn(emails[0]?.text ?? '', `${PUBLIC_URL}/api/auth/email-confirmation?`);
      expect(link.searchParams.get('confirmation')).toMatch(/^[\w-]{43}$/);
    },
  );

  it('when no username is given, one is derived from the email and kept unique', async () => {
    const local = unique('ana.garcia').toLowerCase();
    const first = await signUp(person({ email: `${local}@uno.test` }));
    const second = await signUp(person({ email: `${local}@dos.test` }));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.user?.username).toBe(local);
    expect(second.body.user?.username).toMatch(new RegExp(`^${local}.+`));
  });

  it('when a username is given, it is kept; a taken one is a 400 naming the field', async () => {
    const username = unique('lucia_m');
    const res = await signUp(person({ username }));
    expect(res.status).toBe(200);
    expect(res.body.user?.username).toBe(username);
    const again = await signUp(person({ username }));
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      name: 'ApplicationError',
      message: 'Username already taken',
      details: { errors: [{ path: ['username'] }] },
    });
  });

  it('when the email is taken in any case, the answer is 400 "Email is already taken" and nothing is written', async () => {
    const data = person();
    expect((await signUp(data)).status).toBe(200);
    const res = await signUp(person({ email: data.email.toUpperCase() }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      status: 400,
      name: 'ApplicationError',
      message: 'Email is already taken',
      details: {
        code: 'email_taken',
        errors: [{ path: ['email'], message: 'Email is already taken', code: 'email_taken' }],
      },
    });
    expect(await emailsTo(data.email)).toHaveLength(1);
  });

  it('when two sign-ups race with one email, one account is made and the other answer is "Email is already taken"', async () => {
    const email = uniqueEmail('carrera');
    const answers = await Promise.all([
      signUp(person({ email })),
      signUp(person({ email: email.toUpperCase() })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body.error?.message).toBe(
      'Email is already taken',
    );
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it('when the email is given with capitals and spaces, it is stored trimmed and in lower case', async () => {
    const email = uniqueEmail('mayus');
    const res = await signUp(person({ email: `  ${email.toUpperCase()} ` }));
    expect(res.status).toBe(200);
    expect(res.body.user?.email).toBe(email);
  });

  it.each([
    ['role', { role: 1 }, 'Invalid key role'],
    ['confirmed', { confirmed: true }, 'Invalid key confirmed'],
    ['blocked', { blocked: false }, 'Invalid key blocked'],
    ['an unknown field', { isAdmin: true }, 'Invalid key isAdmin'],
    ['profileType admin', { profileType: 'admin' }, 'profileType must be one of'],
    ['no profileType', { profileType: undefined }, 'profileType'],
    ['a bad email', { email: 'no-es-un-correo' }, 'email must be a valid email address'],
    ['an email as a number', { email: 42 }, 'email'],
    ['a username with @', { username: 'otra@persona.es' }, 'username must be'],
    ['a name with a line break', { name: 'Ana\r\nBcc: x@y.z' }, 'name cannot contain'],
    ['a bad phone', { phone: 'llámame' }, 'phone is not a valid phone number'],
    [
      'a confirmation that differs',
      { passwordConfirmation: 'otra cosa distinta' },
      'Passwords do not match',
    ],
  ])(
    'when the data has %s, the answer is 400 and no account is made',
    async (_case, change, message) => {
      const data = person(change);
      const res = await signUp(data);
      expect(res.status).toBe(400);
      expect(res.body.error?.name).toBe('ValidationError');
      expect(JSON.stringify(res.body.error)).toContain(message);
      expect(await emailsTo(String(data.email))).toHaveLength(0);
    },
  );

  it('when several fields are wrong, every problem is listed', async () => {
    const res = await signUp(person({ role: 5, blocked: true, email: 'x' }));
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('3 errors occurred');
    expect(res.body.error?.details.errors?.map((e) => e.path.join('.')).sort()).toEqual([
      'blocked',
      'email',
      'role',
    ]);
  });

  it.each([
    ['short', 'Corta123!', 'al menos 12 caracteres'],
    ['too long', 'a'.repeat(200) + 'b'.repeat(57) + 'ñ', 'más de 256 caracteres'],
    ['common', 'contraseña123456', 'demasiado común'],
    ['common with capitals and symbols', 'Contraseña2026!!', 'demasiado común'],
    ['a keyboard run', '1q2w3e4r5t6y', 'demasiado común'],
    ['built on the surname', 'MartinezRuiz2024', 'no puede basarse'],
  ])(
    'when the password is %s, the answer is 400 with a Spanish message on password',
    async (_case, password, message) => {
      const res = await signUp(person({ password }));
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toContain(message);
      expect(res.body.error?.details.errors?.[0]?.path).toEqual(['password']);
    },
  );

  it('when the body has no data object, the answer is 400', async () => {
    for (const payload of [{}, { data: [] }, { data: 'x' }, { email: 'a@b.c' }]) {
      const res = await call(app, 'POST', '/api/users-permissions/register-partialy', { payload });
      expect(res.status).toBe(400);
      expect(res.body.error?.name).toBe('ValidationError');
    }
  });

  it('when a stale bearer token comes along, sign-up still works', async () => {
    const res = await call(app, 'POST', '/api/users-permissions/register-partialy', {
      payload: { data: { ...person(), ...(await privacyConsent()) } },
      headers: { authorization: 'Bearer caducado.invalido.token' },
    });
    expect(res.status).toBe(200);
  });
});

describe('consent to the privacy policy (ADR 0035)', () => {
  async function consentsOf(email: string) {
    const { db } = await getTestDatabase();
    return db
      .select({
        userId: legalConsents.userId,
        acceptedAt: legalConsents.acceptedAt,
        policyUrl: legalConsents.policyUrl,
        kind: legalTexts.kind,
        version: legalTextVersions.version,
        content: legalTextVersions.content,
      })
      .from(legalConsents)
      .innerJoin(users, eq(users.id, legalConsents.userId))
      .innerJoin(legalTextVersions, eq(legalTextVersions.id, legalConsents.legalTextVersionId))
      .innerJoin(legalTexts, eq(legalTexts.id, legalTextVersions.legalTextId))
      .where(eq(users.email, email));
  }

  it('when a person signs up, who accepted which version of the privacy text and when is recorded with the account', async () => {
    const before = new Date();
    const data = person();
    const { privacyVersion } = await privacyConsent();
    const res = await signUp(data);
    expect(res.status).toBe(200);
    const row = await userRow(data.email);
    const consents = await consentsOf(data.email);
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ userId: row.id, kind: 'privacy', version: privacyVersion });
    expect(consents[0]!.content).toContain('<h2>');
    expect(consents[0]!.acceptedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it.each([
    ['without the acceptance', { privacyAccepted: undefined }, 'privacyAccepted'],
    ['with the box unticked', { privacyAccepted: false }, 'privacyAccepted'],
    ['without the version shown', { privacyVersion: undefined }, 'privacyVersion'],
    ['with a version that is not a number', { privacyVersion: 'última' }, 'privacyVersion'],
  ])(
    'when a person signs up %s, the answer is a 400 naming it and no account is made',
    async (_case, consent, field) => {
      const data = person();
      const res = await signUp({ ...data, ...consent });
      expect(res.status).toBe(400);
      expect(res.body.error?.details.errors?.map((e) => e.path[0])).toContain(field);
      const { db } = await getTestDatabase();
      expect(await db.select().from(users).where(eq(users.email, data.email))).toEqual([]);
    },
  );

  it('when the privacy text changed after the page showed it, the answer is a 409 naming privacyVersion and no account is made', async () => {
    const shown = (await privacyConsent()).privacyVersion;
    const { db } = await getTestDatabase();
    const [privacy] = await db.select().from(legalTexts).where(eq(legalTexts.kind, 'privacy'));
    const changed = await call(app, 'POST', '/api/users-permissions/register-partialy', {
      payload: { data: person() },
    });
    expect(changed.status).toBe(400);
    const admin = await asAdmin(app);
    const update = await app.inject({
      method: 'PUT',
      url: `/api/legal-texts/${privacy!.id}`,
      headers: admin,
      payload: { data: { content: `${privacy!.content}<p>${unique('Cambio')}</p>` } },
    });
    expect(update.statusCode).toBe(200);

    const data = person();
    const res = await signUp({ ...data, privacyVersion: shown });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      name: 'ApplicationError',
      details: { errors: [{ path: ['privacyVersion'] }], currentVersion: shown + 1 },
    });
    expect(await db.select().from(users).where(eq(users.email, data.email))).toEqual([]);
    expect(await consentsOf(data.email)).toEqual([]);

    const again = await signUp(data);
    expect(again.status).toBe(200);
    expect((await consentsOf(data.email))[0]?.version).toBe(shown + 1);
  });

  it('when the branding links its own privacy policy, the consent keeps that address', async () => {
    const { db } = await getTestDatabase();
    const [branding] = await db.select().from(brandingSaas).orderBy(brandingSaas.id).limit(1);
    const url = '/privacidad-de-la-universidad';
    // The worker's one branding row, as other files left it: its address set here, then put back.
    const [row] = branding
      ? await db
          .update(brandingSaas)
          .set({ politicsUrl: url })
          .where(eq(brandingSaas.id, branding.id))
          .returning()
      : await db.insert(brandingSaas).values({ politicsUrl: url }).returning();
    try {
      const data = person();
      expect((await signUp(data)).status).toBe(200);
      expect((await consentsOf(data.email))[0]?.policyUrl).toBe(url);
    } finally {
      if (branding) {
        await db
          .update(brandingSaas)
          .set({ politicsUrl: branding.politicsUrl })
          .where(eq(brandingSaas.id, branding.id));
      } else {
        await db.delete(brandingSaas).where(eq(brandingSaas.id, row!.id));
      }
    }
  });
});

describe('email confirmation', () => {
  async function confirmationLinkOf(email: string, index = 0): Promise<URL> {
    const emails = (await emailsTo(email)).filter((e) => e.template === 'confirmation');
    return linkIn(emails[index]?.text ?? '', `${PUBLIC_URL}/api/auth/email-confirmation?`);
  }
  const open = (link: URL) => call(app, 'GET', `${link.pathname}${link.search}`);

  it('when the link is opened, the account is confirmed, the browser goes to the login page, and login works', async () => {
    const data = person();
    await signUp(data);
    expect((await login(data.email, data.password)).body.error?.message).toBe(
      'Your account email is not confirmed',
    );
    const res = await open(await confirmationLinkOf(data.email));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/user/auth/login?confirmed=true`);
    expect((await userRow(data.email)).confirmed).toBe(true);
    const session = await login(data.email, data.password);
    expect(session.status).toBe(200);
    expect(session.body.jwt).toEqual(expect.any(String));
  });

  it('when the link is opened twice, the second time still says confirmed', async () => {
    const data = person();
    await signUp(data);
    const link = await confirmationLinkOf(data.email);
    await open(link);
    const again = await open(link);
    expect(again.headers.location).toBe(`${PUBLIC_URL}/user/auth/login?confirmed=true`);
  });

  it('when the link has expired, the browser is told so and the account stays unconfirmed', async () => {
    const data = person();
    await signUp(data);
    const link = await confirmationLinkOf(data.email);
    await setTokenExpiry(link.searchParams.get('confirmation') ?? '', new Date(Date.now() - 1000));
    const res = await open(link);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(
      `${PUBLIC_URL}/user/auth/login?confirmed=false&reason=expired`,
    );
    expect((await userRow(data.email)).confirmed).toBe(false);
  });

  it.each([
    ['an unknown token', '?confirmation=inventado'],
    ['no token', ''],
    ['an array', '?confirmation[0]=a&confirmation[1]=b'],
    ['an object', '?confirmation[a]=b'],
  ])(
    'when the link carries %s, the browser is sent to the login page with reason=invalid',
    async (_case, query) => {
      const res = await call(app, 'GET', `/api/auth/email-confirmation${query}`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(
        `${PUBLIC_URL}/user/auth/login?confirmed=false&reason=invalid`,
      );
    },
  );

  it('when a new confirmation is asked for an unconfirmed account, a second email comes and its link works', async () => {
    const data = person();
    await signUp(data);
    const res = await call(app, 'POST', '/api/auth/send-email-confirmation', {
      payload: { email: data.email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: data.email, sent: true });
    const emails = await emailsTo(data.email);
    expect(emails.map((e) => e.template)).toEqual(['confirmation', 'confirmation']);
    const opened = await open(await confirmationLinkOf(data.email, 1));
    expect(opened.headers.location).toBe(`${PUBLIC_URL}/user/auth/login?confirmed=true`);
  });

  it('when a confirmation is asked for an unknown or already confirmed email, the answer is the same and no email is sent', async () => {
    const confirmed = await createUser();
    const unknown = uniqueEmail('nadie');
    const answers = [];
    for (const email of [confirmed.email, unknown]) {
      const res = await call(app, 'POST', '/api/auth/send-email-confirmation', {
        payload: { email },
      });
      answers.push({ status: res.status, keys: Object.keys(res.body).sort(), sent: res.body.sent });
      expect(await emailsTo(email)).toHaveLength(0);
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it('when the resend body is malformed, the answer is 400', async () => {
    for (const payload of [{}, { email: ['a@b.es'] }, { email: 'a@b.es', extra: 1 }]) {
      const res = await call(app, 'POST', '/api/auth/send-email-confirmation', { payload });
      expect(res.status).toBe(400);
    }
  });
});

describe('POST /api/users-permissions/admin-register', () => {
  const adminRegister = async (headers: Record<string, string>, data: Record<string, unknown>) =>
    call(app, 'POST', '/api/users-permissions/admin-register', { payload: { data }, headers });

  it.each(['admin', 'teacher', 'student', 'coordinator'] as const)(
    'when an admin creates a %s, the account is confirmed, has no password, and the person gets a set-password link that works',
    async (profileType) => {
      const email = uniqueEmail(`alta-${profileType}`);
      const res = await adminRegister(await asAdmin(app), {
        email,
        name: 'Carmen',
        surname: 'Ortega',
        profileType,
      });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email, profileType, confirmed: true });
      const row = await userRow(email);
      expect(row.password).toBeNull();

      const [mail] = await emailsTo(email);
      expect(mail?.template).toBe('reset');
      const code = linkIn(mail?.text ?? '', `${PUBLIC_URL}/reset-password?`).searchParams.get(
        'code',
      );
      const password = strongPassword();
      const reset = await call(app, 'POST', '/api/auth/reset-password', {
        payload: { code, password, passwordConfirmation: password },
      });
      expect(reset.status).toBe(200);
      expect((await login(email, password)).status).toBe(200);
    },
  );

  it.each(['student', 'teacher', 'coordinator', 'authenticated'] as const)(
    'when a user whose role is %s calls it, the answer is 403 and nothing is created',
    async (role) => {
      const { headers } = await signedIn(app, role);
      const email = uniqueEmail('intruso');
      const res = await adminRegister(headers, { email, name: 'X', profileType: 'admin' });
      expect(res.status).toBe(403);
      expect(res.body.error?.name).toBe('ForbiddenError');
      expect(await emailsTo(email)).toHaveLength(0);
    },
  );

  it('when a visitor calls it, the answer is 403', async () => {
    const res = await adminRegister({}, { email: uniqueEmail(), name: 'X', profileType: 'admin' });
    expect(res.status).toBe(403);
  });

  it('when a non-admin sends a malformed body, the answer is still 403 (nothing is revealed)', async () => {
    const { headers } = await signedIn(app, 'student');
    const res = await adminRegister(headers, { role: 1 });
    expect(res.status).toBe(403);
  });

  it('when an admin sends a password or an unknown field, the answer is 400', async () => {
    const res = await adminRegister(await asAdmin(app), {
      email: uniqueEmail(),
      name: 'X',
      profileType: 'teacher',
      password: strongPassword(),
      confirmed: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.details.errors?.map((e) => e.path[0]).sort()).toEqual([
      'confirmed',
      'password',
    ]);
  });

  it('when the email is taken, the answer is 400 "Email is already taken"', async () => {
    const existing = await createUser();
    const res = await adminRegister(await asAdmin(app), {
      email: existing.email.toUpperCase(),
      name: 'X',
      profileType: 'teacher',
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('Email is already taken');
  });

  it('when an account is created, its confirmation and reset tokens are stored hashed, never in clear', async () => {
    const email = uniqueEmail('hash');
    await adminRegister(await asAdmin(app), { email, name: 'X', profileType: 'teacher' });
    const row = await userRow(email);
    const [mail] = await emailsTo(email);
    const code = linkIn(mail?.text ?? '', `${PUBLIC_URL}/reset-password?`).searchParams.get('code');
    const tokens = await tokensOf(row.id, 'reset');
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0]?.tokenHash).not.toBe(code);
  });
});

describe('error messages of bodies', () => {
  it('when a field is missing, the message says it must be defined; when it has the wrong type, it says which', async () => {
    const res = await call(app, 'POST', '/api/users-permissions/register-partialy', {
      payload: { data: { email: 42, password: strongPassword(), profileType: 'student' } },
    });
    expect(res.status).toBe(400);
    const messages = res.body.error?.details.errors?.map((e) => e.message).sort();
    expect(messages).toEqual([
      'email Invalid input: expected string, received number',
      'name must be defined',
      'privacyAccepted must be defined',
      'privacyVersion must be defined',
    ]);
  });
});
