import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  asAdmin,
  bearer,
  createStudent,
  createTeacher,
  createUser,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import { getTestDatabase } from '../../../test/helpers/db';
import { tfxes } from '../../db/schema';

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

describe('students', () => {
  it('when a student looks up their profile by user id (spec §7), they get their record', async () => {
    const student = await createStudent();
    const headers = bearer(app, student.userId);
    const { status, body } = await send(
      app,
      'GET',
      `/api/students?populate=user&filters[user][id][$eq]=${student.userId}`,
      { headers },
    );
    expect(status).toBe(200);
    expect(body.data.map((s) => s.id)).toEqual([student.id]);
  });

  it('when the shell looks up a student with only the ids of her works, each work comes as its id alone, her pending one too', async () => {
    const student = await createStudent({ province: 'Murcia' });
    const [work] = await (
      await getTestDatabase()
    ).db
      .insert(tfxes)
      .values({
        title: unique('Trabajo pendiente'),
        summary: 'Un resumen largo que el menú no necesita.',
        studentId: student.id,
        review_status: 'pending',
      })
      .returning();
    const query = qs.stringify({
      filters: { user: { id: { $eq: student.userId } } },
      fields: ['province'],
      populate: { university: { fields: ['name'] }, tfxs: { fields: ['id'] } },
      publicationState: 'preview',
    });
    const { status, body } = await send(app, 'GET', `/api/students?${query}`, {
      headers: bearer(app, student.userId),
    });
    expect(status).toBe(200);
    const [entry] = body.data as { id: number; attributes: Record<string, unknown> }[];
    expect(entry!.id).toBe(student.id);
    expect(Object.keys(entry!.attributes).sort()).toEqual(['province', 'tfxs', 'university']);
    expect(entry!.attributes.tfxs).toEqual({ data: [{ id: work!.id, attributes: {} }] });
  });

  it('when a student updates their notification preferences, the component is stored and answered', async () => {
    const student = await createStudent();
    const notification = { email: false, whatsapp: true, selected: true };
    const { status, body } = await send(
      app,
      'PUT',
      `/api/students/${student.id}?populate=notification`,
      {
        headers: bearer(app, student.userId),
        payload: { data: { notification } },
      },
    );
    expect(status).toBe(200);
    expect(body.data.attributes.notification).toEqual(notification);
  });

  it('when a student tries to change what is not theirs to change (validated, user), the answer is 403', async () => {
    const student = await createStudent();
    for (const data of [{ validated: true }, { qualification: 10 }, { primaryKey: 'E9999' }]) {
      const { status } = await send(app, 'PUT', `/api/students/${student.id}`, {
        headers: bearer(app, student.userId),
        payload: { data },
      });
      expect(status).toBe(403);
    }
  });

  it('when updating by user id and the user has no student record, the answer is 404 "Student not found"', async () => {
    const user = await createUser({ profileType: 'teacher' });
    const { status, body } = await send(app, 'PUT', `/api/students/user/${user.id}`, {
      headers: admin,
      payload: { data: { province: 'Murcia' } },
    });
    expect(status).toBe(404);
    expect(body.error?.message).toBe('Student not found');
  });

  it('when updating by user id, the student record of that user changes', async () => {
    const student = await createStudent();
    const { status, body } = await send(app, 'PUT', `/api/students/user/${student.userId}`, {
      headers: bearer(app, student.userId),
      payload: { data: { province: 'Murcia' } },
    });
    expect(status).toBe(200);
    expect(body.data.attributes.province).toBe('Murcia');
  });

  it('when another student updates by someone else’s user id, the answer is 404 "Student not found"', async () => {
    const victim = await createStudent();
    const { headers } = await signedIn(app, 'student');
    const { status, body } = await send(app, 'PUT', `/api/students/user/${victim.userId}`, {
      headers,
      payload: { data: { province: 'Murcia' } },
    });
    expect(status).toBe(404);
    expect(body.error?.message).toBe('Student not found');
  });

  it('when an admin unpublishes a student via publishedAt (spec §4), it leaves the live list', async () => {
    const student = await createStudent();
    await send(app, 'PUT', `/api/students/${student.id}`, {
      headers: admin,
      payload: { data: { publishedAt: null } },
    });
    expect(
      (await send(app, 'GET', `/api/students?filters[id]=${student.id}`, { headers: admin })).body
        .data,
    ).toEqual([]);
  });
});

describe('external students', () => {
  it('when a student saves a final work through the external call, only favorites_tfxes changes', async () => {
    const student = await createStudent();
    const [tfx] = await (
      await getTestDatabase()
    ).db
      .insert(tfxes)
      .values({ title: unique('TFG'), publishedAt: new Date() })
      .returning();
    const headers = bearer(app, student.userId);
    const ok = await send(
      app,
      'PUT',
      `/api/external/students/${student.id}?populate=favorites_tfxes`,
      { headers, payload: { data: { favorites_tfxes: [tfx!.id] } } },
    );
    expect(ok.status).toBe(200);
    expect(
      (ok.body.data.attributes.favorites_tfxes as { data: { id: number }[] }).data.map((t) => t.id),
    ).toEqual([tfx!.id]);
    const refused = await send(app, 'PUT', `/api/external/students/${student.id}`, {
      headers,
      payload: { data: { province: 'Jaén' } },
    });
    expect(refused.status).toBe(400);
  });

  it('when a student saves works asking only for ids, the answer holds the saved works as ids alone', async () => {
    const student = await createStudent();
    const [tfx] = await (
      await getTestDatabase()
    ).db
      .insert(tfxes)
      .values({ title: unique('TFG'), summary: 'Un resumen largo.', publishedAt: new Date() })
      .returning();
    const { status, body } = await send(
      app,
      'PUT',
      `/api/external/students/${student.id}?fields[0]=id&populate[favorites_tfxes][fields][0]=id`,
      { headers: bearer(app, student.userId), payload: { data: { favorites_tfxes: [tfx!.id] } } },
    );
    expect(status).toBe(200);
    expect(body.data.attributes).toEqual({
      favorites_tfxes: { data: [{ id: tfx!.id, attributes: {} }] },
    });
  });

  it('when listing external students, the students policy applies', async () => {
    const student = await createStudent();
    const { body } = await send(app, 'GET', `/api/external/students?filters[id]=${student.id}`, {
      headers: bearer(app, student.userId),
    });
    expect(body.data.map((s) => s.id)).toEqual([student.id]);
    expect((await send(app, 'GET', '/api/external/students')).status).toBe(403);
  });
});

describe('teachers', () => {
  it('when searching tutors by name (spec §7), full names match ignoring accents, ten a page', async () => {
    const tag = unique('Tut');
    const user = await createUser({
      profileType: 'teacher',
      name: `Ángela ${tag}`,
      surname: 'Martínez',
    });
    await createTeacher({ userId: user.id });
    const query = qs.stringify({ filters: { name: { $contains: `angela ${tag}`.toLowerCase() } } });
    const { status, body } = await send(app, 'GET', `/api/teachers/names?${query}`, {
      headers: admin,
    });
    expect(status).toBe(200);
    expect(body.data.map((t) => t.attributes.name)).toEqual([`Ángela ${tag} Martínez`]);
    expect(body.meta.pagination).toMatchObject({ page: 1, pageSize: 10, total: 1 });
  });

  it('when a visitor asks for teacher names, the answer is 403; bad queries 400', async () => {
    expect((await send(app, 'GET', '/api/teachers/names')).status).toBe(403);
    expect(
      (await send(app, 'GET', '/api/teachers/names?sort=name', { headers: admin })).status,
    ).toBe(400);
    expect(
      (await send(app, 'GET', '/api/teachers/names?pagination[pageSize]=1000', { headers: admin }))
        .status,
    ).toBe(400);
  });

  it('when an admin sets a teacher’s primaryKey, class type and invited flag (spec §7), they are stored; a bad key is 400', async () => {
    const teacher = await createTeacher();
    const primaryKey = `P${String(Date.now()).slice(-7)}`;
    const ok = await send(app, 'PUT', `/api/teachers/${teacher.id}`, {
      headers: admin,
      payload: { data: { primaryKey, class_type: 'Máster', invited: true } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.attributes).toMatchObject({
      primaryKey,
      class_type: 'Máster',
      invited: true,
    });
    expect(
      (
        await send(app, 'PUT', `/api/teachers/${teacher.id}`, {
          headers: admin,
          payload: { data: { primaryKey: 'X12' } },
        })
      ).status,
    ).toBe(400);
  });

  it('when a teacher updates their own area and degrees, it works; invited or primaryKey is refused', async () => {
    const teacher = await createTeacher();
    const headers = bearer(app, teacher.userId);
    expect(
      (
        await send(app, 'PUT', `/api/teachers/${teacher.id}`, {
          headers,
          payload: { data: { teacher_area: 'Ingeniería' } },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send(app, 'PUT', `/api/teachers/${teacher.id}`, {
          headers,
          payload: { data: { invited: true } },
        })
      ).status,
    ).toBe(403);
  });
});
