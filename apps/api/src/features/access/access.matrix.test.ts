import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  bearer,
  createApply,
  createCoordinator,
  createNotification,
  createOrganization,
  createProject,
  createStudent,
  createTeacher,
  createUniversity,
  createUser,
  unique,
} from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import { enablePublishing, setFeatureSwitch } from '../../../test/helpers/permissions';
import { eq } from 'drizzle-orm';
import {
  banners,
  legalConsents,
  legalTextVersions,
  legalTexts,
  projectProgresses,
  projects,
  questionnaireAnswers,
  tfxes,
} from '../../db/schema';

/**
 * The access table walked whole (ADR 0012): every role against every content type, for lists,
 * single reads, updates, creation and deletion, on their own records and on other people's.
 */

type Role = 'visitor' | 'studentA' | 'teacherA' | 'coordinatorA' | 'admin';
const ROLES: Role[] = ['visitor', 'studentA', 'teacherA', 'coordinatorA', 'admin'];

let app: FastifyInstance;
const headers: Record<Role, Record<string, string>> = {} as Record<Role, Record<string, string>>;
/** Record ids by key, per content type. */
const ids: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  app = await getTestApp();
  // Publishing is a feature switch (spec §3); the table is walked with it on.
  await enablePublishing();
  const { db } = await getTestDatabase();

  const studentA = await createStudent();
  const studentB = await createStudent();
  const teacherA = await createTeacher();
  const teacherB = await createTeacher();
  const orgA = await createOrganization();
  const orgB = await createOrganization();
  const coordinatorA = await createCoordinator({ organizationId: orgA.id });
  const coordinatorB = await createCoordinator({ organizationId: orgB.id });
  const adminUser = await createUser({ profileType: 'admin' });

  headers.visitor = {};
  headers.studentA = bearer(app, studentA.userId);
  headers.teacherA = bearer(app, teacherA.userId);
  headers.coordinatorA = bearer(app, coordinatorA.userId);
  headers.admin = bearer(app, adminUser.id);

  const [progress] = await db.insert(projectProgresses).values({}).returning();
  const teacherPublished = await createProject({
    teacherId: teacherA.id,
    progressId: progress!.id,
  });
  const teacherDraft = await createProject({
    teacherId: teacherA.id,
    publishedAt: null,
    status: 'Pendiente',
  });
  const orgPublished = await createProject({
    organizationId: orgA.id,
    coordinatorId: coordinatorA.id,
  });
  const otherPublished = await createProject({ teacherId: teacherB.id });
  const otherDraft = await createProject({
    organizationId: orgB.id,
    coordinatorId: coordinatorB.id,
    publishedAt: null,
    status: 'Pendiente',
  });
  ids.projects = {
    teacherPublished: teacherPublished.id,
    teacherDraft: teacherDraft.id,
    orgPublished: orgPublished.id,
    otherPublished: otherPublished.id,
    otherDraft: otherDraft.id,
  };

  const toTeacher = await createApply({
    studentId: studentA.id,
    projectId: teacherPublished.id,
    status: 'Seleccionado',
  });
  const toOrg = await createApply({ studentId: studentA.id, projectId: orgPublished.id });
  const otherToOther = await createApply({ studentId: studentB.id, projectId: otherPublished.id });
  ids.applys = { toTeacher: toTeacher.id, toOrg: toOrg.id, otherToOther: otherToOther.id };
  ids.students = { studentA: studentA.id, studentB: studentB.id };
  ids.teachers = { teacherA: teacherA.id, teacherB: teacherB.id };
  ids.coordinators = { coordinatorA: coordinatorA.id, coordinatorB: coordinatorB.id };
  ids.organizations = { orgA: orgA.id, orgB: orgB.id };
  ids['project-progresses'] = { teacherProject: progress!.id };

  const mine = await createNotification({ studentId: studentA.id });
  const theirs = await createNotification({ studentId: studentB.id });
  ids['communication-centers'] = { mine: mine.id, theirs: theirs.id };

  const [tfxDraft] = await db
    .insert(tfxes)
    .values({ title: unique('TFG'), studentId: studentA.id })
    .returning();
  const [tfxPublished] = await db
    .insert(tfxes)
    .values({ title: unique('TFG'), studentId: studentB.id, publishedAt: new Date() })
    .returning();
  // One work per student (spec §2): another student's draft.
  const studentC = await createStudent();
  const [tfxOtherDraft] = await db
    .insert(tfxes)
    .values({ title: unique('TFG'), studentId: studentC.id })
    .returning();
  // Another student's work sent back by staff: hidden like a draft (ADR 0037).
  const [tfxOtherRejected] = await db
    .insert(tfxes)
    .values({
      title: unique('TFG'),
      studentId: (await createStudent()).id,
      review_status: 'rejected',
      rejection_reason: 'Falta el índice',
    })
    .returning();
  ids.tfxes = {
    mineDraft: tfxDraft!.id,
    othersPublished: tfxPublished!.id,
    othersDraft: tfxOtherDraft!.id,
    othersRejected: tfxOtherRejected!.id,
  };

  const [answerMine] = await db
    .insert(questionnaireAnswers)
    .values({ studentId: studentA.id, answers: { q1: 3 } })
    .returning();
  const [answerTheirs] = await db
    .insert(questionnaireAnswers)
    .values({ studentId: studentB.id, answers: { q1: 5 } })
    .returning();
  ids['questionnaire-answers'] = { mine: answerMine!.id, theirs: answerTheirs!.id };

  const university = await createUniversity();
  ids.universities = { one: university.id };

  const banner = (publishedAt: Date | null) => ({
    title: unique('Aviso'),
    message: 'Convocatoria abierta',
    placements: [{ path: '/', audiences: [] }],
    endsAt: new Date('2030-01-31T23:00:00Z'),
    publishedAt,
  });
  const [bannerPublished] = await db.insert(banners).values(banner(new Date())).returning();
  const [bannerDraft] = await db.insert(banners).values(banner(null)).returning();
  ids.banners = { published: bannerPublished!.id, draft: bannerDraft!.id };

  // The legal texts are the migration's three (ADR 0035); consents are made by registration.
  const [notice] = await db.select().from(legalTexts).where(eq(legalTexts.kind, 'legal-notice'));
  ids['legal-texts'] = { notice: notice!.id };
  const [noticeVersion] = await db
    .select({ id: legalTextVersions.id })
    .from(legalTextVersions)
    .where(eq(legalTextVersions.legalTextId, notice!.id))
    .limit(1);
  const consent = (userId: number) => ({ userId, legalTextVersionId: noticeVersion!.id });
  const [consentMine] = await db.insert(legalConsents).values(consent(studentA.userId)).returning();
  const [consentTheirs] = await db
    .insert(legalConsents)
    .values(consent(studentB.userId))
    .returning();
  ids['legal-consents'] = { mine: consentMine!.id, theirs: consentTheirs!.id };
});

/** Which records of a type each role may see. */
const VISIBLE: Record<string, Record<Role, string[]>> = {
  projects: {
    visitor: ['teacherPublished', 'orgPublished', 'otherPublished'],
    studentA: ['teacherPublished', 'orgPublished', 'otherPublished'],
    teacherA: ['teacherPublished', 'teacherDraft', 'orgPublished', 'otherPublished'],
    coordinatorA: ['teacherPublished', 'orgPublished', 'otherPublished'],
    admin: ['teacherPublished', 'teacherDraft', 'orgPublished', 'otherPublished', 'otherDraft'],
  },
  applys: {
    visitor: [],
    studentA: ['toTeacher', 'toOrg'],
    teacherA: ['toTeacher'],
    coordinatorA: ['toOrg'],
    admin: ['toTeacher', 'toOrg', 'otherToOther'],
  },
  students: {
    visitor: [],
    studentA: ['studentA'],
    teacherA: ['studentA'],
    coordinatorA: ['studentA'],
    admin: ['studentA', 'studentB'],
  },
  teachers: {
    visitor: ['teacherA', 'teacherB'],
    studentA: ['teacherA', 'teacherB'],
    teacherA: ['teacherA', 'teacherB'],
    coordinatorA: ['teacherA', 'teacherB'],
    admin: ['teacherA', 'teacherB'],
  },
  coordinators: {
    visitor: [],
    studentA: [],
    teacherA: [],
    coordinatorA: ['coordinatorA'],
    admin: ['coordinatorA', 'coordinatorB'],
  },
  organizations: {
    visitor: ['orgA', 'orgB'],
    studentA: ['orgA', 'orgB'],
    teacherA: ['orgA', 'orgB'],
    coordinatorA: ['orgA', 'orgB'],
    admin: ['orgA', 'orgB'],
  },
  'project-progresses': {
    visitor: [],
    studentA: ['teacherProject'],
    teacherA: ['teacherProject'],
    coordinatorA: [],
    admin: ['teacherProject'],
  },
  'communication-centers': {
    visitor: [],
    studentA: ['mine'],
    teacherA: [],
    coordinatorA: [],
    admin: ['mine', 'theirs'],
  },
  tfxes: {
    visitor: ['othersPublished'],
    studentA: ['mineDraft', 'othersPublished'],
    teacherA: ['othersPublished'],
    coordinatorA: ['othersPublished'],
    admin: ['mineDraft', 'othersPublished', 'othersDraft', 'othersRejected'],
  },
  'questionnaire-answers': {
    visitor: [],
    studentA: ['mine'],
    teacherA: [],
    coordinatorA: [],
    admin: ['mine', 'theirs'],
  },
  universities: {
    visitor: ['one'],
    studentA: ['one'],
    teacherA: ['one'],
    coordinatorA: ['one'],
    admin: ['one'],
  },
  banners: {
    visitor: ['published'],
    studentA: ['published'],
    teacherA: ['published'],
    coordinatorA: ['published'],
    admin: ['published', 'draft'],
  },
  'legal-texts': {
    visitor: ['notice'],
    studentA: ['notice'],
    teacherA: ['notice'],
    coordinatorA: ['notice'],
    admin: ['notice'],
  },
  'legal-consents': {
    visitor: [],
    studentA: ['mine'],
    teacherA: [],
    coordinatorA: [],
    admin: ['mine', 'theirs'],
  },
};

/** A harmless change per type, and which records each role may make it to. */
const UPDATES: Record<
  string,
  { data: Record<string, unknown>; allowed: Record<Role, string[]> }[]
> = {
  projects: [
    {
      data: { description: 'Descripción revisada' },
      allowed: {
        visitor: [],
        studentA: [],
        teacherA: ['teacherPublished', 'teacherDraft'],
        coordinatorA: ['orgPublished'],
        admin: ['teacherPublished', 'teacherDraft', 'orgPublished', 'otherPublished', 'otherDraft'],
      },
    },
  ],
  applys: [
    {
      data: { motivation: 'Me motiva mucho' },
      allowed: {
        visitor: [],
        studentA: ['toTeacher', 'toOrg'],
        teacherA: [],
        coordinatorA: [],
        admin: ['toTeacher', 'toOrg', 'otherToOther'],
      },
    },
    {
      data: { status_message: 'Gracias por tu candidatura' },
      allowed: {
        visitor: [],
        studentA: [],
        teacherA: ['toTeacher'],
        coordinatorA: ['toOrg'],
        admin: ['toTeacher', 'toOrg', 'otherToOther'],
      },
    },
  ],
  students: [
    {
      data: { province: 'Murcia' },
      allowed: {
        visitor: [],
        studentA: ['studentA'],
        teacherA: [],
        coordinatorA: [],
        admin: ['studentA', 'studentB'],
      },
    },
  ],
  teachers: [
    {
      data: { teacher_area: 'Ciencias' },
      allowed: {
        visitor: [],
        studentA: [],
        teacherA: ['teacherA'],
        coordinatorA: [],
        admin: ['teacherA', 'teacherB'],
      },
    },
  ],
  coordinators: [
    {
      data: { job_position: 'Técnica' },
      allowed: {
        visitor: [],
        studentA: [],
        teacherA: [],
        coordinatorA: ['coordinatorA'],
        admin: ['coordinatorA', 'coordinatorB'],
      },
    },
  ],
  organizations: [
    {
      data: { sector: 'Salud' },
      allowed: {
        visitor: [],
        studentA: [],
        teacherA: [],
        coordinatorA: ['orgA'],
        admin: ['orgA', 'orgB'],
      },
    },
  ],
  'project-progresses': [
    {
      data: { frame: true },
      allowed: {
        visitor: [],
        studentA: ['teacherProject'],
        teacherA: ['teacherProject'],
        coordinatorA: [],
        admin: ['teacherProject'],
      },
    },
  ],
  'communication-centers': [
    {
      data: { isRead: true },
      allowed: {
        visitor: [],
        studentA: ['mine'],
        teacherA: [],
        coordinatorA: [],
        admin: ['mine', 'theirs'],
      },
    },
  ],
  tfxes: [
    {
      data: { summary: 'Resumen' },
      allowed: {
        visitor: [],
        studentA: ['mineDraft'],
        teacherA: [],
        coordinatorA: [],
        admin: ['mineDraft', 'othersPublished', 'othersDraft', 'othersRejected'],
      },
    },
    {
      // Review decisions are staff's: the author cannot publish their own work (walked last:
      // the admin's pass publishes every work).
      data: { review_status: 'published' },
      allowed: {
        visitor: [],
        studentA: [],
        teacherA: [],
        coordinatorA: [],
        admin: ['mineDraft', 'othersPublished', 'othersDraft', 'othersRejected'],
      },
    },
  ],
  'questionnaire-answers': [
    {
      data: { scores: { total: 1 } },
      allowed: {
        visitor: [],
        studentA: [],
        teacherA: [],
        coordinatorA: [],
        admin: ['mine', 'theirs'],
      },
    },
  ],
  universities: [
    {
      data: { name: 'Universidad renombrada' },
      allowed: { visitor: [], studentA: [], teacherA: [], coordinatorA: [], admin: ['one'] },
    },
  ],
  banners: [
    {
      data: { title: 'Aviso revisado' },
      allowed: {
        visitor: [],
        studentA: [],
        teacherA: [],
        coordinatorA: [],
        admin: ['published', 'draft'],
      },
    },
  ],
  'legal-texts': [
    {
      // The default title: an admin's save changes nothing, so no version is made.
      data: { title: 'Aviso legal' },
      allowed: { visitor: [], studentA: [], teacherA: [], coordinatorA: [], admin: ['notice'] },
    },
  ],
};

const byId = (type: string, keys: string[]) =>
  keys.map((k) => ids[type]?.[k] as number).sort((a, b) => a - b);

describe.each(Object.keys(VISIBLE))('%s', (type) => {
  it.each(ROLES)('%s lists exactly the records it may see', async (role) => {
    const all = Object.values(ids[type] ?? {});
    const query = all.map((id, i) => `filters[id][$in][${i}]=${id}`).join('&');
    const { status, body } = await send(
      app,
      'GET',
      `/api/${type}?${query}&publicationState=preview&pagination[pageSize]=100`,
      { headers: headers[role] },
    );
    const expected = byId(type, VISIBLE[type]?.[role] ?? []);
    if (expected.length === 0 && status === 403) return; // the whole type is closed to this role
    expect(status).toBe(200);
    expect(body.data.map((e) => e.id).sort((a, b) => a - b)).toEqual(expected);
  });

  it.each(ROLES)(
    '%s reads one record only when it may see it (404 otherwise, 403 when the type is closed)',
    async (role) => {
      for (const [key, id] of Object.entries(ids[type] ?? {})) {
        const { status } = await send(app, 'GET', `/api/${type}/${id}?publicationState=preview`, {
          headers: headers[role],
        });
        const visible = VISIBLE[type]?.[role]?.includes(key) ?? false;
        if (visible) expect(status, `${role} ${type} ${key}`).toBe(200);
        else expect([403, 404], `${role} ${type} ${key}`).toContain(status);
      }
    },
  );

  it.each(ROLES)('%s changes only what it may change', async (role) => {
    for (const { data, allowed } of UPDATES[type] ?? []) {
      for (const [key, id] of Object.entries(ids[type] ?? {})) {
        const { status } = await send(app, 'PUT', `/api/${type}/${id}`, {
          headers: headers[role],
          payload: { data },
        });
        const may = allowed[role].includes(key);
        if (may) expect(status, `${role} ${type} ${key} ${JSON.stringify(data)}`).toBe(200);
        else expect([403, 404], `${role} ${type} ${key} ${JSON.stringify(data)}`).toContain(status);
      }
    }
  });
});

describe('creation', () => {
  it('only teachers, coordinators and admins create projects, and only their own', async () => {
    const payload = (extra: Record<string, unknown>) => ({
      data: { title: unique('Nuevo'), type: 'TFG/TFM', publishedAt: null, ...extra },
    });
    expect(
      (await send(app, 'POST', '/api/projects', { headers: headers.visitor, payload: payload({}) }))
        .status,
    ).toBe(403);
    expect(
      (
        await send(app, 'POST', '/api/projects', {
          headers: headers.studentA,
          payload: payload({}),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await send(app, 'POST', '/api/projects', {
          headers: headers.teacherA,
          payload: payload({ teacher: ids.teachers?.teacherA }),
        })
      ).status,
    ).toBe(200);
    // Publishing for someone else is refused and leaves nothing behind; with no owner named, the
    // server makes the writer the owner (ADR 0024).
    const title = unique('Ajeno');
    expect(
      (
        await send(app, 'POST', '/api/projects', {
          headers: headers.teacherA,
          payload: {
            data: { title, type: 'TFG/TFM', publishedAt: null, teacher: ids.teachers?.teacherB },
          },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await send(app, 'POST', '/api/projects', {
          headers: headers.teacherA,
          payload: payload({}),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send(app, 'POST', '/api/projects', {
          headers: headers.coordinatorA,
          payload: payload({ organization: ids.organizations?.orgA }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send(app, 'POST', '/api/projects', {
          headers: headers.coordinatorA,
          payload: payload({ organization: ids.organizations?.orgB }),
        })
      ).status,
    ).toBe(403);
    const { db } = await getTestDatabase();
    const { eq } = await import('drizzle-orm');
    expect(await db.select().from(projects).where(eq(projects.title, title))).toEqual([]);
  });

  it('a coordinator creates an organisation but never links people or projects to one', async () => {
    const links = [
      { coordinators: [ids.coordinators?.coordinatorB] },
      { projects: [ids.projects?.otherPublished] },
    ];
    for (const extra of links) {
      expect(
        (
          await send(app, 'POST', '/api/organizations', {
            headers: headers.coordinatorA,
            payload: { data: { name: unique('Org'), ...extra } },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await send(app, 'PUT', `/api/organizations/${ids.organizations?.orgA}`, {
            headers: headers.coordinatorA,
            payload: { data: extra },
          })
        ).status,
      ).toBe(403);
    }
    for (const role of ['visitor', 'studentA', 'teacherA'] as const) {
      expect(
        (
          await send(app, 'POST', '/api/organizations', {
            headers: headers[role],
            payload: { data: { name: unique('Org') } },
          })
        ).status,
      ).toBe(403);
    }
  });

  it('a teacher or coordinator cannot publish or validate: only admins do', async () => {
    const mine = ids.projects?.teacherDraft as number;
    for (const data of [
      { status: 'Publicada' },
      { validated: true },
      { publishedAt: new Date().toISOString() },
    ]) {
      expect(
        (
          await send(app, 'PUT', `/api/projects/${mine}`, {
            headers: headers.teacherA,
            payload: { data },
          })
        ).status,
      ).toBe(403);
    }
    expect(
      (
        await send(app, 'PUT', `/api/projects/${mine}`, {
          headers: headers.teacherA,
          payload: { data: { status: 'Por validar' } },
        })
      ).status,
    ).toBe(200);
  });

  it('a teacher cannot move their project to another teacher', async () => {
    const mine = ids.projects?.teacherDraft as number;
    const { status } = await send(app, 'PUT', `/api/projects/${mine}`, {
      headers: headers.teacherA,
      payload: { data: { teacher: ids.teachers?.teacherB } },
    });
    expect(status).toBe(403);
  });

  it('a student applies as themself to a published project only', async () => {
    const student = ids.students?.studentA;
    const published = await createProject();
    const draft = await createProject({ publishedAt: null });
    expect(
      (
        await send(app, 'POST', '/api/applys', {
          headers: headers.studentA,
          payload: {
            data: {
              student,
              project: published.id,
              motivation: 'Quiero',
              CV_url: 'https://cv.example.es/a.pdf',
            },
          },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send(app, 'POST', '/api/applys', {
          headers: headers.studentA,
          payload: { data: { student, project: draft.id } },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await send(app, 'POST', '/api/applys', {
          headers: headers.studentA,
          payload: {
            data: { student: ids.students?.studentB, project: (await createProject()).id },
          },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await send(app, 'POST', '/api/applys', {
          headers: headers.teacherA,
          payload: { data: { student, project: (await createProject()).id } },
        })
      ).status,
    ).toBe(403);
  });

  it('a student withdraws an application but cannot select themself', async () => {
    const application = await createApply({ studentId: ids.students?.studentA as number });
    expect(
      (
        await send(app, 'PUT', `/api/applys/${application.id}`, {
          headers: headers.studentA,
          payload: { data: { status: 'Seleccionado' } },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await send(app, 'PUT', `/api/applys/${application.id}`, {
          headers: headers.studentA,
          payload: { data: { status: 'Retirada' } },
        })
      ).status,
    ).toBe(200);
  });

  it('catalogue, site content and notifications are created by admins only', async () => {
    for (const [path, data] of [
      ['universities', { name: unique('U') }],
      [
        'communication-centers',
        {
          notification_subject: 'Hola',
          notification_message: '<p>x</p>',
          student: ids.students?.studentA,
        },
      ],
      ['resources', { title: unique('Recurso') }],
      ['feature-permissions', { role: 'student', feature: 'projects', enabled: true }],
      [
        'banners',
        {
          title: unique('Aviso'),
          message: 'Convocatoria abierta',
          placements: [{ path: '/', audiences: [] }],
          endsAt: '2030-01-31T23:00:00Z',
        },
      ],
    ] as const) {
      for (const role of ['visitor', 'studentA', 'teacherA', 'coordinatorA'] as const) {
        expect(
          (await send(app, 'POST', `/api/${path}`, { headers: headers[role], payload: { data } }))
            .status,
          `${role} ${path}`,
        ).toBe(403);
      }
    }
    expect(
      (
        await send(app, 'POST', '/api/universities', {
          headers: headers.admin,
          payload: { data: { name: unique('U') } },
        })
      ).status,
    ).toBe(200);
  });

  it('a student creates only their own final work, pending review; teachers, coordinators and visitors none', async () => {
    await setFeatureSwitch('student', 'tfxes', { enabled: true, create: true, update: true });
    const student = await createStudent();
    const work = {
      title: unique('TFG'),
      summary: 'Resumen',
      release_month: '05/2025',
      language: 'Español',
      publish_consent: true,
    };
    const asStudent = bearer(app, student.userId);
    for (const data of [
      { ...work, review_status: 'published' },
      { ...work, awarded: true },
      { ...work, external: true },
    ]) {
      expect(
        (await send(app, 'POST', '/api/tfxes', { headers: asStudent, payload: { data } })).status,
      ).toBe(403);
    }
    const created = await send(app, 'POST', '/api/tfxes', {
      headers: asStudent,
      payload: { data: work },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.attributes).toMatchObject({
      review_status: 'pending',
      publishedAt: null,
    });
    for (const role of ['visitor', 'teacherA', 'coordinatorA'] as const) {
      const { status } = await send(app, 'POST', '/api/tfxes', {
        headers: headers[role],
        payload: { data: { ...work, title: unique('TFG') } },
      });
      expect(status, role).toBe(403);
    }
    // The student's own draft of the table (studentA) is their one work.
    expect(
      (
        await send(app, 'POST', '/api/tfxes', {
          headers: headers.studentA,
          payload: { data: { ...work, title: unique('TFG') } },
        })
      ).status,
    ).toBe(400);
  });

  it('anyone may answer the questionnaire, a student only as themself', async () => {
    expect(
      (
        await send(app, 'POST', '/api/questionnaire-answers', {
          headers: headers.visitor,
          payload: { data: { answers: { q1: 2 }, name: 'Ana', email: 'ana@test.es' } },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send(app, 'POST', '/api/questionnaire-answers', {
          headers: headers.studentA,
          payload: { data: { answers: { q1: 2 }, student: ids.students?.studentA } },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send(app, 'POST', '/api/questionnaire-answers', {
          headers: headers.studentA,
          payload: { data: { answers: { q1: 2 }, student: ids.students?.studentB } },
        })
      ).status,
    ).toBe(400);
  });
});

describe('deletion', () => {
  it('only admins delete catalogue entries, applications and notifications; owners delete their projects and drafts of final works', async () => {
    const application = await createApply({ studentId: ids.students?.studentA as number });
    expect(
      (await send(app, 'DELETE', `/api/applys/${application.id}`, { headers: headers.studentA }))
        .status,
    ).toBe(403);
    const notification = await createNotification({ studentId: ids.students?.studentA as number });
    expect(
      (
        await send(app, 'DELETE', `/api/communication-centers/${notification.id}`, {
          headers: headers.studentA,
        })
      ).status,
    ).toBe(403);
    const university = await createUniversity();
    expect(
      (
        await send(app, 'DELETE', `/api/universities/${university.id}`, {
          headers: headers.coordinatorA,
        })
      ).status,
    ).toBe(403);
    const ownProject = await createProject({ teacherId: ids.teachers?.teacherA as number });
    const othersProject = await createProject({ teacherId: ids.teachers?.teacherB as number });
    expect(
      (
        await send(app, 'DELETE', `/api/projects/${othersProject.id}`, {
          headers: headers.teacherA,
        })
      ).status,
    ).toBe(403);
    expect(
      (await send(app, 'DELETE', `/api/projects/${ownProject.id}`, { headers: headers.teacherA }))
        .status,
    ).toBe(200);
    for (const id of [application.id]) {
      expect(
        (await send(app, 'DELETE', `/api/applys/${id}`, { headers: headers.admin })).status,
      ).toBe(200);
    }
  });
});
