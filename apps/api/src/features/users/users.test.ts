import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  asAdmin,
  bearer,
  createApply,
  createFile,
  createProject,
  createStudent,
  createTeacher,
  createUser,
  signedIn,
  TEST_PASSWORD,
  unique,
} from '../../../test/helpers/factories';
import { students, teachers, users } from '../../db/schema';

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

type Flat = Record<string, unknown> & { id: number };
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return {
    status: res.statusCode,
    body: res.json<Flat & Flat[] & { error?: { message: string; name: string } }>(),
    text: res.body,
  };
}

describe('GET /api/users/me and /api/users/:id (users-permissions shape)', () => {
  it('when signed in, me answers the own account flat, with email and phone, without secrets', async () => {
    const { user, headers } = await signedIn(app, 'student');
    const { status, body, text } = await call('GET', '/api/users/me', headers);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: user.id,
      email: user.email,
      username: user.username,
      profileType: 'student',
    });
    expect(body).not.toHaveProperty('attributes');
    expect(text).not.toMatch(/password|argon2|tokensValidAfter/);
  });

  it('when a visitor asks for me, the answer is 401', async () => {
    expect((await call('GET', '/api/users/me')).status).toBe(401);
  });

  it('when populating the picture (spec §7), it comes flat with its url', async () => {
    const file = await createFile();
    const user = await createUser({ profileType: 'student', pictureId: file.id });
    const { body } = await call(
      'GET',
      `/api/users/${user.id}?populate=picture`,
      bearer(app, user.id),
    );
    expect(body.picture).toMatchObject({ id: file.id, url: file.url, mime: 'image/png' });
  });

  it('when a student looks at a teacher, name is there but email and phone are not', async () => {
    const teacher = await createUser({ profileType: 'teacher', phone: '+34 600 111 222' });
    const { headers } = await signedIn(app, 'student');
    const { status, body } = await call('GET', `/api/users/${teacher.id}`, headers);
    expect(status).toBe(200);
    expect(body.name).toBe(teacher.name);
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('phone');
  });

  it('when a student looks at another student, the answer is 404', async () => {
    const other = await createUser({ profileType: 'student' });
    const { headers } = await signedIn(app, 'student');
    expect((await call('GET', `/api/users/${other.id}`, headers)).status).toBe(404);
  });

  it('when a teacher looks at a student who applied to their project, they see the name, not the contact data', async () => {
    const { user: teacherUser, headers } = await signedIn(app, 'teacher');
    const teacher = await createTeacher({ userId: teacherUser.id });
    const applicant = await createStudent();
    await createApply({
      studentId: applicant.id,
      projectId: (await createProject({ teacherId: teacher.id })).id,
    });
    const { status, body } = await call('GET', `/api/users/${applicant.userId}`, headers);
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('email');
  });

  it('when an admin filters users by email (spec §7), the answer is a bare array', async () => {
    const user = await createUser();
    const { status, body } = await call(
      'GET',
      `/api/users?filters[email][$eq]=${encodeURIComponent(user.email)}`,
      admin,
    );
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((u) => u.id)).toEqual([user.id]);
  });

  it('when a non-admin filters users by email, the protected email cannot be used: 400', async () => {
    const { headers } = await signedIn(app, 'student');
    expect((await call('GET', '/api/users?filters[email][$eq]=a@b.es', headers)).status).toBe(400);
  });

  it('when a visitor lists users, the answer is 403', async () => {
    expect((await call('GET', '/api/users')).status).toBe(403);
  });
});

describe('PUT /api/users/:id', () => {
  it('when a user changes their own phone, name, email, surname and username (spec §7), they change', async () => {
    const { user, headers } = await signedIn(app, 'student');
    const username = unique('nuevo');
    const { status, body } = await call('PUT', `/api/users/${user.id}`, headers, {
      phone: '+34 611 222 333',
      name: 'Lucía',
      surname: 'García',
      email: `${username}@test.es`,
      username,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      phone: '+34611222333',
      name: 'Lucía',
      surname: 'García',
      username,
    });
  });

  it('when a phone comes without prefix or with separators, it is stored in international form (E.164, Spain by default)', async () => {
    const { user, headers } = await signedIn(app, 'student');
    for (const [sent, stored] of [
      ['611 22 23 33', '+34611222333'],
      ['(91) 123 45 67', '+34911234567'],
      ['0044 20 7946 0958', '+442079460958'],
    ] as const) {
      const { status, body } = await call('PUT', `/api/users/${user.id}`, headers, { phone: sent });
      expect(status).toBe(200);
      expect(body.phone).toBe(stored);
    }
    const [row] = await (
      await getTestDatabase()
    ).db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.phone).toBe('+442079460958');
  });

  it('when a phone has the spec §5 format but an impossible length, the answer is 400 and nothing changes', async () => {
    const { user, headers } = await signedIn(app, 'student');
    const { status, body } = await call('PUT', `/api/users/${user.id}`, headers, { phone: '123' });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('is not a valid phone number');
  });

  it('when a user tries to change someone else, the answer is 404 (not visible) or 403', async () => {
    const other = await createUser({ profileType: 'teacher' });
    const { headers } = await signedIn(app, 'student');
    expect([403, 404]).toContain(
      (await call('PUT', `/api/users/${other.id}`, headers, { name: 'X' })).status,
    );
    const [after] = await (
      await getTestDatabase()
    ).db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, other.id));
    expect(after?.name).toBe(other.name);
  });

  it('when a user tries to block or confirm themself, or change their role, the answer is 403 or 400', async () => {
    const { user, headers } = await signedIn(app, 'student');
    for (const payload of [
      { blocked: true },
      { confirmed: false },
      { profileType: 'admin' },
      { role: 1 },
    ]) {
      expect([400, 403]).toContain(
        (await call('PUT', `/api/users/${user.id}`, headers, payload)).status,
      );
    }
    const [after] = await (
      await getTestDatabase()
    ).db
      .select()
      .from(users)
      .where(eq(users.id, user.id));
    expect(after).toMatchObject({ blocked: false, profileType: 'student' });
  });

  it('when an admin blocks an account, its tokens and its password stop working; unblocking restores them', async () => {
    const { user, headers } = await signedIn(app, 'student');
    const blocked = await call('PUT', `/api/users/${user.id}`, admin, { blocked: true });
    expect(blocked.status).toBe(200);
    expect(blocked.body.blocked).toBe(true);
    expect((await call('GET', '/api/users/me', headers)).status).toBe(401);
    const login = await call(
      'POST',
      '/api/auth/local',
      {},
      {
        identifier: user.email,
        password: TEST_PASSWORD,
      },
    );
    expect(login.status).toBe(400);
    expect(login.body.error?.message).toMatch(/blocked/);

    expect((await call('PUT', `/api/users/${user.id}`, admin, { blocked: false })).status).toBe(
      200,
    );
    expect((await call('GET', '/api/users/me', headers)).status).toBe(200);
  });

  it('when a username contains @ or the phone is not a phone, the answer is 400 and nothing changes', async () => {
    const { user, headers } = await signedIn(app, 'student');
    for (const payload of [{ username: 'otra@persona.es' }, { phone: 'llámame' }]) {
      expect((await call('PUT', `/api/users/${user.id}`, headers, payload)).status).toBe(400);
      expect((await call('PUT', '/api/user/me', headers, payload)).status).toBe(400);
    }
    const [after] = await (
      await getTestDatabase()
    ).db
      .select()
      .from(users)
      .where(eq(users.id, user.id));
    expect(after).toMatchObject({ username: user.username, phone: user.phone });
  });

  it('when the email is already taken, the answer is 400', async () => {
    const taken = await createUser();
    const { user, headers } = await signedIn(app, 'student');
    const { status } = await call('PUT', `/api/users/${user.id}`, headers, {
      email: taken.email.toUpperCase(),
    });
    expect(status).toBe(400);
  });

  it('when a picture is someone else’s file, the answer is 400', async () => {
    const other = await createUser();
    const file = await createFile({ uploadedById: other.id });
    const { user, headers } = await signedIn(app, 'student');
    expect((await call('PUT', `/api/users/${user.id}`, headers, { picture: file.id })).status).toBe(
      400,
    );
    const own = await createFile({ uploadedById: user.id });
    expect(
      (await call('PUT', `/api/users/${user.id}?populate=picture`, headers, { picture: own.id }))
        .body.picture,
    ).toMatchObject({ id: own.id });
  });
});

describe('POST and DELETE /api/users (admins)', () => {
  it('when an admin creates a teacher, the account, role and teacher record with a P-key exist', async () => {
    const username = unique('profe');
    const { status, body } = await call('POST', '/api/users', admin, {
      username,
      email: `${username}@test.es`,
      password: 'Una contraseña larga 2026',
      name: 'Ana',
      surname: 'Ruiz',
      profileType: 'teacher',
    });
    expect(status).toBe(201);
    const [teacher] = await (
      await getTestDatabase()
    ).db
      .select()
      .from(teachers)
      .where(eq(teachers.userId, body.id));
    expect(teacher?.primaryKey).toMatch(/^P\d{4,}$/);
  });

  it('when a non-admin creates or deletes a user, the answer is 403', async () => {
    const { headers } = await signedIn(app, 'teacher');
    expect(
      (
        await call('POST', '/api/users', headers, {
          username: unique('u'),
          email: `${unique('u')}@test.es`,
        })
      ).status,
    ).toBe(403);
    const victim = await createUser();
    expect([403, 404]).toContain((await call('DELETE', `/api/users/${victim.id}`, headers)).status);
  });

  it('when an admin deletes a student account, the account and its student record are gone', async () => {
    const student = await createStudent();
    const { status, body } = await call('DELETE', `/api/users/${student.userId}`, admin);
    expect(status).toBe(200);
    expect(body.id).toBe(student.userId);
    const left = await (
      await getTestDatabase()
    ).db
      .select()
      .from(students)
      .where(eq(students.id, student.id));
    expect(left).toEqual([]);
  });

  it('when an admin creates an account with a weak password or a taken email (any case), the answer is 400', async () => {
    const taken = await createUser();
    const weak = await call('POST', '/api/users', admin, {
      username: unique('weak'),
      email: `${unique('weak')}@test.es`,
      password: 'password1234',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error?.message).toMatch(/común/);
    const duplicate = await call('POST', '/api/users', admin, {
      username: unique('dup'),
      email: `  ${taken.email.toUpperCase()} `,
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error?.message).toBe('Email is already taken');
  });

  it('when the body has unknown fields, the answer is 400', async () => {
    expect(
      (
        await call('POST', '/api/users', admin, {
          username: unique('u'),
          email: `${unique('u')}@test.es`,
          isRoot: true,
        })
      ).status,
    ).toBe(400);
  });
});

describe('PUT /api/user/me', () => {
  it('when a new account chooses student, the profile type, role and student record follow, once', async () => {
    const user = await createUser();
    const headers = bearer(app, user.id);
    const first = await call('PUT', '/api/user/me', headers, {
      profileType: 'student',
      name: 'Marta',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ profileType: 'student', name: 'Marta' });
    const [student] = await (
      await getTestDatabase()
    ).db
      .select()
      .from(students)
      .where(eq(students.userId, user.id));
    expect(student?.primaryKey).toMatch(/^E\d{4,}$/);
    const again = await call('PUT', '/api/user/me', headers, { profileType: 'teacher' });
    expect(again.status).toBe(400);
  });

  it('when the wizard sends a Spanish number without prefix, the phone is stored as +34 in E.164', async () => {
    const user = await createUser({ phone: null });
    const { status, body } = await call('PUT', '/api/user/me', bearer(app, user.id), {
      phone: '968 00 01 11',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ phone: '+34968000111' });
  });

  it('when someone chooses admin, the answer is 403 and nothing changes', async () => {
    const user = await createUser();
    const { status } = await call('PUT', '/api/user/me', bearer(app, user.id), {
      profileType: 'admin',
    });
    expect(status).toBe(403);
    const [after] = await (
      await getTestDatabase()
    ).db
      .select()
      .from(users)
      .where(eq(users.id, user.id));
    expect(after?.profileType).toBeNull();
  });

  it('when the body has fields outside the allow-list, the answer is 400', async () => {
    const { headers } = await signedIn(app, 'student');
    expect((await call('PUT', '/api/user/me', headers, { blocked: false })).status).toBe(400);
    expect((await call('PUT', '/api/user/me', headers, { email: 'x@y.es' })).status).toBe(400);
  });
});
