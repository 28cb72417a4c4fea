import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_AUTHOR } from '@plataforma/shared';
import { getTestApp, TEST_CONFIG } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  asAdmin,
  bearer,
  createApply,
  createNotification,
  createProject,
  createStudent,
  createUser,
  signedIn,
  TEST_PASSWORD,
  unique,
} from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import { image, pdf, upload } from '../../../test/helpers/upload';
import * as schema from '../../db/schema';

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

const db = async () => (await getTestDatabase()).db;

/** A student with something of everything: files, an application, saves, entries, a work. */
async function studentWithData() {
  const user = await createUser({ profileType: 'student', phone: '+34600111222' });
  const headers = bearer(app, user.id);
  const cvUpload = await upload(app, headers, [{ data: pdf('Mi CV'), filename: 'cv.pdf' }], {
    visibility: 'private',
  });
  const pictureUpload = await upload(app, headers, [
    { data: await image('png', 20, 20), filename: 'foto.png' },
  ]);
  expect(cvUpload.status).toBe(201);
  expect(pictureUpload.status).toBe(201);
  const cvId = (cvUpload.body as { id: number }[])[0]!.id;
  const pictureId = (pictureUpload.body as { id: number }[])[0]!.id;
  const d = await db();
  await d.update(schema.users).set({ pictureId }).where(eq(schema.users.id, user.id));
  const student = await createStudent({
    userId: user.id,
    dni: '12345678Z',
    disability: true,
    cvId,
  });
  const project = await createProject({ title: unique('Proyecto') });
  const application = await createApply({
    studentId: student.id,
    projectId: project.id,
    status: 'Preseleccionado',
    motivation: 'Mi motivación personal',
    dni: '12345678Z',
    cvId,
  });
  await d
    .insert(schema.studentsFavoriteProjects)
    .values({ studentId: student.id, projectId: project.id });
  const notification = await createNotification({
    studentId: student.id,
    notification_subject: unique('Aviso propio'),
  });
  const [questionnaire] = await d
    .insert(schema.questionnaireAnswers)
    .values({ studentId: student.id, email: user.email, answers: { q1: 3 }, scores: { s: 3 } })
    .returning();
  const workUpload = await upload(app, headers, [{ data: pdf('Mi TFG'), filename: 'tfg.pdf' }]);
  const workFileId = (workUpload.body as { id: number }[])[0]!.id;
  const [work] = await d
    .insert(schema.tfxes)
    .values({
      title: unique('TFG'),
      studentId: student.id,
      fileId: workFileId,
      review_status: 'published',
      publishedAt: new Date(),
    })
    .returning();
  return {
    user,
    headers,
    student,
    project,
    application,
    notification,
    questionnaire: questionnaire!,
    work: work!,
    cvId,
    pictureId,
    workFileId,
  };
}

async function exportOf(url: string, headers: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url, headers });
  return res;
}

function unzip(body: Buffer) {
  const entries = unzipSync(new Uint8Array(body));
  const data = JSON.parse(strFromU8(entries['datos.json']!)) as Record<string, unknown> & {
    cuenta: Record<string, unknown>;
    archivos: { id: number; enElArchivo: string | null }[];
  };
  return { entries, data };
}

const storedKeyOf = async (fileId: number) => {
  const [row] = await (
    await db()
  )
    .select({ key: schema.files.storageKey })
    .from(schema.files)
    .where(eq(schema.files.id, fileId));
  return row?.key ?? null;
};

describe('GET /api/users/me/export', () => {
  it('answers a ZIP with the owner’s data and files, without password or anyone else’s data', async () => {
    const other = await studentWithData();
    const mine = await studentWithData();
    const res = await exportOf('/api/users/me/export', mine.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('attachment');
    const { entries, data } = unzip(res.rawPayload);

    expect(strFromU8(entries['LEEME.txt']!)).toContain('datos.json');
    expect(data.cuenta).toMatchObject({ id: mine.user.id, email: mine.user.email });
    expect(data.cuenta).not.toHaveProperty('password');
    const json = strFromU8(entries['datos.json']!);
    for (const secret of ['argon2', 'password', 'tokensValidAfter', 'storageKey']) {
      expect(json).not.toContain(secret);
    }
    expect(json).toContain('12345678Z');
    expect(json).toContain('Mi motivación personal');
    expect(json).toContain(mine.project.title);
    expect(json).toContain(mine.notification.notification_subject);
    expect(json).toContain(mine.work.title);
    expect(data.cuestionarios).toEqual([expect.objectContaining({ id: mine.questionnaire.id })]);
    // Nothing of the other student.
    for (const theirs of [
      other.user.email,
      other.notification.notification_subject,
      other.work.title,
      other.project.title,
    ]) {
      expect(json).not.toContain(theirs);
    }

    // The files are in the archive with their bytes.
    const listed = new Map(data.archivos.map((f) => [f.id, f.enElArchivo]));
    for (const id of [mine.cvId, mine.pictureId, mine.workFileId]) {
      const path = listed.get(id);
      expect(path).toMatch(/^archivos\//);
      expect(entries[path!]?.length).toBeGreaterThan(0);
    }
    expect(listed.has(other.cvId)).toBe(false);
    expect(strFromU8(entries[listed.get(mine.cvId)!]!, true)).toContain('Mi CV');
  });

  it('when a visitor asks, the answer is 401', async () => {
    expect((await exportOf('/api/users/me/export', {})).statusCode).toBe(401);
  });
});

describe('GET /api/users/:id/export', () => {
  it('when an admin asks, the archive is the user’s', async () => {
    const mine = await studentWithData();
    const res = await exportOf(`/api/users/${mine.user.id}/export`, admin);
    expect(res.statusCode).toBe(200);
    expect(unzip(res.rawPayload).data.cuenta).toMatchObject({ email: mine.user.email });
  });

  it('when anyone else asks, the answer is 403; an unknown user is 404 to an admin', async () => {
    const target = await createUser();
    for (const role of ['student', 'teacher', 'coordinator'] as const) {
      const { headers } = await signedIn(app, role);
      expect((await exportOf(`/api/users/${target.id}/export`, headers)).statusCode).toBe(403);
    }
    expect((await exportOf(`/api/users/${target.id}/export`, {})).statusCode).toBe(403);
    expect((await exportOf('/api/users/999999999/export', admin)).statusCode).toBe(404);
  });
});

describe('deleting an account', () => {
  it('the preview says what goes and what stays anonymised', async () => {
    const mine = await studentWithData();
    const { status, body } = await send(app, 'GET', '/api/users/me/deletion-preview', {
      headers: mine.headers,
    });
    expect(status).toBe(200);
    const preview = body as unknown as {
      deleted: { key: string; count: number; label: string }[];
      anonymised: { key: string; count: number; label: string }[];
    };
    const deleted = Object.fromEntries(preview.deleted.map((i) => [i.key, i.count]));
    const anonymised = Object.fromEntries(preview.anonymised.map((i) => [i.key, i.count]));
    expect(deleted).toMatchObject({
      account: 1,
      favourites: 1,
      communications: 1,
      questionnaires: 1,
      files: 2,
    });
    expect(anonymised).toMatchObject({ applications: 1, publishedWorks: 1, files: 1 });
    expect(preview.anonymised[0]?.label).toMatch(/Candidaturas/);
  });

  const accountExists = async (userId: number) =>
    (await (await db()).select().from(schema.users).where(eq(schema.users.id, userId))).length ===
    1;

  it('with a wrong password, nothing happens and the answer says so in Spanish', async () => {
    const mine = await studentWithData();
    const { status, body } = await send(app, 'DELETE', '/api/users/me', {
      headers: mine.headers,
      payload: { password: 'no es esta' },
    });
    expect(status).toBe(400);
    expect(body.error?.message).toBe('La contraseña no es correcta');
    expect(await accountExists(mine.user.id)).toBe(true);
  });

  it('after 10 wrong passwords in a minute, the 11th attempt is 429 even with the right one, and the account stays', async () => {
    const mine = await studentWithData();
    const attempt = (password: string) =>
      send(app, 'DELETE', '/api/users/me', { headers: mine.headers, payload: { password } });
    for (let i = 0; i < 10; i++) expect((await attempt(`no es esta ${i}`)).status).toBe(400);
    const limited = await attempt(TEST_PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ status: 429, name: 'RateLimitError' });
    expect(await accountExists(mine.user.id)).toBe(true);
  });

  it('removes what was theirs, anonymises what others rely on, keeps others’ data, ends the token', async () => {
    const other = await studentWithData();
    const mine = await studentWithData();
    // A second application of theirs: another student applied to the same project.
    const othersOnMyProject = await createApply({
      studentId: other.student.id,
      projectId: mine.project.id,
      motivation: 'La de otra persona',
    });
    const cvKey = await storedKeyOf(mine.cvId);
    const workKey = await storedKeyOf(mine.workFileId);

    const deletion = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: mine.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(deletion.statusCode).toBe(204);
    expect(deletion.body).toBe('');

    const d = await db();
    expect(await d.select().from(schema.users).where(eq(schema.users.id, mine.user.id))).toEqual(
      [],
    );
    expect(
      await d.select().from(schema.students).where(eq(schema.students.id, mine.student.id)),
    ).toEqual([]);
    expect(
      await d
        .select()
        .from(schema.communicationCenters)
        .where(eq(schema.communicationCenters.id, mine.notification.id)),
    ).toEqual([]);
    expect(
      await d
        .select()
        .from(schema.questionnaireAnswers)
        .where(eq(schema.questionnaireAnswers.id, mine.questionnaire.id)),
    ).toEqual([]);
    expect(
      await d
        .select()
        .from(schema.studentsFavoriteProjects)
        .where(eq(schema.studentsFavoriteProjects.studentId, mine.student.id)),
    ).toEqual([]);

    const [application] = await d
      .select()
      .from(schema.applys)
      .where(eq(schema.applys.id, mine.application.id));
    expect(application).toMatchObject({
      status: 'Preseleccionado',
      projectId: mine.project.id,
      studentId: null,
      motivation: null,
      dni: null,
      cvId: null,
    });
    const [work] = await d.select().from(schema.tfxes).where(eq(schema.tfxes.id, mine.work.id));
    expect(work).toMatchObject({
      studentId: null,
      author_name: ANONYMOUS_AUTHOR,
      fileId: mine.workFileId,
    });

    // The other student's rows are untouched.
    const [theirs] = await d
      .select()
      .from(schema.applys)
      .where(eq(schema.applys.id, othersOnMyProject.id));
    expect(theirs).toMatchObject({
      studentId: other.student.id,
      motivation: 'La de otra persona',
    });
    expect(
      await d
        .select()
        .from(schema.communicationCenters)
        .where(eq(schema.communicationCenters.id, other.notification.id)),
    ).toHaveLength(1);
    expect(await d.select().from(schema.files).where(eq(schema.files.id, other.cvId))).toHaveLength(
      1,
    );

    // Their CV's row and bytes go (after the queued job); the published work's PDF stays.
    expect(await d.select().from(schema.files).where(eq(schema.files.id, mine.cvId))).toEqual([]);
    await app.jobs.flush();
    expect(existsSync(join(TEST_CONFIG.uploadDir, cvKey!))).toBe(false);
    expect(existsSync(join(TEST_CONFIG.uploadDir, workKey!))).toBe(true);

    expect((await send(app, 'GET', '/api/users/me', { headers: mine.headers })).status).toBe(401);
  });

  it('is one transaction: a failure at the last step leaves everything as it was', async () => {
    const mine = await studentWithData();
    const d = await db();
    await d.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_refuse_user_delete() RETURNS trigger AS $$
        BEGIN IF OLD.id = ${mine.user.id} THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN OLD; END
        $$ LANGUAGE plpgsql`),
    );
    await d.execute(
      sql.raw(`CREATE TRIGGER test_refuse_user_delete BEFORE DELETE ON up_users
        FOR EACH ROW EXECUTE FUNCTION test_refuse_user_delete()`),
    );
    try {
      const { status } = await send(app, 'DELETE', `/api/users/${mine.user.id}`, {
        headers: admin,
      });
      expect(status).toBe(500);
    } finally {
      await d.execute(sql.raw('DROP TRIGGER test_refuse_user_delete ON up_users'));
    }
    const [application] = await d
      .select()
      .from(schema.applys)
      .where(eq(schema.applys.id, mine.application.id));
    expect(application).toMatchObject({
      studentId: mine.student.id,
      motivation: 'Mi motivación personal',
    });
    const [work] = await d.select().from(schema.tfxes).where(eq(schema.tfxes.id, mine.work.id));
    expect(work).toMatchObject({ studentId: mine.student.id, author_name: null });
    expect(
      await d
        .select()
        .from(schema.questionnaireAnswers)
        .where(eq(schema.questionnaireAnswers.id, mine.questionnaire.id)),
    ).toHaveLength(1);
    expect(await d.select().from(schema.files).where(eq(schema.files.id, mine.cvId))).toHaveLength(
      1,
    );
    const queued = await d
      .select()
      .from(schema.jobs)
      .where(
        and(
          eq(schema.jobs.kind, 'storage.remove'),
          sql`${schema.jobs.payload}::text LIKE ${`%${(await storedKeyOf(mine.cvId))!}%`}`,
        ),
      );
    expect(queued).toEqual([]);
    expect((await send(app, 'GET', '/api/users/me', { headers: mine.headers })).status).toBe(200);
  });

  it('an admin deletes a user who asked by other means, by the same rules; others may not', async () => {
    const mine = await studentWithData();
    const { headers: teacher } = await signedIn(app, 'teacher');
    expect(
      (await send(app, 'DELETE', `/api/users/${mine.user.id}`, { headers: teacher })).status,
    ).toBe(403);
    const preview = await send(app, 'GET', `/api/users/${mine.user.id}/deletion-preview`, {
      headers: admin,
    });
    expect(preview.status).toBe(200);
    expect(
      (await send(app, 'GET', `/api/users/${mine.user.id}/deletion-preview`, { headers: teacher }))
        .status,
    ).toBe(403);

    const { status, body } = await send(app, 'DELETE', `/api/users/${mine.user.id}`, {
      headers: admin,
    });
    expect(status).toBe(200);
    expect((body as unknown as { email: string }).email).toBe(mine.user.email);
    const [application] = await (
      await db()
    )
      .select()
      .from(schema.applys)
      .where(eq(schema.applys.id, mine.application.id));
    expect(application).toMatchObject({
      studentId: null,
      motivation: null,
      status: 'Preseleccionado',
    });
  });

  it('an unpublished final work goes with its file', async () => {
    const mine = await studentWithData();
    const d = await db();
    await d
      .update(schema.tfxes)
      .set({ publishedAt: null, review_status: 'pending' })
      .where(eq(schema.tfxes.id, mine.work.id));
    const workKey = await storedKeyOf(mine.workFileId);
    const preview = await send(app, 'GET', `/api/users/${mine.user.id}/deletion-preview`, {
      headers: admin,
    });
    const deleted = (preview.body as unknown as { deleted: { key: string; count: number }[] })
      .deleted;
    expect(deleted).toContainEqual(expect.objectContaining({ key: 'unpublishedWorks', count: 1 }));
    expect(deleted).toContainEqual(expect.objectContaining({ key: 'files', count: 3 }));

    expect(
      (await send(app, 'DELETE', `/api/users/${mine.user.id}`, { headers: admin })).status,
    ).toBe(200);
    expect(await d.select().from(schema.tfxes).where(eq(schema.tfxes.id, mine.work.id))).toEqual(
      [],
    );
    expect(await d.select().from(schema.files).where(eq(schema.files.id, mine.workFileId))).toEqual(
      [],
    );
    await app.jobs.flush();
    expect(existsSync(join(TEST_CONFIG.uploadDir, workKey!))).toBe(false);
  });

  it('an admin does not delete their own account', async () => {
    const { user, headers } = await signedIn(app, 'admin');
    const { status, body } = await send(app, 'DELETE', `/api/users/${user.id}`, { headers });
    expect(status).toBe(403);
    expect(body.error?.message).toMatch(/administración/);
  });
});

describe('reads of DNI and disability', () => {
  const readsOf = async (studentId: number) =>
    (await db())
      .select()
      .from(schema.privateFieldReads)
      .where(eq(schema.privateFieldReads.studentId, studentId));

  it('an admin’s read is recorded once per student and field; the student’s own is not', async () => {
    const { user: adminUser, headers: adminHeaders } = await signedIn(app, 'admin');
    const { user, headers } = await signedIn(app, 'student');
    const student = await createStudent({ userId: user.id, dni: '11111111H', disability: true });
    const other = await createStudent({ dni: '22222222J' });

    expect((await send(app, 'GET', `/api/students/${student.id}`, { headers })).status).toBe(200);
    expect(await readsOf(student.id)).toEqual([]);

    const list = await send(
      app,
      'GET',
      `/api/students?filters[id][$in][0]=${student.id}&filters[id][$in][1]=${other.id}`,
      { headers: adminHeaders },
    );
    expect(list.status).toBe(200);
    const mine = await readsOf(student.id);
    expect(mine.map((r) => r.field).sort()).toEqual(['disability', 'dni']);
    expect(mine[0]).toMatchObject({
      readerId: adminUser.id,
      studentUserId: user.id,
      route: 'GET /api/students',
    });
    expect(await readsOf(other.id)).toHaveLength(2);
  });

  it('an admin’s answer without the fields records nothing; populated and streamed ones do', async () => {
    const student = await createStudent({ dni: '33333333P' });
    await send(app, 'GET', `/api/students/${student.id}?fields[0]=primaryKey`, { headers: admin });
    expect(await readsOf(student.id)).toEqual([]);

    const application = await createApply({ studentId: student.id, dni: '33333333P' });
    await send(app, 'GET', `/api/applys/${application.id}?fields[0]=status&fields[1]=dni`, {
      headers: admin,
    });
    expect((await readsOf(student.id)).map((r) => r.field)).toEqual(['dni']);

    const project = await createProject();
    const populated = await createStudent({ disability: false });
    await createApply({ studentId: populated.id, projectId: project.id });
    await send(app, 'GET', `/api/projects/${project.id}?populate[applys][populate][student]=*`, {
      headers: admin,
    });
    expect((await readsOf(populated.id)).map((r) => r.field).sort()).toEqual(['disability', 'dni']);

    const streamed = await createStudent({ dni: '44444444A' });
    const all = await app.inject({ method: 'GET', url: '/api/students/all', headers: admin });
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain('44444444A');
    expect((await readsOf(streamed.id)).length).toBe(2);
  });
});
