import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OTHER_TEXT_MAX_LENGTH,
  REJECTION_REASON_MAX_LENGTH,
  TFX_SUMMARY_MAX_LENGTH,
} from '@plataforma/shared';
import { communicationCenters, jobs, tfxes } from '../../db/schema';
import { getTestDatabase } from '../../../test/helpers/db';
import { buildMailingApp, outboxTo } from '../../../test/helpers/email';
import { asAdmin, createTeacher, createUser, bearer } from '../../../test/helpers/factories';
import { send, related, type Entity } from '../../../test/helpers/http';
import {
  aStudentWithProfile,
  createWork,
  enableTfxUploads,
  ownWork,
  pdfWithText,
  uploadFile,
} from '../../../test/helpers/library';
import { setFeatureSwitch } from '../../../test/helpers/permissions';
import { SmtpSink } from '../../../test/helpers/smtp-sink';
import { image } from '../../../test/helpers/upload';
import { TFX_MESSAGES } from './library.lifecycles';

/**
 * A student's own final work and its staff review (ADR 0037), through the generic routes: what
 * the server fills in, one work per student, who sees a work while it waits, and what each
 * decision tells the author (communication centre and email, delivered over SMTP).
 */

let sink: SmtpSink;
let app: FastifyInstance;
let admin: Record<string, string>;

beforeAll(async () => {
  sink = await SmtpSink.start();
  app = await buildMailingApp(sink.url);
  admin = await asAdmin(app);
  await enableTfxUploads();
});

afterAll(async () => {
  await app.close();
  await sink.close();
});

async function db() {
  return (await getTestDatabase()).db;
}

const messageOf = (body: { error?: { message: string } }) => body.error?.message;

/** A student who uploaded a PDF and created their work (pending review). */
async function submittedWork(values: Record<string, unknown> = {}) {
  const author = await aStudentWithProfile(app);
  const fileId = await uploadFile(
    app,
    author.headers,
    await pdfWithText(['Capítulo primero: el contexto del estudio']),
  );
  const created = await createWork(app, author.headers, ownWork({ file: fileId, ...values }));
  expect(created.status, created.text).toBe(200);
  return { author, fileId, id: created.body.data.id, created };
}

const getWork = (id: number, headers: Record<string, string> = {}) =>
  send(app, 'GET', `/api/tfxes/${id}?publicationState=preview`, { headers });

describe('a student uploads their own work', () => {
  it('when a student creates their work, the server makes it theirs, pending review and unpublished, from their profile, and queues the reading of its PDF', async () => {
    const author = await aStudentWithProfile(app);
    const fileId = await uploadFile(
      app,
      author.headers,
      await pdfWithText(['Introducción al estudio de la laguna salada']),
    );
    const other = await aStudentWithProfile(app);
    const { status, body, text } = await createWork(
      app,
      author.headers,
      ownWork({ title: 'Microplásticos en la laguna', file: fileId, release_month: '03/2025' }),
    );
    expect(status, text).toBe(200);
    const work = body.data;
    expect(work.attributes).toMatchObject({
      title: 'Microplásticos en la laguna',
      status: 'finished',
      external: false,
      awarded: false,
      review_status: 'pending',
      rejection_reason: null,
      publishedAt: null,
      publish_consent: true,
      tfxDate: '2025-03-01',
      degree_name: author.degree.name,
      institution: author.university.name,
      study_area: 'Ciencias de la salud',
      text_status: 'pending',
    });
    expect(work.attributes).not.toHaveProperty('document_text');
    const [row] = await (await db()).select().from(tfxes).where(eq(tfxes.id, work.id));
    expect(row).toMatchObject({ studentId: author.student.id, degreeId: author.degree.id });
    const [job] = await (
      await db()
    )
      .select()
      .from(jobs)
      .where(eq(jobs.key, `tfx.extract-text:${work.id}`));
    expect(job).toMatchObject({ kind: 'tfx.extract-text', payload: { tfxId: work.id } });
    await app.jobs.flush();
    const [read] = await (await db()).select().from(tfxes).where(eq(tfxes.id, work.id));
    expect(read!.text_status).toBe('indexed');
    expect(read!.document_text).toContain('Introducción');
    // Naming another student is publishing for them.
    const forOther = await createWork(
      app,
      (await aStudentWithProfile(app)).headers,
      ownWork({ student: other.student.id }),
    );
    expect(forOther.status).toBe(403);
  });

  it('when a student creates a work without a PDF, it has no text to read and no job', async () => {
    const author = await aStudentWithProfile(app);
    const { status, body } = await createWork(app, author.headers, ownWork());
    expect(status).toBe(200);
    expect(body.data.attributes.text_status).toBe('none');
    const queued = await (
      await db()
    )
      .select()
      .from(jobs)
      .where(eq(jobs.key, `tfx.extract-text:${body.data.id}`));
    expect(queued).toEqual([]);
  });

  it('when the consent to publish, the summary, the month or the language is missing, the work is refused in Spanish', async () => {
    const author = await aStudentWithProfile(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ publish_consent: false }, TFX_MESSAGES.consentRequired],
      [{ publish_consent: undefined }, TFX_MESSAGES.consentRequired],
      [{ summary: '  ' }, TFX_MESSAGES.summaryRequired],
      [{ summary: undefined }, TFX_MESSAGES.summaryRequired],
      [{ language: undefined }, TFX_MESSAGES.languageRequired],
      [{ release_month: undefined }, TFX_MESSAGES.releaseMonthRequired],
    ];
    for (const [change, message] of cases) {
      const { status, body, text } = await createWork(app, author.headers, ownWork(change));
      expect(status, text).toBe(400);
      expect(messageOf(body)).toBe(message);
    }
    // Nothing was written: the student may still upload.
    expect((await createWork(app, author.headers, ownWork())).status).toBe(200);
  });

  it('when the file is not a PDF, the work is refused; someone else’s file is answered as missing', async () => {
    const author = await aStudentWithProfile(app);
    const picture = await uploadFile(app, author.headers, await image('png', 40, 40), 'foto.png');
    const notPdf = await createWork(app, author.headers, ownWork({ file: picture }));
    expect(notPdf.status).toBe(400);
    expect(messageOf(notPdf.body)).toBe(TFX_MESSAGES.notPdf);
    const stranger = await aStudentWithProfile(app);
    const theirs = await uploadFile(app, stranger.headers, await pdfWithText(['ajeno']));
    const borrowed = await createWork(app, author.headers, ownWork({ file: theirs }));
    expect(borrowed.status).toBe(400);
    expect(messageOf(borrowed.body)).toMatch(/^file: no file with id/);
  });

  it('when a student sends review, award, external, counts or text fields, the work is refused', async () => {
    const author = await aStudentWithProfile(app);
    for (const field of [
      { review_status: 'published' },
      { rejection_reason: 'x' },
      { awarded: true },
      { external: true },
      { publishedAt: new Date().toISOString() },
      { import_key: 'clave' },
      { degree_name: 'Otro grado' },
      { status: 'doing' },
    ]) {
      const { status } = await createWork(app, author.headers, ownWork(field));
      expect(status, JSON.stringify(field)).toBe(403);
    }
    for (const field of [
      { text_status: 'indexed' },
      { views_count: 100 },
      { document_text: 'x' },
    ]) {
      const { status } = await createWork(app, author.headers, ownWork(field));
      expect(status, JSON.stringify(field)).toBe(400);
    }
    const { body } = await createWork(
      app,
      author.headers,
      ownWork({ status: 'finished', publishedAt: null }),
    );
    expect(body.data.attributes).toMatchObject({ review_status: 'pending', publishedAt: null });
  });

  it('when a student already has a work, another one is refused with a clear message', async () => {
    const { author } = await submittedWork();
    const { status, body } = await createWork(app, author.headers, ownWork());
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(messageOf(body)).toBe('Ya has subido tu trabajo final.');
  });

  it('when one student submits 20 times at once, exactly one work is created and the rest are refused, never a 500', async () => {
    const author = await aStudentWithProfile(app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createWork(app, author.headers, ownWork({ title: `Intento ${i}` })),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(messageOf(refused.body)).toBe('Ya has subido tu trabajo final.');
    }
    const rows = await (
      await db()
    )
      .select()
      .from(tfxes)
      .where(eq(tfxes.studentId, author.student.id));
    expect(rows).toHaveLength(1);
  });

  it('when the tfxes.create switch is off for students, creating a work is refused (403)', async () => {
    const author = await aStudentWithProfile(app);
    await setFeatureSwitch('student', 'tfxes', { enabled: true, create: false, update: true });
    try {
      const { status, body } = await createWork(app, author.headers, ownWork());
      expect(status).toBe(403);
      expect(messageOf(body)).toBe(TFX_MESSAGES.createOff);
    } finally {
      await enableTfxUploads();
    }
    expect((await createWork(app, author.headers, ownWork())).status).toBe(200);
  });

  it('when a teacher or a visitor tries to create a work, it is refused', async () => {
    const teacher = await createTeacher();
    expect((await createWork(app, bearer(app, teacher.userId), ownWork())).status).toBe(403);
    expect((await createWork(app, {}, ownWork())).status).toBe(403);
  });
});

describe('who sees a work under review', () => {
  it('when a work is pending, only its author and admins see it, in lists, alone and in its file; once published everyone does', async () => {
    const { author, fileId, id } = await submittedWork();
    const otherStudent = await aStudentWithProfile(app);
    const teacher = bearer(app, (await createTeacher()).userId);
    const coordinator = bearer(app, (await createUser({ profileType: 'coordinator' })).id);
    const listIds = async (headers: Record<string, string>) =>
      (
        await send(app, 'GET', `/api/tfxes?filters[id][$eq]=${id}&publicationState=preview`, {
          headers,
        })
      ).body.data.map((e) => e.id);
    const fileStatus = async (headers: Record<string, string>) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/upload/files/${fileId}/content`,
          headers,
        })
      ).statusCode;

    for (const headers of [{}, otherStudent.headers, teacher, coordinator]) {
      expect(await listIds(headers)).toEqual([]);
      expect((await getWork(id, headers)).status).toBe(404);
      expect(await fileStatus(headers)).toBe(404);
    }
    for (const headers of [author.headers, admin]) {
      expect(await listIds(headers)).toEqual([id]);
      expect((await getWork(id, headers)).status).toBe(200);
      expect(await fileStatus(headers)).toBe(200);
    }

    const published = await send(app, 'PUT', `/api/tfxes/${id}`, {
      headers: admin,
      payload: { data: { review_status: 'published' } },
    });
    expect(published.status).toBe(200);
    for (const headers of [{}, otherStudent.headers, teacher, coordinator]) {
      expect(await listIds(headers)).toEqual([id]);
      expect(await fileStatus(headers)).toBe(200);
    }
  });

  it('when a work is rejected, it stays hidden from everyone but its author and admins', async () => {
    const { author, id } = await submittedWork();
    await send(app, 'PUT', `/api/tfxes/${id}`, {
      headers: admin,
      payload: { data: { review_status: 'rejected', rejection_reason: 'Falta el índice' } },
    });
    expect((await getWork(id)).status).toBe(404);
    expect((await getWork(id, (await aStudentWithProfile(app)).headers)).status).toBe(404);
    const own = await getWork(id, author.headers);
    expect(own.status).toBe(200);
    expect(own.body.data.attributes).toMatchObject({
      review_status: 'rejected',
      rejection_reason: 'Falta el índice',
    });
  });

  it('when an admin lists the works waiting for review with their files, the pending ones come with their PDF', async () => {
    const { id, fileId } = await submittedWork();
    const { id: publishedId } = await submittedWork();
    await send(app, 'PUT', `/api/tfxes/${publishedId}`, {
      headers: admin,
      payload: { data: { review_status: 'published' } },
    });
    const { status, body, text } = await send(
      app,
      'GET',
      '/api/tfxes?filters[review_status][$eq]=pending&publicationState=preview&populate[file]=*&pagination[pageSize]=100&sort=id:desc',
      { headers: admin },
    );
    expect(status, text).toBe(200);
    const ids = body.data.map((e) => e.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(publishedId);
    const entry = body.data.find((e) => e.id === id);
    expect(related(entry, 'file')).toMatchObject({
      id: fileId,
      attributes: { mime: 'application/pdf', ext: '.pdf' },
    });
    // Students cannot list other people's pending works this way.
    const asStudent = await send(
      app,
      'GET',
      `/api/tfxes?filters[review_status][$eq]=pending&filters[id][$eq]=${id}&publicationState=preview`,
      { headers: (await aStudentWithProfile(app)).headers },
    );
    expect(asStudent.body.data).toEqual([]);
  });
});

describe('review decisions', () => {
  it('when the author edits a pending work it stays pending; once published, an edit is refused in Spanish', async () => {
    const { author, id } = await submittedWork();
    const edit = await send(app, 'PUT', `/api/tfxes/${id}`, {
      headers: author.headers,
      payload: { data: { summary: 'Un resumen mejor', release_month: '09/2024' } },
    });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.body.data.attributes).toMatchObject({
      summary: 'Un resumen mejor',
      tfxDate: '2024-09-01',
      review_status: 'pending',
    });
    for (const data of [{ review_status: 'published' }, { awarded: true }, { student: null }]) {
      const refused = await send(app, 'PUT', `/api/tfxes/${id}`, {
        headers: author.headers,
        payload: { data },
      });
      expect(refused.status, JSON.stringify(data)).toBe(403);
    }
    const blank = await send(app, 'PUT', `/api/tfxes/${id}`, {
      headers: author.headers,
      payload: { data: { publish_consent: false } },
    });
    expect(blank.status).toBe(400);
    expect(messageOf(blank.body)).toBe(TFX_MESSAGES.consentRequired);

    const published = await send(app, 'PUT', `/api/tfxes/${id}`, {
      headers: admin,
      payload: { data: { review_status: 'published' } },
    });
    expect(published.status).toBe(200);
    const publishedAt = published.body.data.attributes.publishedAt as string;
    expect(Date.now() - new Date(publishedAt).getTime()).toBeLessThan(60_000);
    expect(published.body.data.attributes.review_status).toBe('published');

    const late = await send(app, 'PUT', `/api/tfxes/${id}`, {
      headers: author.headers,
      payload: { data: { summary: 'Otro resumen' } },
    });
    expect(late.status).toBe(400);
    expect(messageOf(late.body)).toBe(TFX_MESSAGES.published);
    // An admin's later edit keeps it published, with its date.
    const adminEdit = await send(app, 'PUT', `/api/tfxes/${id}`, {
      headers: admin,
      payload: { data: { awarded: true } },
    });
    expect(adminEdit.body.data.attributes).toMatchObject({
      awarded: true,
      review_status: 'published',
      publishedAt,
    });
  });

  it('when an admin rejects without a reason, it is refused; with one, the work is rejected and the author corrects and resubmits it', async () => {
    const { author, id } = await submittedWork();
    for (const data of [
      { review_status: 'rejected' },
      { review_status: 'rejected', rejection_reason: '   ' },
    ]) {
      const refused = await send(app, 'PUT', `/api/tfxes/${id}`, {
        headers: admin,
        payload: { data },
      });
      expect(refused.status).toBe(400);
      expect(messageOf(refused.body)).toBe(TFX_MESSAGES.reasonRequired);
    }
    const rejected = await send(app, 'PUT', `/api/tfxes/${id}`, {
      headers: admin,
      payload: { data: { review_status: 'rejected', rejection_reason: 'Falta la bibliografía' } },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.attributes).toMatchObject({
      review_status: 'rejected',
      rejection_reason: 'Falta la bibliografía',
      publishedAt: null,
    });

    const newFile = await uploadFile(
      app,
      author.headers,
      await pdfWithText(['Bibliografía completa y revisada del estudio']),
    );
    const resubmitted = await send(app, 'PUT', `/api/tfxes/${id}?populate=file`, {
      headers: author.headers,
      payload: { data: { file: newFile } },
    });
    expect(resubmitted.status, resubmitted.text).toBe(200);
    expect(resubmitted.body.data.attributes).toMatchObject({
      review_status: 'pending',
      rejection_reason: null,
      publishedAt: null,
      text_status: 'pending',
    });
    expect(related(resubmitted.body.data, 'file')).toMatchObject({ id: newFile });
    await app.jobs.flush();
    const [row] = await (await db()).select().from(tfxes).where(eq(tfxes.id, id));
    expect(row).toMatchObject({ text_status: 'indexed' });
    expect(row!.document_text).toContain('Bibliografía');
  });

  it('when an admin publishes or rejects a work, the author gets a communication-centre entry and an email for each decision', async () => {
    const { author, id } = await submittedWork({ title: 'Huertos urbanos en Murcia' });
    const entries = () =>
      db().then((d) =>
        d
          .select()
          .from(communicationCenters)
          .where(eq(communicationCenters.studentId, author.student.id))
          .orderBy(communicationCenters.id),
      );
    expect(await entries()).toEqual([]);

    await send(app, 'PUT', `/api/tfxes/${id}`, {
      headers: admin,
      payload: { data: { review_status: 'rejected', rejection_reason: 'Falta el índice.' } },
    });
    const [rejection] = await sink.waitFor(author.user.email, 1);
    expect(rejection!.subject).toBe('Tu trabajo «Huertos urbanos en Murcia» necesita cambios');
    expect(rejection!.text).toContain('Hola, Lucía:');
    expect(rejection!.text).toContain('Motivo: Falta el índice.');
    expect(rejection!.text).toContain('http://localhost:3000/profile?section=tfx');
    expect(rejection!.html).toContain('lang="es"');
    let [entry] = await entries();
    expect(entry).toMatchObject({
      notification_subject: 'Tu trabajo «Huertos urbanos en Murcia» necesita cambios',
      isRead: false,
    });
    expect(entry!.notification_message).toContain('<strong>Motivo:</strong> Falta el índice.');

    // The author corrects it; going back to review tells them nothing.
    await send(app, 'PUT', `/api/tfxes/${id}`, {
      headers: author.headers,
      payload: { data: { summary: 'Con índice' } },
    });
    expect(await entries()).toHaveLength(1);

    await send(app, 'PUT', `/api/tfxes/${id}`, {
      headers: admin,
      payload: { data: { review_status: 'published' } },
    });
    const mails = await sink.waitFor(author.user.email, 2);
    expect(mails[1]!.subject).toBe('Tu trabajo «Huertos urbanos en Murcia» ya está publicado');
    expect(mails[1]!.text).toContain('ya está publicado en la biblioteca');
    [, entry] = await entries();
    expect(entry!.notification_subject).toBe(
      'Tu trabajo «Huertos urbanos en Murcia» ya está publicado',
    );
    expect((await outboxTo(author.user.email)).map((m) => m.template)).toEqual([
      'tfxRejected',
      'tfxPublished',
    ]);

    // An edit that decides nothing new tells nothing.
    await send(app, 'PUT', `/api/tfxes/${id}`, {
      headers: admin,
      payload: { data: { awarded: true } },
    });
    expect(await entries()).toHaveLength(2);
    expect(await outboxTo(author.user.email)).toHaveLength(2);
  });

  it('when a decision cannot be written, nothing of it is: no entry, no email', async () => {
    const { author, id } = await submittedWork();
    const refused = await send(app, 'PUT', `/api/tfxes/${id}`, {
      headers: admin,
      payload: { data: { review_status: 'rejected', publishedAt: new Date().toISOString() } },
    });
    expect(refused.status).toBe(400);
    expect(messageOf(refused.body)).toBe(TFX_MESSAGES.publishedAtFollowsReview);
    const written = await (
      await db()
    )
      .select()
      .from(communicationCenters)
      .where(and(eq(communicationCenters.studentId, author.student.id)));
    expect(written).toEqual([]);
    expect(await outboxTo(author.user.email)).toEqual([]);
    expect((await getWork(id, admin)).body.data.attributes.review_status).toBe('pending');
  });

  it('when an admin names a student who already has a work, the change is refused clearly', async () => {
    const { author } = await submittedWork();
    const other = await submittedWork();
    const moved = await send(app, 'PUT', `/api/tfxes/${other.id}`, {
      headers: admin,
      payload: { data: { student: author.student.id } },
    });
    expect(moved.status).toBe(400);
    expect(messageOf(moved.body)).toBe(TFX_MESSAGES.studentHasWork);
  });

  it('when an admin adds a work, it is published unless said otherwise', async () => {
    const added = await createWork(app, admin, { title: 'Obra externa', external: true });
    expect(added.status).toBe(200);
    expect(added.body.data.attributes).toMatchObject({ review_status: 'published' });
    expect(added.body.data.attributes.publishedAt).not.toBeNull();
    const draft = await createWork(app, admin, { title: 'Borrador', publishedAt: null });
    expect((draft.body.data as Entity).attributes).toMatchObject({
      review_status: 'pending',
      publishedAt: null,
    });
  });
});

describe('the longest texts of a work (the web shows the same limits)', () => {
  const stored = async (id: number) =>
    (await (await db()).select().from(tfxes).where(eq(tfxes.id, id)))[0]!;

  it.each([
    ['summary', TFX_SUMMARY_MAX_LENGTH],
    ['sector', OTHER_TEXT_MAX_LENGTH],
  ] as const)(
    'when the author sends a %s one character over %i, it is 400 naming it; at the limit it is saved',
    async (field, max) => {
      const { author, id } = await submittedWork();
      const edit = (text: string) =>
        send(app, 'PUT', `/api/tfxes/${id}`, {
          headers: author.headers,
          payload: { data: { [field]: text } },
        });
      const over = await edit('a'.repeat(max + 1));
      expect(over.status).toBe(400);
      expect(over.body.error?.details.errors?.map((e) => e.path)).toEqual([[field]]);
      const at = await edit('a'.repeat(max));
      expect(at.status, at.text).toBe(200);
      expect((await stored(id))[field]).toHaveLength(max);
    },
  );

  it(`when an admin rejects with a reason over ${REJECTION_REASON_MAX_LENGTH} characters, it is 400 naming it; at the limit it is saved`, async () => {
    const { id } = await submittedWork();
    const reject = (reason: string) =>
      send(app, 'PUT', `/api/tfxes/${id}`, {
        headers: admin,
        payload: { data: { review_status: 'rejected', rejection_reason: reason } },
      });
    const over = await reject('a'.repeat(REJECTION_REASON_MAX_LENGTH + 1));
    expect(over.status).toBe(400);
    expect(over.body.error?.details.errors?.map((e) => e.path)).toEqual([['rejection_reason']]);
    expect((await stored(id)).review_status).toBe('pending');
    const at = await reject('a'.repeat(REJECTION_REASON_MAX_LENGTH));
    expect(at.status, at.text).toBe(200);
    expect((await stored(id)).rejection_reason).toHaveLength(REJECTION_REASON_MAX_LENGTH);
  });
});
