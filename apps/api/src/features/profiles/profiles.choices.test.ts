import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@plataforma/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { asAdmin, bearer, createTeacher, unique } from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import { students } from '../../db/schema';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

describe('a new student’s notification preferences (spec §3)', () => {
  it('when an account is created as a student, every preference starts on (opt-out, ADR 0031)', async () => {
    const username = unique('alumna');
    const { status, body } = await send(app, 'POST', '/api/users', {
      headers: await asAdmin(app),
      payload: {
        username,
        email: `${username}@test.es`,
        password: 'Una contraseña larga 2026',
        profileType: 'student',
      },
    });
    expect(status).toBe(201);
    const userId = (body as unknown as { id: number }).id;
    const [student] = await (
      await getTestDatabase()
    ).db
      .select({ notification: students.notification })
      .from(students)
      .where(eq(students.userId, userId));
    expect(student?.notification).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(Object.values(student?.notification ?? {})).toHaveLength(10);
    expect(Object.values(student?.notification ?? {}).every((on) => on === true)).toBe(true);
  });
});

describe('a teacher’s "Otra" university and campus (spec §4 Other option)', () => {
  it('when a teacher writes the text of "Otra" for university and campus, it is kept and read back', async () => {
    const teacher = await createTeacher();
    const headers = bearer(app, teacher.userId);
    const written = await send(app, 'PUT', `/api/teachers/${teacher.id}`, {
      headers,
      payload: {
        data: {
          university: { set: [] },
          campus: { set: [] },
          other_university: 'Universidad del Atlántico Medio',
          other_campus: 'Campus de Tafira',
        },
      },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const { body } = await send(app, 'GET', `/api/teachers/${teacher.id}`, { headers });
    expect(body.data).toMatchObject({
      attributes: {
        other_university: 'Universidad del Atlántico Medio',
        other_campus: 'Campus de Tafira',
      },
    });
  });
});
