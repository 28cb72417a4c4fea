import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communicationCenters,
  emailOutbox,
  students,
  studentsFavoriteProjects,
} from '../../db/schema';
import { getTestApp } from '../../../test/helpers/app';
import { appWithChangeFeed, type FeedApp } from '../../../test/helpers/change-feed';
import { getTestDatabase } from '../../../test/helpers/db';
import { outboxTo } from '../../../test/helpers/email';
import {
  asAdmin,
  bearer,
  createApply,
  createFile,
  createOrganization,
  createProject,
  createStudent,
  createUser,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { MATCH_NOTIFY_THRESHOLD } from './matching.score';

let app: FastifyInstance;
/** Waits, before a request, until the process has heard of every change made so far. */
let settled: () => Promise<void> = async () => undefined;
const db = async () => (await getTestDatabase()).db;
beforeAll(async () => {
  app = await getTestApp();
});

/**
 * The two ways the candidates are chosen (ADR 0059): by PostgreSQL alone (a process without a
 * change feed, or one whose feed is down), and from the published projects kept in memory (a
 * process that hears the database's change notifications). The recommendation tests run against
 * both: they must give the same answers.
 */
let withFeed: FeedApp | undefined;
afterAll(async () => {
  await withFeed?.close();
});
const WAYS = {
  'by PostgreSQL alone': async () => {
    app = await getTestApp();
    settled = async () => undefined;
  },
  'from the published projects in memory': async () => {
    withFeed ??= await appWithChangeFeed();
    app = withFeed.app;
    settled = withFeed.settled;
  },
};

interface Recommended {
  id: number;
  attributes: Record<string, unknown> & {
    title: string;
    organization: { id: number; name: string; logoUrl: string | null } | null;
    saved: boolean;
    applied: boolean;
  };
  score: number;
  reasons: string[];
}

async function recommended(headers: Record<string, string> = {}) {
  await settled();
  const res = await app.inject({ method: 'GET', url: '/api/projects/recommended', headers });
  return { status: res.statusCode, body: res.json<{ data: Recommended[]; meta: object }>() };
}

/**
 * A student whose area, province and interest are unique to the test, so that only the test's
 * projects can score more than a remote project of another test file (15 points).
 */
async function uniqueStudent(notification: Record<string, boolean> = {}) {
  const area = unique('Área');
  const province = unique('Provincia');
  const tags = [unique('Interés'), unique('Interés')];
  const user = await createUser({ profileType: 'student', email: `${unique('est')}@test.es` });
  const student = await createStudent({
    userId: user.id,
    student_area: area,
    province,
    tags,
    notification,
  });
  return { user, student, area, province, tags, headers: bearer(app, user.id) };
}

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);
const dateIn = (days: number) => daysFromNow(days).toISOString().slice(0, 10);

describe.each(Object.keys(WAYS) as (keyof typeof WAYS)[])('recommendations chosen %s', (way) => {
  beforeAll(async () => {
    await WAYS[way]();
  });

  describe('GET /api/projects/recommended', () => {
    it('when a student asks, the best published projects come first with their score and reasons', async () => {
      const s = await uniqueStudent();
      const logo = await createFile();
      const organization = await createOrganization({ logoId: logo.id });
      const best = await createProject({
        study_areas: [s.area],
        location: s.province,
        tags: s.tags,
        organizationId: organization.id,
      });
      const areaOnly = await createProject({ study_areas: [s.area] });
      const applied = await createProject({ study_areas: [s.area], location: s.province });
      await createApply({ studentId: s.student.id, projectId: applied.id });
      const draft = await createProject({
        study_areas: [s.area],
        location: s.province,
        status: 'Pendiente',
        publishedAt: null,
      });
      const closed = await createProject({
        study_areas: [s.area],
        location: s.province,
        application_deadline: dateIn(-1),
      });
      await (
        await db()
      )
        .insert(studentsFavoriteProjects)
        .values({ studentId: s.student.id, projectId: areaOnly.id });

      const { status, body } = await recommended(s.headers);
      expect(status).toBe(200);
      expect(body.meta).toEqual({});
      expect(body.data.length).toBeLessThanOrEqual(6);
      const ids = body.data.map((p) => p.id);
      expect(ids.slice(0, 2)).toEqual([best.id, areaOnly.id]);
      for (const excluded of [applied.id, draft.id, closed.id]) expect(ids).not.toContain(excluded);

      const [first, second] = body.data;
      expect(first?.score).toBe(65);
      expect(first?.reasons).toEqual([
        `coincide con tu área: ${s.area}`,
        `comparte tus intereses: ${s.tags.map((t) => t.charAt(0).toLowerCase() + t.slice(1)).join(', ')}`,
        `en tu provincia: ${s.province}`,
      ]);
      expect(first?.attributes).toMatchObject({
        title: best.title,
        status: 'Publicada',
        type: 'Impacto social',
        organization: { id: organization.id, name: organization.name, logoUrl: logo.url },
        teacher: null,
        saved: false,
        applied: false,
      });
      expect(second?.attributes.saved).toBe(true);
      const scores = body.data.map((p) => p.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(scores.every((score) => score > 0)).toBe(true);
    });

    it('when two projects score the same, the newest comes first', async () => {
      const s = await uniqueStudent();
      const older = await createProject({ study_areas: [s.area], publishedAt: daysFromNow(-3) });
      const newer = await createProject({ study_areas: [s.area], publishedAt: daysFromNow(-1) });
      const { body } = await recommended(s.headers);
      expect(body.data.map((p) => p.id).slice(0, 2)).toEqual([newer.id, older.id]);
    });

    it("when the organisation's logo is a private file, its address is not shown", async () => {
      const s = await uniqueStudent();
      const logo = await createFile({ isPrivate: true });
      const organization = await createOrganization({ logoId: logo.id });
      const project = await createProject({
        study_areas: [s.area],
        organizationId: organization.id,
      });
      const { body } = await recommended(s.headers);
      expect(body.data[0]?.id).toBe(project.id);
      expect(body.data[0]?.attributes.organization).toEqual({
        id: organization.id,
        name: organization.name,
        logoUrl: null,
      });
    });

    it('when the caller is not a student, it is 403 (and the route is not taken for a project id)', async () => {
      for (const role of ['teacher', 'coordinator', 'admin'] as const) {
        const { headers } = await signedIn(app, role);
        expect((await recommended(headers)).status, role).toBe(403);
      }
      expect((await recommended()).status).toBe(403);
    });
  });
});

describe('notices of a newly published project', () => {
  beforeAll(WAYS['by PostgreSQL alone']);

  async function entriesOf(studentId: number, title: string) {
    return (await db())
      .select()
      .from(communicationCenters)
      .where(
        and(
          eq(communicationCenters.studentId, studentId),
          eq(
            communicationCenters.notification_subject,
            `Un nuevo proyecto encaja contigo: «${title}»`,
          ),
        ),
      );
  }

  it('when an admin publishes a project, opted-in students it suits get an entry and an email', async () => {
    const fits = await uniqueStudent({ new_matching_projects: true, email: true });
    const area = fits.area;
    const profile = (values: { notification: Record<string, boolean> }) =>
      createStudent({
        userId: undefined,
        student_area: area,
        province: fits.province,
        tags: fits.tags,
        ...values,
      });
    const optedOut = await profile({ notification: { new_matching_projects: false } });
    const noEmail = await profile({ notification: { new_matching_projects: true, email: false } });
    const alreadyApplied = await profile({ notification: { new_matching_projects: true } });
    const elsewhere = await uniqueStudent({ new_matching_projects: true });

    const project = await createProject({
      title: unique('Proyecto a publicar'),
      status: 'Por validar',
      publishedAt: null,
      study_areas: [area],
      location: fits.province,
      tags: fits.tags,
    });
    await createApply({ studentId: alreadyApplied.id, projectId: project.id });

    const res = await app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: await asAdmin(app),
      payload: { data: { status: 'Publicada' } },
    });
    expect(res.statusCode, res.body).toBe(200);

    const [entry] = await entriesOf(fits.student.id, project.title);
    expect(entry?.notification_message).toContain('65 sobre 100');
    expect(entry?.notification_message).toContain(`Coincide con tu área: ${area}.`);
    expect(entry?.notification_message).toContain(`href="/projects/${project.id}"`);
    expect(await entriesOf(noEmail.id, project.title)).toHaveLength(1);
    for (const student of [optedOut.id, alreadyApplied.id, elsewhere.student.id]) {
      expect(await entriesOf(student, project.title)).toHaveLength(0);
    }

    const emails = await outboxTo(fits.user.email);
    expect(emails.map((e) => e.template)).toEqual(['newMatchingProject']);
    expect(emails[0]?.subject).toBe(`Un nuevo proyecto encaja contigo: «${project.title}»`);
    expect(emails[0]?.text).toContain(`http://localhost:3000/projects/${project.id}`);
    expect(emails[0]?.text).toContain('Afinidad con tu perfil: 65 sobre 100');
    const noEmailRows = await (
      await db()
    )
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Un nuevo proyecto encaja contigo: «${project.title}»`));
    // Only the student who kept email on; the other opted-in student reads it in the centre.
    expect(noEmailRows).toHaveLength(1);

    // Changing a project that was already published tells nobody again.
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: await asAdmin(app),
      payload: { data: { description: 'Otra descripción' } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await entriesOf(fits.student.id, project.title)).toHaveLength(1);
  });

  it('when a student never stored preferences, or stored others only, they are told (preferences default to on)', async () => {
    const never = await uniqueStudent();
    await (
      await db()
    )
      .update(students)
      .set({ notification: null })
      .where(eq(students.id, never.student.id));
    const others = await uniqueStudent({ email: true });
    const title = unique('Proyecto para todos');
    for (const s of [never, others]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: await asAdmin(app),
        payload: {
          data: {
            title: `${title} ${s.area}`,
            type: 'TFG/TFM',
            status: 'Publicada',
            study_areas: [s.area],
            location: s.province,
            tags: s.tags,
          },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await entriesOf(s.student.id, `${title} ${s.area}`)).toHaveLength(1);
      expect(await outboxTo(s.user.email)).toHaveLength(1);
    }
  });

  it('when a student would score under the threshold, nothing is sent', async () => {
    const s = await uniqueStudent({ new_matching_projects: true });
    // Area only: 30 points.
    const project = await createProject({
      title: unique('Proyecto lejano'),
      status: 'Validada',
      publishedAt: null,
      study_areas: [s.area],
    });
    expect(30).toBeLessThan(MATCH_NOTIFY_THRESHOLD);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: await asAdmin(app),
      payload: { data: { status: 'Publicada' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entriesOf(s.student.id, project.title)).toHaveLength(0);
    expect(await outboxTo(s.user.email)).toHaveLength(0);
  });

  it('when an admin creates a project already published, the students it suits are told', async () => {
    const s = await uniqueStudent({ new_matching_projects: true });
    const title = unique('Proyecto directo');
    const res = await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: await asAdmin(app),
      payload: {
        data: {
          title,
          type: 'TFG/TFM',
          status: 'Publicada',
          study_areas: [s.area],
          location: s.province,
          tags: s.tags,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entriesOf(s.student.id, title)).toHaveLength(1);
    expect(await outboxTo(s.user.email)).toHaveLength(1);
  });
});
