import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  asAdmin,
  createCampus,
  createCoordinator,
  createDegree,
  createOrganization,
  createStudent,
  createTeacher,
  createUniversity,
  createUser,
  unique,
} from '../../../test/helpers/factories';
import { getTestDatabase } from '../../../test/helpers/db';
import { teachersDegrees } from '../../db/schema';

/**
 * The queries the admins' people lists send (apps/web features/people-admin, ADR 0050), as they
 * send them: the generic routes accept them and answer what the lists show.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

interface Listed {
  data: { id: number; attributes: Record<string, unknown> }[];
  meta: { pagination: { total: number } };
}

const USER = {
  'populate[user][fields][0]': 'name',
  'populate[user][fields][1]': 'surname',
  'populate[user][fields][2]': 'email',
};
const STUDENT_LIST = {
  'fields[0]': 'primaryKey',
  'fields[1]': 'thesis_stage',
  'fields[2]': 'validated',
  'fields[3]': 'publishedAt',
  'fields[4]': 'createdAt',
  'fields[5]': 'other_university',
  'fields[6]': 'other_degree',
  ...USER,
  'populate[university][fields][0]': 'name',
  'populate[degree][fields][0]': 'name',
  publicationState: 'preview',
};

const get = async (path: string, params: Record<string, string>) => {
  const res = await app.inject({
    method: 'GET',
    url: `${path}?${new URLSearchParams(params).toString()}`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Listed>();
};

describe('the admins’ people lists', () => {
  it('students: searched by email, filtered, drafts included, sorted by the account, never the DNI', async () => {
    const word = unique('buscada').toLowerCase();
    const university = await createUniversity();
    const degree = await createDegree({}, [
      (await createCampus({ universityId: university.id })).id,
    ]);
    const a = await createStudent({
      userId: (await createUser({ profileType: 'student', email: `zz-${word}@um.es`, name: 'Zoe' }))
        .id,
      universityId: university.id,
      degreeId: degree.id,
      thesis_stage: 'doing',
      publishedAt: null,
    });
    const b = await createStudent({
      userId: (await createUser({ profileType: 'student', email: `aa-${word}@um.es`, name: 'Ana' }))
        .id,
      universityId: university.id,
      degreeId: degree.id,
      thesis_stage: 'doing',
    });
    const search = {
      'filters[$or][0][user][name][$containsi]': word,
      'filters[$or][1][user][surname][$containsi]': word,
      'filters[$or][2][user][email][$containsi]': word,
      'filters[$or][3][primaryKey][$containsi]': word,
      'filters[university][id][$eq]': String(university.id),
      'filters[degree][id][$eq]': String(degree.id),
      'filters[thesis_stage][$eq]': 'doing',
      'filters[validated][$eq]': 'false',
    };
    const list = await get('/api/students', {
      ...STUDENT_LIST,
      ...search,
      'sort[0]': 'user.name:asc',
      'sort[1]': 'user.surname:asc',
      'sort[2]': 'id:asc',
      'pagination[page]': '1',
      'pagination[pageSize]': '25',
    });
    expect(list.data.map((s) => s.id)).toEqual([b.id, a.id]);
    expect(list.data[1]!.attributes.publishedAt).toBeNull();
    expect(list.data[0]!.attributes).not.toHaveProperty('dni');
    expect(list.data[0]!.attributes).not.toHaveProperty('disability');
    expect(
      (list.data[0]!.attributes.user as { data: { attributes: Record<string, unknown> } }).data
        .attributes,
    ).toEqual({ name: 'Ana', surname: 'Apellido', email: `aa-${word}@um.es` });

    const drafts = await get('/api/students', {
      ...STUDENT_LIST,
      ...search,
      'filters[publishedAt][$null]': 'true',
    });
    expect(drafts.data.map((s) => s.id)).toEqual([a.id]);

    // The export: the same filters through the streamed route, without order nor pages.
    const all = await get('/api/students/all', { ...STUDENT_LIST, ...search });
    expect(all.data.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('students: unpublishing with publishedAt null keeps them in the admins’ list', async () => {
    const student = await createStudent();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/students/${student.id}`,
      headers: admin,
      payload: { data: { publishedAt: null } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = await get('/api/students', {
      ...STUDENT_LIST,
      'filters[id][$eq]': String(student.id),
    });
    expect(list.data[0]!.attributes.publishedAt).toBeNull();
  });

  it('teachers: filtered by a degree they teach, searched by area', async () => {
    const degree = await createDegree();
    const teacher = await createTeacher({ teacher_area: unique('Didáctica') });
    await (
      await getTestDatabase()
    ).db
      .insert(teachersDegrees)
      .values({ teacherId: teacher.id, degreeId: degree.id });
    const list = await get('/api/teachers', {
      'fields[0]': 'primaryKey',
      'fields[1]': 'teacher_area',
      'fields[2]': 'class_type',
      'fields[3]': 'publishedAt',
      'fields[4]': 'createdAt',
      'fields[5]': 'invited',
      ...USER,
      'populate[university][fields][0]': 'name',
      publicationState: 'preview',
      'filters[$or][0][teacher_area][$containsi]': teacher.teacher_area!,
      'filters[degrees][id][$eq]': String(degree.id),
      'sort[0]': 'primaryKey:asc',
      'sort[1]': 'id:asc',
    });
    expect(list.data.map((t) => t.id)).toEqual([teacher.id]);
  });

  it('organisations with their contact and count of coordinators; coordinators by organisation', async () => {
    const organization = await createOrganization({ name: unique('Acme') });
    const coordinator = await createCoordinator({
      organizationId: organization.id,
      job_position: 'Directora',
    });
    const organizations = await get('/api/organizations', {
      'fields[0]': 'name',
      'fields[1]': 'contact_mail',
      'populate[coordinators][count]': 'true',
      'filters[$or][0][name][$containsi]': organization.name,
      'filters[$or][1][contact_mail][$containsi]': organization.name,
      'sort[0]': 'name:asc',
      'sort[1]': 'id:asc',
    });
    expect(organizations.data).toEqual([
      {
        id: organization.id,
        attributes: {
          name: organization.name,
          contact_mail: 'contacto@org.es',
          coordinators: { data: { attributes: { count: 1 } } },
        },
      },
    ]);
    const coordinators = await get('/api/coordinators', {
      'fields[0]': 'job_position',
      ...USER,
      'populate[organization][fields][0]': 'name',
      'filters[$or][3][organization][name][$containsi]': organization.name,
      'sort[0]': 'organization.name:asc',
      'sort[1]': 'user.name:asc',
      'sort[2]': 'id:asc',
    });
    expect(coordinators.data.map((c) => c.id)).toEqual([coordinator.id]);
  });
});
