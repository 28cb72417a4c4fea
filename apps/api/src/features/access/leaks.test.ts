import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  bearer,
  createApply,
  createCoordinator,
  createNotification,
  createOrganization,
  createProject,
  createStudent,
  createTeacher,
  createUser,
  unique,
} from '../../../test/helpers/factories';
import { createRegistry } from '../../content-types';

/**
 * No private field of a user is readable by another user through any route (issue 3, done when).
 * A victim student with unmistakable contact data applies to projects of a teacher and of an
 * organisation; every other role then asks every read route, populating everything reachable.
 */

let app: FastifyInstance;
const secrets: string[] = [];
const observers: Record<string, Record<string, string>> = {};
let victimIds: { userId: number; studentId: number; applyIds: number[] };

beforeAll(async () => {
  app = await getTestApp();
  const tag = unique('secreto').replace(/[^a-z0-9]/gi, '');
  const email = `${tag}@privado.es`;
  const phone = `+34 6${String(Date.now()).slice(-8)}`;
  const dni = '87654321X';
  secrets.push(email, phone, dni);

  const victimUser = await createUser({ profileType: 'student', email, phone });
  const victim = await createStudent({ userId: victimUser.id, dni, disability: true });
  const teacher = await createTeacher();
  const organization = await createOrganization();
  const coordinator = await createCoordinator({ organizationId: organization.id });
  const a = await createApply({
    studentId: victim.id,
    projectId: (await createProject({ teacherId: teacher.id })).id,
    dni,
  });
  const b = await createApply({
    studentId: victim.id,
    projectId: (await createProject({ organizationId: organization.id })).id,
    dni,
  });
  await createNotification({ studentId: victim.id, notification_message: `<p>${email}</p>` });
  victimIds = { userId: victimUser.id, studentId: victim.id, applyIds: [a.id, b.id] };

  const otherStudent = await createStudent();
  observers.visitor = {};
  observers.student = bearer(app, otherStudent.userId);
  observers.teacher = bearer(app, teacher.userId);
  observers.coordinator = bearer(app, coordinator.userId);
  observers.newcomer = bearer(app, (await createUser()).id);
});

/** Every read route, populating two levels of everything (user data hides behind student.user). */
function routes(): string[] {
  const list: string[] = [
    `/api/users`,
    `/api/users/${victimIds.userId}?populate=*`,
    `/api/users?populate[student][populate]=*`,
    `/api/students/${victimIds.studentId}?populate[user]=*`,
    `/api/external/students?populate=*`,
    `/api/teachers/names`,
  ];
  for (const type of createRegistry().all()) {
    if (!type.exposed) continue;
    const base =
      type.kind === 'singleType' ? `/api/${type.singularName}` : `/api/${type.pluralName}`;
    const deep: string[] = [];
    for (const attribute of type.attributes.values()) {
      if (attribute.kind === 'relation' && !attribute.media)
        deep.push(`populate[${attribute.name}][populate]=*`);
    }
    list.push(`${base}?populate=*`, `${base}?${deep.join('&')}&pagination[pageSize]=100`);
  }
  for (const id of victimIds.applyIds) list.push(`/api/applys/${id}?populate[student][populate]=*`);
  return list;
}

describe('no route shows a student’s contact data or DNI to anyone else', () => {
  it.each(['visitor', 'student', 'teacher', 'coordinator', 'newcomer'])('as %s', async (role) => {
    let readable = 0;
    for (const url of routes()) {
      const res = await app.inject({ method: 'GET', url, headers: observers[role] });
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode === 200) readable += 1;
      for (const secret of secrets) expect(res.body, `${role} ${url}`).not.toContain(secret);
      expect(res.body, `${role} ${url}`).not.toMatch(/"disability"\s*:\s*true/);
    }
    expect(readable).toBeGreaterThan(0);
  });

  it('the publishers do see the applicant they review (name, applications), so the sweep is not vacuous', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/applys/${victimIds.applyIds[0]}?populate[student][populate]=user`,
      headers: observers.teacher,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { attributes: { student: { data: { id: number } } } } }>();
    expect(body.data.attributes.student.data.id).toBe(victimIds.studentId);
  });

  it('the owner sees all of it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(app, victimIds.userId),
    });
    for (const secret of secrets.slice(0, 2)) expect(res.body).toContain(secret);
  });
});
