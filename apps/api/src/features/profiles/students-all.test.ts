import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  asAdmin,
  bearer,
  createApply,
  createProject,
  createStudent,
  createTeacher,
  unique,
} from '../../../test/helpers/factories';
import { getTestDatabase } from '../../../test/helpers/db';
import { students, users } from '../../db/schema';
import { SYSTEM } from '../../lib/strapi/actor';

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

interface Listed {
  data: { id: number; attributes: Record<string, unknown> }[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
}

/**
 * `count` students in two statements (the factories would take a request each), with emails
 * ending in `@<domain>` to find them again; unpublished every seventh.
 */
async function manyStudents(count: number, domain: string): Promise<number[]> {
  const { db } = await getTestDatabase();
  const base = 100_000_000 + randomInt(0, 8_000) * 100_000;
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `${domain}-${i}`,
        email: `e${i}@${domain}`,
        profileType: 'student' as const,
        confirmed: true,
      })),
    )
    .returning({ id: users.id });
  const rows = await db
    .insert(students)
    .values(
      created.map((user, i) => ({
        userId: user.id,
        primaryKey: `E${base + i}`,
        dni: '12345678Z',
        disability: false,
        publishedAt: i % 7 === 0 ? null : new Date(),
      })),
    )
    .returning({ id: students.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const allOf = (domain: string, extra: Record<string, unknown> = {}) =>
  `/api/students/all?${qs.stringify({ filters: { user: { email: { $endsWith: `@${domain}` } } }, ...extra })}`;

describe('GET /api/students/all', () => {
  it('when an admin asks, every student comes once, in id order, over several batches, drafts included, with the total', async () => {
    const domain = `${unique('todos')}.test`.toLowerCase();
    // More than two batches of the engine's 1,000.
    const ids = await manyStudents(2_150, domain);
    const res = await app.inject({
      method: 'GET',
      url: allOf(domain, { populate: 'user', fields: ['primaryKey', 'dni'] }),
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json<Listed>();
    expect(body.data.map((s) => s.id)).toEqual(ids);
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 2_150, pageCount: 1, total: 2_150 });
    // An admin sees the protected fields; nobody ever gets the private ones.
    const first = body.data[0]!.attributes;
    expect(first.dni).toBe('12345678Z');
    expect(
      (first.user as { data: { attributes: Record<string, unknown> } }).data.attributes,
    ).toMatchObject({
      email: `e0@${domain}`,
    });
    expect(res.body).not.toMatch(/"password"|"tokensValidAfter"/);
  });

  it('when the engine reads in small batches, the pieces join into one complete, ordered answer', async () => {
    const domain = `${unique('lotes')}.test`.toLowerCase();
    const ids = await manyStudents(7, domain);
    const pieces: string[] = [];
    for await (const piece of await app.entities.findAllJson(
      'api::student.student',
      { filters: { user: { email: { $endsWith: `@${domain}` } } }, publicationState: 'preview' },
      SYSTEM,
      { batchSize: 2 },
    )) {
      pieces.push(piece);
    }
    // The opening, four batches (2 + 2 + 2 + 1) and the closing.
    expect(pieces).toHaveLength(6);
    const body = JSON.parse(pieces.join('')) as Listed;
    expect(body.data.map((s) => s.id)).toEqual(ids);
    expect(body.meta.pagination.total).toBe(7);
  });

  it('when a teacher asks, only the students who applied to their projects come, without their DNI, disability, email or phone', async () => {
    const teacher = await createTeacher();
    const project = await createProject({ teacherId: teacher.id });
    const applicant = await createStudent({ dni: '87654321X', disability: true });
    await createStudent();
    await createApply({ studentId: applicant.id, projectId: project.id });

    const res = await app.inject({
      method: 'GET',
      url: '/api/students/all?populate=user',
      headers: bearer(app, teacher.userId),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Listed>();
    expect(body.data.map((s) => s.id)).toEqual([applicant.id]);
    const attributes = body.data[0]!.attributes;
    expect(attributes).not.toHaveProperty('dni');
    expect(attributes).not.toHaveProperty('disability');
    const user = (attributes.user as { data: { attributes: Record<string, unknown> } }).data;
    expect(user.attributes).not.toHaveProperty('email');
    expect(user.attributes).not.toHaveProperty('phone');
    expect(res.body).not.toContain('87654321X');
  });

  it('when a student asks, they get themself only; a visitor gets 403', async () => {
    const student = await createStudent();
    const mine = await app.inject({
      method: 'GET',
      url: '/api/students/all',
      headers: bearer(app, student.userId),
    });
    expect(mine.json<Listed>().data.map((s) => s.id)).toEqual([student.id]);
    expect((await app.inject({ method: 'GET', url: '/api/students/all' })).statusCode).toBe(403);
  });

  it('when pages, an order or a bad filter are asked for, the answer is a 400 before anything is sent', async () => {
    for (const query of [
      'pagination[page]=2',
      'sort=primaryKey',
      'filters[password][$eq]=x',
      'populate=nope',
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/students/all?${query}`,
        headers: admin,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: { name: string } }>().error.name, query).toBe('ValidationError');
    }
  });
});
