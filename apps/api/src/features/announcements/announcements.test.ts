import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { announcements, communicationCenters, emailOutbox, jobs, users } from '../../db/schema';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase, onPostgres } from '../../../test/helpers/db';
import {
  asAdmin,
  createApply,
  createCampus,
  createCoordinator,
  createDegree,
  createOrganization,
  createProject,
  createStudent,
  createTeacher,
  createUniversity,
  createUser,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { outboxHtml, outboxText } from '../../lib/mail/outbox';
import { rowsOf } from '../../lib/strapi/read';
import { ANNOUNCEMENT_EMAILS_PER_SECOND, sendAnnouncementKey } from './announcements.jobs';
import { NOT_CANCELLABLE_MESSAGE } from './announcements.service';
import { sendAnnouncementWhatsApp, NO_WHATSAPP_PROVIDER, type WhatsAppChannel } from './whatsapp';

/**
 * Announcements (ADR 0045): the audience compiled under the sender's reach, checked against
 * counts written by hand in SQL on a seeded population; the preferences per kind and channel;
 * teachers and coordinators kept to their candidates; scheduled sends; a send that runs twice.
 */

let app: FastifyInstance;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

async function db() {
  return (await getTestDatabase()).db;
}

/** A count written by hand: the test's own reading of what the audience means. */
async function countBySql(query: SQL): Promise<number> {
  const [row] = await rowsOf(await db(), query);
  return Number(row?.n);
}

interface Entity {
  id: number;
  attributes: Record<string, unknown>;
}
/** An entry's answer (or an error's: `data` null). */
interface EntryBody {
  data: Entity;
  error?: { status: number; name: string };
}
interface ListBody {
  data: Entity[];
  meta: { pagination: Record<string, number> };
}

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T = EntryBody>(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json<T>() };
}

async function recipients(headers: Record<string, string>, audience: unknown) {
  return call('POST', '/api/announcements/recipients', headers, { data: { audience } });
}

async function announce(headers: Record<string, string>, data: Record<string, unknown>) {
  return call('POST', '/api/announcements', headers, {
    data: { subject: unique('Aviso'), message: '<p>Hola</p>', ...data },
  });
}

async function entriesOf(announcementId: number) {
  return (await db())
    .select()
    .from(communicationCenters)
    .where(eq(communicationCenters.announcementId, announcementId));
}

/** The announcement's emails, each with the body the sender sends (its own or the announcement's). */
async function emailsOf(announcementId: number) {
  return (await db())
    .select({
      id: emailOutbox.id,
      recipient: emailOutbox.recipient,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      storedHtml: emailOutbox.html,
      html: outboxHtml,
      text: outboxText,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.announcementId, announcementId));
}

/**
 * A university of its own with two campuses, two degrees and 30 students spread over them, their
 * stages, goals, provinces, study types and areas; a project with candidates in two statuses.
 * Every audience below names the university, so other tests' students never count.
 */
async function population() {
  const university = await createUniversity();
  const campusA = await createCampus({ universityId: university.id });
  const campusB = await createCampus({ universityId: university.id });
  const degreeA = await createDegree({}, [campusA.id]);
  const degreeB = await createDegree({}, [campusB.id]);
  const project = await createProject();
  const stages = ['unknown', 'choosing', 'doing', 'finished'] as const;
  const goals = ['unknown', 'work', 'study'] as const;
  const provinces = ['Madrid', 'Sevilla', 'Valencia'] as const;
  const students = [];
  const emails: string[] = [];
  for (let i = 0; i < 30; i += 1) {
    const email = `${unique('pob')}@test.es`.toLowerCase();
    emails.push(email);
    const user = await createUser({ profileType: 'student', email });
    const student = await createStudent({
      userId: user.id,
      universityId: university.id,
      campusId: i % 2 === 0 ? campusA.id : campusB.id,
      degreeId: i % 3 === 0 ? degreeB.id : degreeA.id,
      thesis_stage: stages[i % 4],
      goal: goals[i % 3],
      province: provinces[i % 3],
      study_type: i % 5 === 0 ? 'Máster' : 'Grado',
      student_area: i % 2 === 0 ? 'Humanidades' : 'Ingeniería',
    });
    students.push(student);
    if (i % 4 === 0) {
      await createApply({
        studentId: student.id,
        projectId: project.id,
        status: i % 8 === 0 ? 'Seleccionado' : 'Enviada',
      });
    }
  }
  return { university, campusA, campusB, degreeA, degreeB, project, students, emails };
}

describe('the audience and the live count', () => {
  it('when an admin counts audiences over universities, campuses, degrees, stages, goals, provinces, study types, areas, applications and pasted emails, each count matches the SQL written by hand', async () => {
    const p = await population();
    const u = p.university.id;
    const cases: { audience: Record<string, unknown>; sql: SQL }[] = [
      {
        audience: { university: { id: { $eq: u } } },
        sql: sql`SELECT count(*) AS n FROM students WHERE university_id = ${u}`,
      },
      {
        audience: { university: { id: u }, degree: { id: { $eq: p.degreeA.id } } },
        sql: sql`SELECT count(*) AS n FROM students WHERE university_id = ${u} AND degree_id = ${p.degreeA.id}`,
      },
      {
        audience: {
          university: { id: u },
          campus: { id: { $eq: p.campusB.id } },
          thesis_stage: { $eq: 'doing' },
        },
        sql: sql`SELECT count(*) AS n FROM students WHERE university_id = ${u} AND campus_id = ${p.campusB.id} AND thesis_stage = 'doing'`,
      },
      {
        audience: {
          university: { id: u },
          goal: { $in: ['work', 'study'] },
          province: { $eq: 'Madrid' },
        },
        sql: sql`SELECT count(*) AS n FROM students WHERE university_id = ${u} AND goal IN ('work', 'study') AND province = 'Madrid'`,
      },
      {
        audience: {
          university: { id: u },
          $or: [{ degree: { id: p.degreeB.id } }, { campus: { id: p.campusA.id } }],
          study_type: 'Máster',
        },
        sql: sql`SELECT count(*) AS n FROM students WHERE university_id = ${u} AND (degree_id = ${p.degreeB.id} OR campus_id = ${p.campusA.id}) AND study_type = 'Máster'`,
      },
      {
        audience: { university: { id: u }, student_area: { $eq: 'Humanidades' } },
        sql: sql`SELECT count(*) AS n FROM students WHERE university_id = ${u} AND student_area = 'Humanidades'`,
      },
      {
        audience: {
          university: { id: u },
          applys: { project: { id: { $eq: p.project.id } }, status: { $eq: 'Seleccionado' } },
        },
        sql: sql`SELECT count(*) AS n FROM students s WHERE s.university_id = ${u} AND EXISTS (SELECT 1 FROM applys a WHERE a.student_id = s.id AND a.project_id = ${p.project.id} AND a.status = 'Seleccionado')`,
      },
      {
        audience: { university: { id: u }, applys: { project: { id: p.project.id } } },
        sql: sql`SELECT count(*) AS n FROM students s WHERE s.university_id = ${u} AND EXISTS (SELECT 1 FROM applys a WHERE a.student_id = s.id AND a.project_id = ${p.project.id})`,
      },
      {
        // A pasted list of addresses, one of them nobody's.
        audience: {
          university: { id: u },
          user: { email: { $in: [...p.emails.slice(0, 7), 'nadie@test.es'] } },
        },
        sql: sql`SELECT count(*) AS n FROM students s JOIN up_users us ON us.id = s.user_id WHERE s.university_id = ${u} AND us.email IN (${sql.join(
          [...p.emails.slice(0, 7), 'nadie@test.es'].map((e) => sql`${e}`),
          sql`, `,
        )})`,
      },
    ];
    const seen = new Set<number>();
    for (const { audience, sql: query } of cases) {
      const expected = await countBySql(query);
      const answer = await recipients(admin, audience);
      expect(answer.status, JSON.stringify(audience)).toBe(200);
      expect(answer.body, JSON.stringify(audience)).toEqual({ data: { recipients: expected } });
      seen.add(expected);
    }
    // The population tells the cases apart: a count that ignored a filter would not match.
    expect(seen.size).toBeGreaterThanOrEqual(6);
    expect(await countBySql(cases[0]!.sql)).toBe(30);
  });

  it('when the audience names an unknown attribute or is not an object, the count is a 400 in the Strapi error shape', async () => {
    const unknown = await recipients(admin, { password: { $eq: 'x' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      data: null,
      error: { status: 400, name: 'ValidationError' },
    });
    const notObject = await call('POST', '/api/announcements/recipients', admin, {
      data: { audience: 'todos' },
    });
    expect(notObject.status).toBe(400);
    expect(notObject.body).toMatchObject({ data: null, error: { status: 400 } });
    const bad = await announce(admin, { audience: { nope: { $eq: 1 } } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ data: null, error: { status: 400 } });
  });
});

describe('sending', () => {
  it('when an admin sends an announcement, the request answers 201 scheduled and the send writes one entry per student, with the cleaned message, and the counts', async () => {
    const p = await population();
    const answer = await announce(admin, {
      subject: 'Jornada de orientación',
      message:
        '<p>Hola <strong>a todos</strong></p><script>alert(1)</script><img src=x onerror="alert(2)"><p><a href="javascript:alert(3)">enlace</a></p>',
      audience: { university: { id: p.university.id }, degree: { id: p.degreeA.id } },
    });
    expect(answer.status).toBe(201);
    const id = answer.body.data.id;
    expect(answer.body.data.attributes).toMatchObject({
      subject: 'Jornada de orientación',
      status: 'scheduled',
      kind: 'u4i_advice',
      recipients: 0,
      emailsQueued: 0,
      emailsSent: 0,
      emailsFailed: 0,
      entriesRead: 0,
    });
    const cleaned = answer.body.data.attributes.message as string;
    expect(cleaned).toContain('<strong>a todos</strong>');
    expect(cleaned).not.toMatch(/script|onerror|javascript|<img/);

    await app.jobs.flush();
    const expected = await countBySql(
      sql`SELECT count(*) AS n FROM students WHERE university_id = ${p.university.id} AND degree_id = ${p.degreeA.id}`,
    );
    const entries = await entriesOf(id);
    expect(entries).toHaveLength(expected);
    for (const entry of entries) {
      expect(entry.notification_subject).toBe('Jornada de orientación');
      expect(entry.notification_message).toBe(cleaned);
      expect(entry.isRead).toBe(false);
    }
    const emails = await emailsOf(id);
    expect(emails).toHaveLength(expected);
    expect(emails[0]?.subject).toBe('Jornada de orientación');
    expect(emails[0]?.text).toContain('Hola a todos');
    expect(emails[0]?.html).not.toMatch(/<script|onerror=/);
    expect(emails[0]?.html).toContain('Hola a todos');
    // The body is kept once, on the announcement, not on each of its emails.
    expect(emails.every((email) => email.storedHtml === null)).toBe(true);

    // A student reads the entry in their centre: the history counts it.
    await (
      await db()
    )
      .update(communicationCenters)
      .set({ isRead: true })
      .where(eq(communicationCenters.id, entries[0]!.id));
    const read = await call('GET', `/api/announcements/${id}`, admin);
    expect(read.status).toBe(200);
    expect(read.body.data.attributes).toMatchObject({
      status: 'sent',
      recipients: expected,
      emailsQueued: expected,
      emailsPending: expected,
      emailsSent: 0,
      emailsFailed: 0,
      entriesRead: 1,
    });
    expect(read.body.data.attributes.sentAt).toEqual(expect.any(String));
  });

  it('when a message has no text once cleaned, the announcement is a 400 and nothing is queued', async () => {
    const before = await countBySql(sql`SELECT count(*) AS n FROM announcements`);
    const answer = await announce(admin, {
      message: '<script>alert(1)</script><p></p>',
      audience: {},
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ data: null, error: { status: 400 } });
    expect(await countBySql(sql`SELECT count(*) AS n FROM announcements`)).toBe(before);
  });

  it('when the send runs a second time, no student gets a second entry nor a second email', async () => {
    const p = await population();
    const answer = await announce(admin, { audience: { university: { id: p.university.id } } });
    const id = answer.body.data.id;
    await app.jobs.flush();
    expect(await entriesOf(id)).toHaveLength(30);
    const queued = await emailsOf(id);
    const emails = queued.length;
    expect(emails).toBe(30);
    // Spaced at the send's pace: 30 emails span 29 steps of 1/rate seconds.
    const due = queued.map((e) => e.nextAttemptAt.getTime()).sort((a, b) => a - b);
    expect((due[29]! - due[0]!) / 1_000).toBeCloseTo(29 / ANNOUNCEMENT_EMAILS_PER_SECOND, 1);
    expect(new Set(due).size).toBe(30);
    // As if the worker had died after the commit and before recording the job done.
    await (
      await db()
    )
      .update(announcements)
      .set({ status: 'scheduled' })
      .where(eq(announcements.id, id));
    await (
      await db()
    )
      .update(jobs)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
      .where(eq(jobs.key, sendAnnouncementKey(id)));
    await app.jobs.flush();
    expect(await entriesOf(id)).toHaveLength(30);
    expect(await emailsOf(id)).toHaveLength(emails);
    const [row] = await (await db()).select().from(announcements).where(eq(announcements.id, id));
    expect(row).toMatchObject({ status: 'sent', recipients: 30, emailsQueued: 30 });
  });

  it('when an announcement is scheduled for later, nothing is sent until it is due, then it goes', async () => {
    const p = await population();
    const sendAt = new Date(Date.now() + 2 * 3_600_000);
    const answer = await announce(admin, {
      audience: { university: { id: p.university.id } },
      sendAt: sendAt.toISOString(),
    });
    expect(answer.status).toBe(201);
    const id = answer.body.data.id;
    expect(answer.body.data.attributes.status).toBe('scheduled');
    expect(new Date(answer.body.data.attributes.sendAt as string).getTime()).toBe(sendAt.getTime());

    await app.jobs.flush();
    expect(await entriesOf(id)).toHaveLength(0);
    const [job] = await (
      await db()
    )
      .select()
      .from(jobs)
      .where(eq(jobs.key, sendAnnouncementKey(id)));
    expect(job?.status).toBe('pending');
    expect(job?.nextAttemptAt.getTime()).toBe(sendAt.getTime());
    expect((await call('GET', `/api/announcements/${id}`, admin)).body.data.attributes.status).toBe(
      'scheduled',
    );

    // The time comes.
    await (
      await db()
    )
      .update(jobs)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(jobs.id, job!.id));
    await app.jobs.flush();
    expect(await entriesOf(id)).toHaveLength(30);
    expect((await call('GET', `/api/announcements/${id}`, admin)).body.data.attributes.status).toBe(
      'sent',
    );
  });

  it('when a scheduled announcement is cancelled, it is never sent, its job is closed, and a sent one cannot be cancelled (409)', async () => {
    const p = await population();
    const answer = await announce(admin, {
      audience: { university: { id: p.university.id } },
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const id = answer.body.data.id;
    const cancelled = await call('POST', `/api/announcements/${id}/cancel`, admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ id, attributes: { status: 'cancelled' } });
    const [job] = await (
      await db()
    )
      .select()
      .from(jobs)
      .where(eq(jobs.key, sendAnnouncementKey(id)));
    expect(job).toMatchObject({ status: 'done', result: { skipped: 'cancelled' } });
    // Even a job that was already running when the cancel committed sends nothing.
    await (
      await db()
    )
      .update(jobs)
      .set({ status: 'pending', nextAttemptAt: sql`now()` })
      .where(eq(jobs.id, job!.id));
    await app.jobs.flush();
    expect(await entriesOf(id)).toHaveLength(0);
    expect(await emailsOf(id)).toHaveLength(0);
    expect((await call('GET', `/api/announcements/${id}`, admin)).body.data.attributes.status).toBe(
      'cancelled',
    );

    const again = await call('POST', `/api/announcements/${id}/cancel`, admin);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      data: null,
      error: { status: 409, name: 'ApplicationError', message: NOT_CANCELLABLE_MESSAGE },
    });
    const sent = await announce(admin, { audience: { university: { id: p.university.id } } });
    await app.jobs.flush();
    expect(
      (await call('POST', `/api/announcements/${sent.body.data.id}/cancel`, admin)).status,
    ).toBe(409);
    expect(await entriesOf(sent.body.data.id)).toHaveLength(30);
  });

  it('when an admin resends an announcement, its failed emails are due again and the others stay as they were', async () => {
    const p = await population();
    const answer = await announce(admin, { audience: { university: { id: p.university.id } } });
    const id = answer.body.data.id;
    await app.jobs.flush();
    const [first, second] = await emailsOf(id);
    await (
      await db()
    )
      .update(emailOutbox)
      .set({ status: 'failed', attempts: 12, lastError: '550 No such mailbox' })
      .where(eq(emailOutbox.id, first!.id));
    await (
      await db()
    )
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(emailOutbox.id, second!.id));
    const before = await call('GET', `/api/announcements/${id}`, admin);
    expect(before.body.data.attributes).toMatchObject({
      emailsFailed: 1,
      emailsSent: 1,
      emailsPending: 28,
    });

    const resent = await call('POST', `/api/announcements/${id}/resend`, admin);
    expect(resent).toEqual({ status: 200, body: { data: { requeued: 1 } } });
    const after = await call('GET', `/api/announcements/${id}`, admin);
    expect(after.body.data.attributes).toMatchObject({
      emailsFailed: 0,
      emailsSent: 1,
      emailsPending: 29,
    });
    const [row] = await (
      await db()
    )
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, first!.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });

    expect((await call('POST', `/api/announcements/${id}/resend`, admin)).body).toEqual({
      data: { requeued: 0 },
    });
    expect((await call('POST', '/api/announcements/999999999/resend', admin)).status).toBe(404);
  });

  it('when the history is listed, the newest comes first with its counts', async () => {
    const p = await population();
    const older = await announce(admin, { audience: { university: { id: p.university.id } } });
    const newer = await announce(admin, { audience: { university: { id: p.university.id } } });
    const list = await call<ListBody>(
      'GET',
      '/api/announcements?pagination[pageSize]=2&populate=author',
      admin,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((e) => e.id)).toEqual([newer.body.data.id, older.body.data.id]);
    const attributes = list.body.data[0]?.attributes ?? {};
    for (const count of [
      'recipients',
      'emailsQueued',
      'emailsPending',
      'emailsSent',
      'emailsFailed',
    ]) {
      expect(typeof attributes[count], count).toBe('number');
    }
    expect(attributes.entriesRead).toBe(0);
    const author = list.body.data[0]?.attributes.author as { data: { id: number } };
    expect(author.data.id).toEqual(expect.any(Number));
    expect(list.body.meta.pagination).toMatchObject({ page: 1, pageSize: 2 });
  });
});

describe('preferences per kind and channel', () => {
  it('when an announcement of a kind is sent, every student gets the entry and only those with email and that kind on get the email', async () => {
    const university = await createUniversity();
    let phones = 0;
    const make = async (notification: Record<string, boolean> | null) => {
      const email = `${unique('pref')}@test.es`.toLowerCase();
      phones += 1;
      const phone = `+3460000${String(phones).padStart(4, '0')}`;
      const user = await createUser({ profileType: 'student', email, phone });
      const student = await createStudent({
        userId: user.id,
        universityId: university.id,
        notification: notification as never,
      });
      return { email, phone, student };
    };
    const nothingStored = await make(null);
    const bothOn = await make({ email: true, professional_offers: true });
    const emailOff = await make({ email: false, professional_offers: true });
    const kindOff = await make({ email: true, professional_offers: false });
    const bothOff = await make({ email: false, professional_offers: false });
    const otherKindOff = await make({ u4i_advice: false, whatsapp: false });
    const whatsappOn = await make({ whatsapp: true, professional_offers: true, email: false });

    const answer = await announce(admin, {
      kind: 'professional_offers',
      audience: { university: { id: university.id } },
    });
    expect(answer.status).toBe(201);
    const id = answer.body.data.id;
    await app.jobs.flush();

    const entries = await entriesOf(id);
    expect(entries.map((e) => e.studentId).sort((a, b) => a - b)).toEqual(
      [nothingStored, bothOn, emailOff, kindOff, bothOff, otherKindOff, whatsappOn]
        .map((s) => s.student.id)
        .sort((a, b) => a - b),
    );
    const emailed = (await emailsOf(id)).map((e) => e.recipient).sort();
    expect(emailed).toEqual([nothingStored.email, bothOn.email, otherKindOff.email].sort());

    // WhatsApp: no provider here, nothing goes; a provider would reach whatsapp and kind on.
    const [row] = await (await db()).select().from(announcements).where(eq(announcements.id, id));
    expect(await sendAnnouncementWhatsApp(await db(), row!, NO_WHATSAPP_PROVIDER)).toBe(0);
    const sent: { to: string; text: string }[] = [];
    const double: WhatsAppChannel = {
      configured: true,
      send: (to, text) => {
        sent.push({ to, text });
        return Promise.resolve();
      },
    };
    expect(await sendAnnouncementWhatsApp(await db(), row!, double)).toBe(4);
    expect(sent.map((m) => m.to).sort()).toEqual(
      [nothingStored, bothOn, emailOff, whatsappOn].map((s) => s.phone).sort(),
    );
    expect(sent[0]?.text).toContain(row!.subject);
    expect(sent[0]?.text).toContain('Hola');
  });

  it('when a kind is off but email is on, or email is off, the preference of another kind changes nothing', async () => {
    const university = await createUniversity();
    const user = await createUser({ profileType: 'student' });
    await createStudent({
      userId: user.id,
      universityId: university.id,
      notification: { professional_offers: false },
    });
    const advice = await announce(admin, { audience: { university: { id: university.id } } });
    const offers = await announce(admin, {
      kind: 'professional_offers',
      audience: { university: { id: university.id } },
    });
    await app.jobs.flush();
    expect(await emailsOf(advice.body.data.id)).toHaveLength(1);
    expect(await emailsOf(offers.body.data.id)).toHaveLength(0);
    expect(await entriesOf(offers.body.data.id)).toHaveLength(1);
  });

  it('when the kind is not one of the preference kinds, the announcement is a 400', async () => {
    const answer = await announce(admin, { kind: 'email', audience: {} });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ data: null, error: { status: 400 } });
  });
});

describe('who may send to whom', () => {
  /** A coordinator's organisation and project, with two candidates; a stranger's candidate. */
  async function coordinatorScene() {
    const university = await createUniversity();
    const organization = await createOrganization();
    const { user, headers } = await signedIn(app, 'coordinator');
    await createCoordinator({ userId: user.id, organizationId: organization.id });
    const own = await createProject({ organizationId: organization.id });
    const other = await createProject({ organizationId: (await createOrganization()).id });
    const student = () => createStudent({ universityId: university.id });
    const selected = await student();
    const sent = await student();
    const stranger = await student();
    const nobody = await student();
    await createApply({ studentId: selected.id, projectId: own.id, status: 'Seleccionado' });
    await createApply({ studentId: sent.id, projectId: own.id, status: 'Enviada' });
    await createApply({ studentId: stranger.id, projectId: other.id, status: 'Seleccionado' });
    return { university, headers, own, other, selected, sent, stranger, nobody };
  }

  it('when a coordinator cancels another’s announcement, or a student any, it is a 404 or a 403 and stays scheduled', async () => {
    const p = await population();
    const answer = await announce(admin, {
      audience: { university: { id: p.university.id } },
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const id = answer.body.data.id;
    const s = await coordinatorScene();
    expect((await call('POST', `/api/announcements/${id}/cancel`, s.headers)).status).toBe(404);
    const student = await signedIn(app, 'student');
    expect((await call('POST', `/api/announcements/${id}/cancel`, student.headers)).status).toBe(
      403,
    );
    expect((await call('POST', `/api/announcements/${id}/cancel`, {})).status).toBe(401);
    expect((await call('GET', `/api/announcements/${id}`, admin)).body.data.attributes.status).toBe(
      'scheduled',
    );
  });

  it('when a coordinator counts or sends, the audience is narrowed to the candidates of their own projects', async () => {
    const s = await coordinatorScene();
    const u = { university: { id: s.university.id } };
    expect((await recipients(s.headers, u)).body).toEqual({ data: { recipients: 2 } });
    expect((await recipients(s.headers, {})).body).toEqual({ data: { recipients: 2 } });
    // By status: "selected" means selected in their projects, not the stranger's selection.
    expect(
      (await recipients(s.headers, { ...u, applys: { status: 'Seleccionado' } })).body,
    ).toEqual({ data: { recipients: 1 } });
    // Naming another organisation's project reaches no one.
    expect((await recipients(s.headers, { applys: { project: { id: s.other.id } } })).body).toEqual(
      { data: { recipients: 0 } },
    );

    const answer = await announce(s.headers, { audience: u });
    expect(answer.status).toBe(201);
    await app.jobs.flush();
    const reached = (await entriesOf(answer.body.data.id)).map((e) => e.studentId);
    expect(reached.sort((a, b) => a - b)).toEqual([s.selected.id, s.sent.id].sort((a, b) => a - b));
  });

  it('when a coordinator is no longer one when their scheduled announcement is due, it reaches no one and is failed', async () => {
    const s = await coordinatorScene();
    const answer = await announce(s.headers, {
      audience: {},
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(answer.status).toBe(201);
    const id = answer.body.data.id;
    const [author] = await (
      await db()
    )
      .select({ authorId: announcements.authorId })
      .from(announcements)
      .where(eq(announcements.id, id));
    await (
      await db()
    )
      .update(users)
      .set({ profileType: 'student' })
      .where(eq(users.id, author!.authorId!));
    await (
      await db()
    )
      .update(jobs)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(jobs.key, sendAnnouncementKey(id)));
    await app.jobs.flush();
    expect(await entriesOf(id)).toHaveLength(0);
    const [row] = await (await db()).select().from(announcements).where(eq(announcements.id, id));
    expect(row?.status).toBe('failed');
    const [job] = await (
      await db()
    )
      .select()
      .from(jobs)
      .where(eq(jobs.key, sendAnnouncementKey(id)));
    expect(job?.status).toBe('failed');
  });

  it('when a coordinator filters by a protected attribute (a pasted list of emails), it is refused with a 400', async () => {
    const s = await coordinatorScene();
    const answer = await recipients(s.headers, { user: { email: { $in: ['a@test.es'] } } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ data: null, error: { status: 400 } });
  });

  it('when a teacher tutors a student of another project, the student is not theirs to write to; their own project’s candidates are', async () => {
    const { user, headers } = await signedIn(app, 'teacher');
    const teacher = await createTeacher({ userId: user.id });
    const university = await createUniversity();
    const own = await createProject({ teacherId: teacher.id });
    const candidate = await createStudent({ universityId: university.id });
    const tutored = await createStudent({ universityId: university.id });
    await createApply({ studentId: candidate.id, projectId: own.id });
    await createApply({ studentId: tutored.id, tutorAsignedId: teacher.id });
    expect((await recipients(headers, { university: { id: university.id } })).body).toEqual({
      data: { recipients: 1 },
    });
  });

  it('when a coordinator lists or reads announcements, they see their own only; another’s is a 404', async () => {
    const s = await coordinatorScene();
    const mine = await announce(s.headers, { audience: {} });
    const admins = await announce(admin, { audience: { university: { id: s.university.id } } });
    const list = await call<ListBody>(
      'GET',
      '/api/announcements?pagination[pageSize]=100',
      s.headers,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((e) => e.id)).toEqual([mine.body.data.id]);
    expect((await call('GET', `/api/announcements/${admins.body.data.id}`, s.headers)).status).toBe(
      404,
    );
    expect(
      (await call('POST', `/api/announcements/${admins.body.data.id}/resend`, s.headers)).status,
    ).toBe(404);
  });

  it('when a coordinator sets the status, the author or the counts, the announcement is refused', async () => {
    const s = await coordinatorScene();
    for (const extra of [{ status: 'sent' }, { author: 1 }, { recipients: 5 }]) {
      const answer = await announce(s.headers, { audience: {}, ...extra });
      expect([400, 403], JSON.stringify(extra)).toContain(answer.status);
      expect(answer.body.data).toBeNull();
    }
  });

  it('when a student or a visitor calls the announcements, they are refused (403, 401) and nothing is written', async () => {
    const { headers } = await signedIn(app, 'student');
    const before = await countBySql(sql`SELECT count(*) AS n FROM announcements`);
    expect((await announce(headers, { audience: {} })).status).toBe(403);
    expect((await call('GET', '/api/announcements', headers)).status).toBe(403);
    expect((await recipients(headers, {})).status).toBe(403);
    expect((await call('POST', '/api/announcements/1/resend', headers)).status).toBe(403);
    const visitor = await announce({}, { audience: {} });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ data: null, error: { status: 401 } });
    expect(await countBySql(sql`SELECT count(*) AS n FROM announcements`)).toBe(before);
  });
});

describe('a large send (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'when an admin sends to 10,000 students, the request answers at once and the job writes every entry and email',
    async () => {
      const university = await createUniversity();
      const tag = unique('masivo').replace(/[^a-z0-9]/gi, '');
      const database = await db();
      await database.execute(sql`
        WITH new_users AS (
          INSERT INTO up_users (username, email, password, confirmed, profile_type)
          SELECT ${tag} || '-' || g, ${tag} || '-' || g || '@test.es', 'x', true, 'student'
          FROM generate_series(1, 10000) g
          RETURNING id
        )
        INSERT INTO students (user_id, university_id, primary_key, published_at)
        SELECT id, ${university.id}, 'E9' || lpad(id::text, 8, '0'), now() FROM new_users`);
      const started = performance.now();
      const answer = await announce(admin, { audience: { university: { id: university.id } } });
      const elapsed = performance.now() - started;
      expect(answer.status).toBe(201);
      // The request writes the announcement and its job, never the 10,000 entries.
      expect(elapsed).toBeLessThan(1_000);
      await app.jobs.flush({ timeoutMs: 120_000 });
      const read = await call('GET', `/api/announcements/${answer.body.data.id}`, admin);
      expect(read.body.data.attributes).toMatchObject({
        status: 'sent',
        recipients: 10_000,
        emailsQueued: 10_000,
      });
    },
    180_000,
  );
});
