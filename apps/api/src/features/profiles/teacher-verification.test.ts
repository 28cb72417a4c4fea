import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEACHER_VERIFICATION_REFUSALS } from '@plataforma/shared';
import { openDatabase } from '../../db/client';
import { MIGRATIONS_DIR, migrateDatabase } from '../../db/migrate';
import { emailOutbox, projects, teachers, teacherSettings, users } from '../../db/schema';
import { getTestApp } from '../../../test/helpers/app';
import { strongPassword, uniqueEmail } from '../../../test/helpers/auth';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  asAdmin,
  bearer,
  createProject,
  createTeacher,
  createUser,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import { privacyConsent } from '../../../test/helpers/legal';
import { enablePublishing } from '../../../test/helpers/permissions';

/**
 * The verification of teachers (ADR 0051): who starts pending, who is verified, the admins'
 * decision and the list they decide from, the teacher domains, and publishing refused to anyone
 * not verified.
 */

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
  await enablePublishing();
});

afterAll(async () => {
  // The one settings row is the worker's: leave it as the migration made it.
  const { db } = await getTestDatabase();
  await db.update(teacherSettings).set({ domains: [] });
});

/** Signs a teacher up through the public registration; answers their user and teacher rows. */
async function signUpTeacher(email = uniqueEmail('docente')) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users-permissions/register-partialy',
    payload: {
      data: {
        ...(await privacyConsent()),
        email,
        password: strongPassword(),
        name: 'Irene',
        surname: 'Soler Vidal',
        profileType: 'teacher',
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { db } = await getTestDatabase();
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  const [teacher] = await db.select().from(teachers).where(eq(teachers.userId, user!.id));
  return { user: user!, teacher: teacher!, headers: bearer(app, user!.id) };
}

const newProject = (headers: Record<string, string>, status = 'Pendiente') =>
  send(app, 'POST', '/api/projects', {
    headers,
    payload: { data: { title: unique('Proyecto'), type: 'TFG/TFM', status } },
  });

async function teacherRow(id: number) {
  const { db } = await getTestDatabase();
  const [row] = await db.select().from(teachers).where(eq(teachers.id, id));
  return row!;
}

const setDomains = (domains: unknown, headers = admin) =>
  send(app, 'PUT', '/api/teacher-setting', { headers, payload: { data: { domains } } });

const decide = (
  id: number,
  decision: 'verify' | 'reject',
  headers: Record<string, string> = admin,
) => send(app, 'POST', `/api/teachers/${id}/${decision}`, { headers });

/** The admins' "Pendientes" list as the web asks for it. */
const PENDING_QUERY = new URLSearchParams({
  'filters[verification][$eq]': 'pending',
  publicationState: 'preview',
  'fields[0]': 'createdAt',
  'populate[user][fields][0]': 'email',
  'pagination[pageSize]': '100',
}).toString();

describe('a teacher who registers themself', () => {
  it('starts pending: creating a project is a 403 with the reason, and they read their own state', async () => {
    const me = await signUpTeacher();
    expect(me.teacher).toMatchObject({
      verification: 'pending',
      verification_decided_at: null,
      invited: false,
    });
    const refused = await newProject(me.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      name: 'ForbiddenError',
      message: TEACHER_VERIFICATION_REFUSALS.pending,
    });
    expect(refused.body.error?.message).toBe(
      'Tu cuenta de profesor está pendiente de verificación. Podrás publicar proyectos cuando un administrador la apruebe.',
    );
    const { db } = await getTestDatabase();
    expect(await db.$count(projects, eq(projects.teacherId, me.teacher.id))).toBe(0);

    // The web's profile lookup reads the state of the teacher's own record.
    const own = await send(
      app,
      'GET',
      `/api/teachers?filters[user][id][$eq]=${me.user.id}&fields[0]=verification&publicationState=preview`,
      { headers: me.headers },
    );
    expect(own.status).toBe(200);
    expect(own.body.data[0]?.attributes.verification).toBe('pending');
  });

  it('while pending, sending a project of theirs to review is a 403 too', async () => {
    const me = await signUpTeacher();
    const draft = await createProject({
      teacherId: me.teacher.id,
      status: 'Pendiente',
      publishedAt: null,
    });
    const res = await send(app, 'PUT', `/api/projects/${draft.id}`, {
      headers: me.headers,
      payload: { data: { status: 'Por validar' } },
    });
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toBe(TEACHER_VERIFICATION_REFUSALS.pending);
  });

  it('is verified at once when the domain of their email is listed (any case, with or without @)', async () => {
    const domain = `${unique('facultad')}.es`.toLowerCase();
    const saved = await setDomains([`@${domain.toUpperCase()}`, domain, ' otra-uni.es ']);
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes.domains).toEqual([domain, 'otra-uni.es']);

    const me = await signUpTeacher(`${unique('ana')}@${domain.toUpperCase()}`);
    expect(me.teacher).toMatchObject({ verification: 'verified', verificationDecidedById: null });
    expect(me.teacher.verification_decided_at).toBeInstanceOf(Date);
    expect((await newProject(me.headers, 'Por validar')).status).toBe(200);

    // A subdomain is another domain: its people (students, often) are not vouched for.
    const sub = await signUpTeacher(`${unique('alu')}@alu.${domain}`);
    expect(sub.teacher.verification).toBe('pending');
  });

  it('is verified and invited when an admin invited their address; an existing account is left as it is', async () => {
    const adminUser = await signedIn(app, 'admin');
    const address = uniqueEmail('invitada');
    const invited = await send(app, 'POST', '/api/communication/inviteTeacher', {
      headers: adminUser.headers,
      payload: { email: address.toUpperCase() },
    });
    expect(invited.status).toBe(200);
    const me = await signUpTeacher(address);
    expect(me.teacher).toMatchObject({
      verification: 'verified',
      invited: true,
      verificationDecidedById: adminUser.user.id,
    });
    expect((await newProject(me.headers)).status).toBe(200);

    // Inviting someone who already registered does not decide for the admin.
    const pending = await signUpTeacher();
    await send(app, 'POST', '/api/communication/inviteTeacher', {
      headers: adminUser.headers,
      payload: { email: pending.user.email },
    });
    expect((await teacherRow(pending.teacher.id)).verification).toBe('pending');
  });

  it('choosing to be a teacher after signing up leaves them pending, even at a listed domain', async () => {
    const domain = `${unique('campus')}.es`.toLowerCase();
    expect((await setDomains([domain])).status).toBe(200);
    const user = await createUser({ email: `${unique('eva')}@${domain}`, profileType: null });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: bearer(app, user.id),
      payload: { profileType: 'teacher' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { db } = await getTestDatabase();
    const [row] = await db.select().from(teachers).where(eq(teachers.userId, user.id));
    expect(row?.verification).toBe('pending');
  });
});

describe('a teacher an admin makes', () => {
  it('is verified by that admin, by admin registration and by POST /api/users', async () => {
    const adminUser = await signedIn(app, 'admin');
    const { db } = await getTestDatabase();
    const registered = await send(app, 'POST', '/api/users-permissions/admin-register', {
      headers: adminUser.headers,
      payload: { data: { email: uniqueEmail('alta'), name: 'Rosa', profileType: 'teacher' } },
    });
    expect(registered.status).toBe(200);
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: adminUser.headers,
      payload: { username: unique('prof'), email: uniqueEmail('prof'), profileType: 'teacher' },
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const userId of [
      (registered.body as unknown as { user: { id: number } }).user.id,
      created.json<{ id: number }>().id,
    ]) {
      const [row] = await db.select().from(teachers).where(eq(teachers.userId, userId));
      expect(row).toMatchObject({
        verification: 'verified',
        verificationDecidedById: adminUser.user.id,
      });
    }
  });
});

describe('the admins’ decision', () => {
  it('lists pending teachers only to admins, with the Strapi filter the web sends', async () => {
    const pending = await signUpTeacher();
    const verified = await createTeacher();
    const list = await send(app, 'GET', `/api/teachers?${PENDING_QUERY}`, { headers: admin });
    expect(list.status).toBe(200);
    const ids = list.body.data.map((entry) => entry.id);
    expect(ids).toContain(pending.teacher.id);
    expect(ids).not.toContain(verified.id);

    // To anyone else the state is not a key they may filter by (it is the admins' business).
    for (const role of ['teacher', 'student', 'coordinator'] as const) {
      const { headers } = await signedIn(app, role);
      const res = await send(app, 'GET', `/api/teachers?${PENDING_QUERY}`, { headers });
      expect(res.status, role).toBe(400);
    }
    // Nor do they read it on another teacher's record.
    const { headers } = await signedIn(app, 'student');
    const other = await send(app, 'GET', `/api/teachers/${pending.teacher.id}`, { headers });
    expect(other.status).toBe(200);
    expect(other.body.data.attributes).not.toHaveProperty('verification');
  });

  it('approving verifies the teacher, emails them and lets them publish; they leave the pending list', async () => {
    const me = await signUpTeacher();
    const adminUser = await signedIn(app, 'admin');
    const res = await decide(me.teacher.id, 'verify', adminUser.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: me.teacher.id,
      attributes: { verification: 'verified' },
    });
    expect(await teacherRow(me.teacher.id)).toMatchObject({
      verification: 'verified',
      verificationDecidedById: adminUser.user.id,
    });
    const { db } = await getTestDatabase();
    const emails = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, me.user.email));
    const approval = emails.find((email) => email.template === 'teacherVerified');
    expect(approval?.subject).toBe('Tu cuenta de docente en Plataforma está verificada');
    expect(approval?.text).toContain('http://localhost:3000/projects/create');

    expect((await newProject(me.headers, 'Por validar')).status).toBe(200);
    const list = await send(app, 'GET', `/api/teachers?${PENDING_QUERY}`, { headers: admin });
    expect(list.body.data.map((entry) => entry.id)).not.toContain(me.teacher.id);

    // Approving again changes nothing and sends nothing more.
    expect((await decide(me.teacher.id, 'verify')).status).toBe(200);
    expect(
      await db.$count(
        emailOutbox,
        sql`${emailOutbox.recipient} = ${me.user.email} AND ${emailOutbox.template} = 'teacherVerified'`,
      ),
    ).toBe(1);
  });

  it('rejecting unpublishes the teacher, who stays unable to publish and leaves the pending list; approving later brings them back', async () => {
    const me = await signUpTeacher();
    const res = await decide(me.teacher.id, 'reject');
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ verification: 'rejected', publishedAt: null });
    const row = await teacherRow(me.teacher.id);
    expect(row).toMatchObject({ verification: 'rejected', publishedAt: null });
    expect(row.verification_decided_at).toBeInstanceOf(Date);

    const refused = await newProject(me.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(TEACHER_VERIFICATION_REFUSALS.rejected);
    const list = await send(app, 'GET', `/api/teachers?${PENDING_QUERY}`, { headers: admin });
    expect(list.body.data.map((entry) => entry.id)).not.toContain(me.teacher.id);
    // The account is kept.
    const { db } = await getTestDatabase();
    expect(await db.$count(users, eq(users.id, me.user.id))).toBe(1);

    expect((await decide(me.teacher.id, 'verify')).status).toBe(200);
    const back = await teacherRow(me.teacher.id);
    expect(back.verification).toBe('verified');
    expect(back.publishedAt).toBeInstanceOf(Date);
  });

  it('a verified teacher is not rejected (409); an unknown teacher is a 404, a bad id a 400', async () => {
    const verified = await createTeacher();
    const conflict = await decide(verified.id, 'reject');
    expect(conflict.status).toBe(409);
    expect(conflict.body.error?.message).toMatch(/^Este profesor ya está verificado/);
    expect((await teacherRow(verified.id)).verification).toBe('verified');
    expect((await decide(2_000_000_000, 'verify')).status).toBe(404);
    expect((await decide(2_000_000_000, 'reject')).status).toBe(404);
    expect((await send(app, 'POST', '/api/teachers/abc/verify', { headers: admin })).status).toBe(
      400,
    );
  });

  it('only admins decide: 403 for a student, a teacher (even the one concerned) or a coordinator, 401 for a visitor', async () => {
    const me = await signUpTeacher();
    for (const decision of ['verify', 'reject'] as const) {
      for (const role of ['student', 'teacher', 'coordinator'] as const) {
        const { headers } = await signedIn(app, role);
        expect((await decide(me.teacher.id, decision, headers)).status, role).toBe(403);
      }
      expect((await decide(me.teacher.id, decision, me.headers)).status).toBe(403);
      expect((await decide(me.teacher.id, decision, {})).status).toBe(401);
    }
    expect((await teacherRow(me.teacher.id)).verification).toBe('pending');
  });

  it('the state is written only by the decision calls, never through PUT /api/teachers/:id', async () => {
    const me = await signUpTeacher();
    for (const headers of [admin, me.headers]) {
      const res = await send(app, 'PUT', `/api/teachers/${me.teacher.id}`, {
        headers,
        payload: { data: { verification: 'verified' } },
      });
      expect(res.status).toBe(400);
    }
    expect((await teacherRow(me.teacher.id)).verification).toBe('pending');
  });
});

describe('the teacher domains (GET/PUT /api/teacher-setting)', () => {
  it('admins read and write the list; it is stored lower case and once each, invalid domains are a 400', async () => {
    const read = await send(app, 'GET', '/api/teacher-setting', { headers: admin });
    expect(read.status).toBe(200);
    expect(Array.isArray(read.body.data.attributes.domains)).toBe(true);

    const saved = await setDomains(['UM.es', 'um.es', '@upct.es']);
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes.domains).toEqual(['um.es', 'upct.es']);

    for (const bad of [['no es un dominio'], ['um'], ['-um.es'], ['ana@um.es'], 'um.es']) {
      const res = await setDomains(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error?.details.errors?.[0]?.path[0]).toBe('domains');
    }
    expect((await setDomains([])).body.data.attributes.domains).toEqual([]);
  });

  it('nobody else reads or writes it: 403 for students, teachers, coordinators and visitors', async () => {
    for (const role of ['student', 'teacher', 'coordinator'] as const) {
      const { headers } = await signedIn(app, role);
      expect((await send(app, 'GET', '/api/teacher-setting', { headers })).status, role).toBe(403);
      expect((await setDomains(['evil.es'], headers)).status, role).toBe(403);
    }
    // Generic routes answer visitors 403, as every content type does (ADR 0012).
    expect((await send(app, 'GET', '/api/teacher-setting')).status).toBe(403);
    expect((await setDomains(['evil.es'], {})).status).toBe(403);
    expect((await send(app, 'DELETE', '/api/teacher-setting', { headers: admin })).status).toBe(
      403,
    );
  });
});

describe('migration 0021', () => {
  it('leaves every teacher that existed verified; a teacher inserted afterwards without a state is pending', async () => {
    // The migrations up to 0020 in a folder of their own, then the whole set on the same database.
    const before = mkdtempSync(join(tmpdir(), 'migrations-0020-'));
    const handle = await openDatabase({});
    try {
      cpSync(MIGRATIONS_DIR, before, { recursive: true });
      const journalPath = join(before, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
        entries: { idx: number }[];
      };
      journal.entries = journal.entries.filter((entry) => entry.idx <= 20);
      writeFileSync(journalPath, JSON.stringify(journal));
      rmSync(join(before, '0021_teacher_verification.sql'));
      await migrateDatabase(handle, before);

      const insertTeacher = async (key: string) => {
        await handle.db.execute(
          sql`INSERT INTO up_users (username, email, provider, confirmed, blocked, profile_type)
              VALUES (${key}, ${`${key}@test.es`}, 'local', true, false, 'teacher')`,
        );
        await handle.db.execute(
          sql`INSERT INTO teachers (primary_key, user_id, published_at)
              SELECT ${key}, id, now() FROM up_users WHERE username = ${key}`,
        );
      };
      await insertTeacher('P0001');
      await insertTeacher('P0002');

      await migrateDatabase(handle);
      const states = await handle.db
        .select({ key: teachers.primaryKey, verification: teachers.verification })
        .from(teachers);
      expect(states.map((s) => s.verification)).toEqual(['verified', 'verified']);
      await insertTeacher('P0003');
      const [added] = await handle.db
        .select({ verification: teachers.verification })
        .from(teachers)
        .where(eq(teachers.primaryKey, 'P0003'));
      expect(added?.verification).toBe('pending');
      // The settings' one row is there, with no domain.
      expect(
        await handle.db.select({ domains: teacherSettings.domains }).from(teacherSettings),
      ).toEqual([{ domains: [] }]);
    } finally {
      await handle.close();
      rmSync(before, { recursive: true, force: true });
    }
  }, 60_000);
});
