import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, students, tfxes } from '../../db/schema';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  asAdmin,
  bearer,
  createApply,
  createCoordinator,
  createOrganization,
  createProject,
  createStudent,
  createTeacher,
  createUser,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import {
  buildUploadTestApp,
  filesUnder,
  image,
  pdf,
  upload,
  type UploadTestApp,
} from '../../../test/helpers/upload';
import type { PresentedFile } from './upload.presenter';

let t: UploadTestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildUploadTestApp();
  admin = await asAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

/** A signed-in student with their student record. */
async function aStudent() {
  const user = await createUser({ profileType: 'student' });
  const student = await createStudent({ userId: user.id });
  return { user, student, headers: bearer(t.app, user.id) };
}

async function uploadAs(
  headers: Record<string, string>,
  data: Buffer,
  filename: string,
  fields: Record<string, string> = {},
) {
  const { status, body } = await upload(t.app, headers, [{ data, filename }], fields);
  expect(status).toBe(201);
  return (body as PresentedFile[])[0]!;
}

const request = (method: 'GET' | 'DELETE', url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers });

const content = (fileId: number, headers?: Record<string, string>) =>
  request('GET', `/api/upload/files/${fileId}/content`, headers);
const details = (fileId: number, headers?: Record<string, string>) =>
  request('GET', `/api/upload/files/${fileId}`, headers);

async function db() {
  return (await getTestDatabase()).db;
}

describe('private files: who may read them', () => {
  it('when the uploader or an admin reads a private CV, they get it; another student, a teacher and a visitor get 404', async () => {
    const owner = await aStudent();
    const cv = await uploadAs(owner.headers, pdf('CV propio'), 'cv.pdf');
    expect(cv.isPrivate).toBe(true);
    expect((await content(cv.id, owner.headers)).statusCode).toBe(200);
    expect((await content(cv.id, admin)).statusCode).toBe(200);
    const other = await aStudent();
    const teacher = await signedIn(t.app, 'teacher');
    for (const headers of [other.headers, teacher.headers, {}]) {
      const res = await content(cv.id, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ error: { name: string } }>().error.name).toBe('NotFoundError');
      expect((await details(cv.id, headers)).statusCode).toBe(404);
    }
  });

  it('when an admin uploaded the CV and linked it to a student record, that student reads it through the record', async () => {
    const student = await aStudent();
    const cv = await uploadAs(admin, pdf('CV subido por admin'), 'cv.pdf');
    expect((await content(cv.id, student.headers)).statusCode).toBe(404);
    await (
      await db()
    )
      .update(students)
      .set({ cvId: cv.id })
      .where(eq(students.id, student.student.id));
    expect((await content(cv.id, student.headers)).statusCode).toBe(200);
    expect((await details(cv.id, student.headers)).statusCode).toBe(200);
    expect((await content(cv.id, (await aStudent()).headers)).statusCode).toBe(404);
  });

  it("when a teacher's project received an application with a CV, the teacher reads the CV; a teacher of another project does not", async () => {
    const applicant = await aStudent();
    const cv = await uploadAs(applicant.headers, pdf('CV candidatura'), 'cv.pdf');
    const teacherUser = await createUser({ profileType: 'teacher' });
    const teacher = await createTeacher({ userId: teacherUser.id });
    const project = await createProject({ teacherId: teacher.id });
    await createApply({ studentId: applicant.student.id, projectId: project.id, cvId: cv.id });

    const res = await content(cv.id, bearer(t.app, teacherUser.id));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf('CV candidatura'))).toBe(true);
    expect((await details(cv.id, bearer(t.app, teacherUser.id))).statusCode).toBe(200);

    const otherTeacher = await createUser({ profileType: 'teacher' });
    await createTeacher({ userId: otherTeacher.id });
    await createProject({ teacherId: (await createTeacher()).id });
    expect((await content(cv.id, bearer(t.app, otherTeacher.id))).statusCode).toBe(404);
  });

  it("when an organisation's project received an application, its coordinator reads the CV", async () => {
    const applicant = await aStudent();
    const cv = await uploadAs(applicant.headers, pdf(), 'cv.pdf');
    const organization = await createOrganization();
    const coordinatorUser = await createUser({ profileType: 'coordinator' });
    await createCoordinator({ userId: coordinatorUser.id, organizationId: organization.id });
    const project = await createProject({ organizationId: organization.id });
    await createApply({ studentId: applicant.student.id, projectId: project.id, cvId: cv.id });
    expect((await content(cv.id, bearer(t.app, coordinatorUser.id))).statusCode).toBe(200);
  });

  it('when a final work is published with its document, a visitor downloads it; while a draft, 404', async () => {
    const author = await aStudent();
    const document = await uploadAs(author.headers, pdf('TFG'), 'tfg.pdf');
    const [tfx] = await (
      await db()
    )
      .insert(tfxes)
      .values({ title: unique('TFG'), fileId: document.id, studentId: author.student.id })
      .returning();
    expect((await content(document.id)).statusCode).toBe(404);
    await (await db()).update(tfxes).set({ publishedAt: new Date() }).where(eq(tfxes.id, tfx!.id));
    const res = await content(document.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=tfg\.pdf/);
  });
});

describe('GET /api/upload/files and /api/upload/files/:id', () => {
  it('when a student lists files, only their own uploads come, flat and without private attributes', async () => {
    const me = await aStudent();
    const mine = await uploadAs(me.headers, await image('png', 30, 30), 'mio.png');
    const theirs = await uploadAs((await aStudent()).headers, pdf(), 'ajeno.pdf');
    const res = await request('GET', '/api/upload/files', me.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json<PresentedFile[]>();
    expect(list.map((f) => f.id)).toEqual([mine.id]);
    expect(list[0]).toMatchObject({
      id: mine.id,
      name: 'mio.png',
      url: mine.url,
      mime: 'image/png',
      isPrivate: false,
    });
    expect(list[0]).not.toHaveProperty('storageKey');
    expect(list[0]).not.toHaveProperty('uploadedById');
    expect(list[0]).not.toHaveProperty('attributes');

    const forAdmin = await request(
      'GET',
      `/api/upload/files?filters[id][$in][0]=${mine.id}&filters[id][$in][1]=${theirs.id}&sort=id:asc`,
      admin,
    );
    expect(forAdmin.json<PresentedFile[]>().map((f) => f.id)).toEqual([mine.id, theirs.id]);
  });

  it('when the list is filtered by a private attribute or asked by a visitor, the answer is 400 or 403', async () => {
    const me = await aStudent();
    const filtered = await request(
      'GET',
      '/api/upload/files?filters[storageKey][$null]=false',
      me.headers,
    );
    expect(filtered.statusCode).toBe(400);
    expect((await request('GET', '/api/upload/files')).statusCode).toBe(403);
  });

  it('when the uploader asks for a file by id, the answer is the flat file', async () => {
    const me = await aStudent();
    const file = await uploadAs(me.headers, pdf(), 'cv.pdf');
    const res = await details(file.id, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(file);
  });
});

describe('DELETE /api/upload/files/:id', () => {
  it('when the uploader deletes an image, its row, its bytes and its formats go, and the record pointing at it is emptied', async () => {
    const me = await aStudent();
    const file = await uploadAs(me.headers, await image('png', 800, 800), 'foto.png', {
      visibility: 'private',
    });
    await (
      await db()
    )
      .update(students)
      .set({ cvId: file.id })
      .where(eq(students.id, me.student.id));
    const stored = (await filesUnder(t.uploadDir)).filter((f) => f.includes(file.hash));
    expect(stored).toHaveLength(3);

    const res = await request('DELETE', `/api/upload/files/${file.id}`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<PresentedFile>()).toMatchObject({ id: file.id, name: 'foto.png' });
    for (const path of stored) {
      await expect(access(join(t.uploadDir, path))).rejects.toThrow();
    }
    expect(await (await db()).select().from(files).where(eq(files.id, file.id))).toEqual([]);
    const [record] = await (
      await db()
    )
      .select({ cvId: students.cvId })
      .from(students)
      .where(eq(students.id, me.student.id));
    expect(record?.cvId).toBeNull();
    expect((await details(file.id, me.headers)).statusCode).toBe(404);
  });

  it('when someone who may not see the file deletes it, the answer is 404; when they may see it but it is not theirs, 403', async () => {
    const applicant = await aStudent();
    const cv = await uploadAs(applicant.headers, pdf(), 'cv.pdf');
    const teacherUser = await createUser({ profileType: 'teacher' });
    const project = await createProject({
      teacherId: (await createTeacher({ userId: teacherUser.id })).id,
    });
    await createApply({ studentId: applicant.student.id, projectId: project.id, cvId: cv.id });

    const stranger = await aStudent();
    expect(
      (await request('DELETE', `/api/upload/files/${cv.id}`, stranger.headers)).statusCode,
    ).toBe(404);
    const teacher = await request(
      'DELETE',
      `/api/upload/files/${cv.id}`,
      bearer(t.app, teacherUser.id),
    );
    expect(teacher.statusCode).toBe(403);
    expect(teacher.json<{ error: { name: string } }>().error.name).toBe('ForbiddenError');
    expect((await request('DELETE', `/api/upload/files/${cv.id}`)).statusCode).toBe(404);
    expect((await content(cv.id, applicant.headers)).statusCode).toBe(200);
  });

  it("when an admin deletes someone else's file, it goes", async () => {
    const owner = await aStudent();
    const file = await uploadAs(owner.headers, pdf(), 'cv.pdf');
    expect((await request('DELETE', `/api/upload/files/${file.id}`, admin)).statusCode).toBe(200);
    expect((await content(file.id, owner.headers)).statusCode).toBe(404);
  });
});
