import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_TEXT_MAX_LENGTH,
  REJECTION_REASON_MAX_LENGTH,
  type ProjectStatus,
} from '@plataforma/shared';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { outboxTo } from '../../../test/helpers/email';
import {
  createApply,
  createCoordinator,
  createOrganization,
  createProject,
  createTeacher,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import { enablePublishing, setFeatureSwitch } from '../../../test/helpers/permissions';
import { projects } from '../../db/schema';
import { allowedTransitions } from '@plataforma/shared';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
  await enablePublishing();
});

async function projectRow(id: number) {
  const { db } = await getTestDatabase();
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  if (!row) throw new Error(`no project ${id}`);
  return row;
}

/** A signed-in teacher with their teacher record. */
async function teacher() {
  const session = await signedIn(app, 'teacher');
  const row = await createTeacher({ userId: session.user.id });
  return { ...session, row };
}

/** A signed-in coordinator of a new organisation (or of none). */
async function coordinator(withOrganization = true) {
  const session = await signedIn(app, 'coordinator');
  const organization = withOrganization ? await createOrganization() : undefined;
  const row = await createCoordinator({
    userId: session.user.id,
    organizationId: organization?.id ?? null,
  });
  return { ...session, row, organization };
}

/** A project of the teacher in a status, published exactly when Publicada. */
async function projectIn(status: ProjectStatus, teacherId: number, extra = {}) {
  return createProject({
    teacherId,
    status,
    publishedAt: status === 'Publicada' ? new Date() : null,
    validated: ['Validada', 'Publicada', 'Terminada'].includes(status),
    rejection_reason: status === 'Rechazada' ? 'Falta la memoria' : null,
    ...extra,
  });
}

const put = (id: number, headers: Record<string, string>, data: Record<string, unknown>) =>
  send(app, 'PUT', `/api/projects/${id}`, { headers, payload: { data } });

describe('creating a project', () => {
  it('when a teacher creates a project, it is theirs, a draft and unpublished', async () => {
    const me = await teacher();
    const res = await send(app, 'POST', '/api/projects', {
      headers: me.headers,
      payload: { data: { title: unique('Huerto'), type: 'TFG/TFM' } },
    });
    expect(res.status).toBe(200);
    const row = await projectRow(res.body.data.id);
    expect(row).toMatchObject({
      teacherId: me.row.id,
      coordinatorId: null,
      organizationId: null,
      status: 'Pendiente',
      publishedAt: null,
      validated: false,
    });

    // Publishing is an admin's decision, on create as on update: a date is refused.
    const dated = await send(app, 'POST', '/api/projects', {
      headers: me.headers,
      payload: {
        data: {
          title: unique('Huerto'),
          type: 'TFG/TFM',
          status: 'Por validar',
          publishedAt: new Date().toISOString(),
        },
      },
    });
    expect(dated.status).toBe(403);

    const sent = await send(app, 'POST', '/api/projects', {
      headers: me.headers,
      payload: {
        data: {
          title: unique('Huerto'),
          type: 'TFG/TFM',
          status: 'Por validar',
          publishedAt: null,
        },
      },
    });
    expect(sent.status).toBe(200);
    expect(await projectRow(sent.body.data.id)).toMatchObject({
      status: 'Por validar',
      publishedAt: null,
      teacherId: me.row.id,
    });
  });

  it('when a teacher creates a project already validated or published, it is refused with 400', async () => {
    const me = await teacher();
    for (const status of ['Validada', 'Publicada', 'Rechazada', 'Terminada']) {
      const res = await send(app, 'POST', '/api/projects', {
        headers: me.headers,
        payload: { data: { title: unique('Nuevo'), type: 'TFG/TFM', status } },
      });
      expect(res.status, status).toBe(400);
      expect(res.body.error?.message).toBe(
        'Un proyecto nuevo se guarda como «Pendiente» o se envía «Por validar»',
      );
    }
  });

  it("when a coordinator creates a project, it is theirs and their organisation's", async () => {
    const me = await coordinator();
    const res = await send(app, 'POST', '/api/projects', {
      headers: me.headers,
      payload: { data: { title: unique('Voluntariado'), type: 'Impacto social' } },
    });
    expect(res.status).toBe(200);
    expect(await projectRow(res.body.data.id)).toMatchObject({
      coordinatorId: me.row.id,
      organizationId: me.organization?.id,
      teacherId: null,
    });
  });

  it('when a coordinator names another organisation, the creation is 403 and nothing is written', async () => {
    const me = await coordinator();
    const other = await createOrganization();
    const title = unique('Ajeno');
    const res = await send(app, 'POST', '/api/projects', {
      headers: me.headers,
      payload: { data: { title, type: 'Impacto social', organization: other.id } },
    });
    expect(res.status).toBe(403);
    const { db } = await getTestDatabase();
    expect(await db.select().from(projects).where(eq(projects.title, title))).toEqual([]);
  });

  it('when a coordinator has no organisation, the creation is refused with 400', async () => {
    const me = await coordinator(false);
    const res = await send(app, 'POST', '/api/projects', {
      headers: me.headers,
      payload: { data: { title: unique('Sin org'), type: 'Impacto social' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('Necesitas una organización para publicar proyectos');
  });

  it("when the role's projects.create switch is off, the creation is 403 and nothing is written", async () => {
    const me = await teacher();
    const title = unique('Apagado');
    await setFeatureSwitch('teacher', 'projects', { enabled: true, create: false, update: true });
    try {
      const res = await send(app, 'POST', '/api/projects', {
        headers: me.headers,
        payload: { data: { title, type: 'TFG/TFM' } },
      });
      expect(res.status).toBe(403);
      expect(res.body.error?.message).toBe(
        'La publicación de proyectos no está activada para tu perfil',
      );
    } finally {
      await enablePublishing();
    }
    const { db } = await getTestDatabase();
    expect(await db.select().from(projects).where(eq(projects.title, title))).toEqual([]);
  });

  it('when an admin creates a project as Publicada, it is published and validated', async () => {
    const { headers } = await signedIn(app, 'admin');
    const res = await send(app, 'POST', '/api/projects', {
      headers,
      payload: { data: { title: unique('Admin'), type: 'TFG/TFM', status: 'Publicada' } },
    });
    expect(res.status).toBe(200);
    const row = await projectRow(res.body.data.id);
    expect(row.publishedAt).not.toBeNull();
    expect(row.validated).toBe(true);
  });
});

describe('the transition table', () => {
  const PUBLISHER_ALLOWED: [ProjectStatus, ProjectStatus][] = [
    ['Pendiente', 'Por validar'],
    ['Por validar', 'Pendiente'],
    ['Rechazada', 'Por validar'],
    ['Validada', 'Pendiente'],
    ['Publicada', 'Pendiente'],
    ['Publicada', 'Terminada'],
  ];
  const ADMIN_ONLY: [ProjectStatus, ProjectStatus][] = [
    ['Por validar', 'Validada'],
    ['Por validar', 'Rechazada'],
    ['Por validar', 'Publicada'],
    ['Validada', 'Publicada'],
  ];

  it('is the one the ADR describes', () => {
    expect(allowedTransitions('Pendiente', 'publisher')).toEqual(['Por validar']);
    expect(allowedTransitions('Terminada', 'admin')).toEqual([]);
    expect([...allowedTransitions('Por validar', 'admin')].sort()).toEqual(
      ['Pendiente', 'Publicada', 'Rechazada', 'Validada'].sort(),
    );
  });

  it.each(PUBLISHER_ALLOWED)(
    'when a teacher moves their project from %s to %s, it is saved and publishedAt follows',
    async (from, to) => {
      const me = await teacher();
      const project = await projectIn(from, me.row.id);
      const res = await put(project.id, me.headers, { status: to });
      expect(res.status).toBe(200);
      const row = await projectRow(project.id);
      expect(row.status).toBe(to);
      expect(row.publishedAt === null).toBe(to !== 'Publicada');
      expect(row.validated).toBe(['Validada', 'Publicada', 'Terminada'].includes(to));
      // Withdrawing or resubmitting leaves no rejection reason behind.
      expect(row.rejection_reason).toBeNull();
      // Only admins' decisions are emailed.
      expect(await outboxTo(me.user.email)).toEqual([]);
    },
  );

  it.each([...PUBLISHER_ALLOWED, ...ADMIN_ONLY])(
    'when an admin moves a project from %s to %s, it is saved and the teacher gets confirmProject',
    async (from, to) => {
      const me = await teacher();
      const admin = await signedIn(app, 'admin');
      const project = await projectIn(from, me.row.id);
      const data: Record<string, unknown> = { status: to };
      if (to === 'Rechazada') data.rejection_reason = 'La memoria no describe el impacto social';
      const res = await put(project.id, admin.headers, data);
      expect(res.status).toBe(200);
      const row = await projectRow(project.id);
      expect(row.status).toBe(to);
      expect(row.publishedAt === null).toBe(to !== 'Publicada');
      const emails = await outboxTo(me.user.email);
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({ template: 'confirmProject', status: 'pending' });
      expect(emails[0]?.subject).toContain(to);
      expect(emails[0]?.text).toContain(project.title);
      if (to === 'Rechazada') {
        expect(emails[0]?.text).toContain('La memoria no describe el impacto social');
        expect(row.rejection_reason).toBe('La memoria no describe el impacto social');
      }
    },
  );

  it.each([
    ['Pendiente', 'Terminada'],
    ['Pendiente', 'Pendiente'],
    ['Terminada', 'Pendiente'],
    ['Terminada', 'Por validar'],
    ['Rechazada', 'Pendiente'],
    ['Validada', 'Terminada'],
  ] as [ProjectStatus, ProjectStatus][])(
    'when a teacher moves their project from %s to %s, the answer is 400 unless nothing changes',
    async (from, to) => {
      const me = await teacher();
      const project = await projectIn(from, me.row.id);
      const res = await put(project.id, me.headers, { status: to });
      if (from === to) {
        expect(res.status).toBe(200);
        return;
      }
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toBe(`No se puede pasar un proyecto de «${from}» a «${to}»`);
      expect((await projectRow(project.id)).status).toBe(from);
    },
  );

  it('when an admin skips a step (Pendiente to Validada, Terminada to Publicada), the answer is 400', async () => {
    const me = await teacher();
    const admin = await signedIn(app, 'admin');
    for (const [from, to] of [
      ['Pendiente', 'Validada'],
      ['Pendiente', 'Publicada'],
      ['Terminada', 'Publicada'],
      ['Rechazada', 'Validada'],
    ] as [ProjectStatus, ProjectStatus][]) {
      const project = await projectIn(from, me.row.id);
      const res = await put(project.id, admin.headers, { status: to });
      expect(res.status, `${from} → ${to}`).toBe(400);
      expect(res.body.error?.message).toBe(`No se puede pasar un proyecto de «${from}» a «${to}»`);
    }
    expect(await outboxTo(me.user.email)).toEqual([]);
  });

  it('when a publisher sets Validada, Publicada or Rechazada, the answer is 403 and nothing changes', async () => {
    const me = await teacher();
    const project = await projectIn('Por validar', me.row.id);
    for (const data of [
      { status: 'Validada' },
      { status: 'Publicada' },
      { status: 'Rechazada', rejection_reason: 'No' },
      { publishedAt: new Date().toISOString() },
      { validated: true },
    ]) {
      expect((await put(project.id, me.headers, data)).status, JSON.stringify(data)).toBe(403);
    }
    expect(await projectRow(project.id)).toMatchObject({
      status: 'Por validar',
      publishedAt: null,
    });
  });

  it('when an admin rejects without a reason, the answer is 400 "Indica el motivo del rechazo" and no email goes', async () => {
    const me = await teacher();
    const admin = await signedIn(app, 'admin');
    const project = await projectIn('Por validar', me.row.id);
    for (const data of [
      { status: 'Rechazada' },
      { status: 'Rechazada', rejection_reason: '   ' },
      { status: 'Rechazada', rejection_reason: null },
    ]) {
      const res = await put(project.id, admin.headers, data);
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toBe('Indica el motivo del rechazo');
    }
    expect((await projectRow(project.id)).status).toBe('Por validar');
    expect(await outboxTo(me.user.email)).toEqual([]);
  });

  it("when an admin decides on a coordinator's project, the coordinator gets confirmProject", async () => {
    const me = await coordinator();
    const admin = await signedIn(app, 'admin');
    const project = await createProject({
      coordinatorId: me.row.id,
      organizationId: me.organization?.id,
      status: 'Por validar',
      publishedAt: null,
    });
    expect((await put(project.id, admin.headers, { status: 'Publicada' })).status).toBe(200);
    const [email] = await outboxTo(me.user.email);
    expect(email).toMatchObject({ template: 'confirmProject' });
    expect(email?.text).toContain('http://localhost:3000/organizations');
  });

  it('when the title has a line break or the reason is very long, the decision is saved and emailed', async () => {
    const me = await teacher();
    const admin = await signedIn(app, 'admin');
    const project = await projectIn('Por validar', me.row.id, {
      title: `${unique('Dos')}\nlíneas`,
    });
    // As long as a reason may be.
    const reason = 'Falta concreción. '.repeat(400).slice(0, REJECTION_REASON_MAX_LENGTH);
    const res = await put(project.id, admin.headers, {
      status: 'Rechazada',
      rejection_reason: reason,
    });
    expect(res.status).toBe(200);
    const [email] = await outboxTo(me.user.email);
    expect(email?.subject).not.toMatch(/[\r\n]/);
    expect((await projectRow(project.id)).rejection_reason).toBe(reason);
  });

  it('when an admin sends a publication date that disagrees with the status, the answer is 400', async () => {
    const me = await teacher();
    const admin = await signedIn(app, 'admin');
    const project = await projectIn('Validada', me.row.id);
    const res = await put(project.id, admin.headers, { publishedAt: new Date().toISOString() });
    expect(res.status).toBe(400);
    expect((await projectRow(project.id)).publishedAt).toBeNull();
  });
});

describe('who may edit which project', () => {
  it("when a teacher edits another teacher's project, the answer is 403 (published) or 404 (draft)", async () => {
    const me = await teacher();
    const other = await teacher();
    const published = await projectIn('Publicada', other.row.id);
    const draft = await projectIn('Pendiente', other.row.id);
    expect((await put(published.id, me.headers, { description: 'Mío' })).status).toBe(403);
    expect((await put(draft.id, me.headers, { description: 'Mío' })).status).toBe(404);
    expect((await projectRow(published.id)).description).not.toBe('Mío');
  });

  it("when a coordinator of organisation A updates organisation B's project, the answer is 403 or 404", async () => {
    const a = await coordinator();
    const b = await coordinator();
    const published = await createProject({ organizationId: b.organization?.id });
    const draft = await createProject({
      organizationId: b.organization?.id,
      status: 'Pendiente',
      publishedAt: null,
    });
    expect((await put(published.id, a.headers, { description: 'Nuestro' })).status).toBe(403);
    expect((await put(draft.id, a.headers, { status: 'Por validar' })).status).toBe(404);
    // Their own organisation's project (created by a colleague) they may edit.
    const own = await createProject({ organizationId: a.organization?.id });
    expect((await put(own.id, a.headers, { description: 'Nuestro' })).status).toBe(200);
  });

  it('when a publisher moves their project to an organisation or another owner, the answer is 403', async () => {
    const me = await teacher();
    const project = await projectIn('Pendiente', me.row.id);
    const organization = await createOrganization();
    expect((await put(project.id, me.headers, { organization: organization.id })).status).toBe(403);
    expect((await projectRow(project.id)).organizationId).toBeNull();
    // Applications and the progress record are the server's (applying, selecting).
    const progressOf = await createProject({ teacherId: me.row.id });
    for (const data of [{ applys: [] }, { progress: null }]) {
      expect((await put(progressOf.id, me.headers, data)).status, JSON.stringify(data)).toBe(403);
    }
    // Naming themself again changes nothing and is fine.
    expect((await put(project.id, me.headers, { teacher: me.row.id })).status).toBe(200);
  });
});

describe('deleting a project', () => {
  it('when the publisher deletes a project with applications, the answer is 400; without them, 200', async () => {
    const me = await teacher();
    const withCandidates = await projectIn('Publicada', me.row.id);
    await createApply({ projectId: withCandidates.id });
    const res = await send(app, 'DELETE', `/api/projects/${withCandidates.id}`, {
      headers: me.headers,
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(
      'Este proyecto tiene candidaturas: retíralo en lugar de borrarlo',
    );
    const empty = await projectIn('Pendiente', me.row.id);
    expect(
      (await send(app, 'DELETE', `/api/projects/${empty.id}`, { headers: me.headers })).status,
    ).toBe(200);
  });

  it('when an admin deletes a project with applications, it is deleted', async () => {
    const me = await teacher();
    const project = await projectIn('Publicada', me.row.id);
    await createApply({ projectId: project.id });
    const { headers } = await signedIn(app, 'admin');
    expect((await send(app, 'DELETE', `/api/projects/${project.id}`, { headers })).status).toBe(
      200,
    );
  });
});

describe('the longest texts a project takes (the project form shows the same limits)', () => {
  it.each([
    ['description', PROJECT_DESCRIPTION_MAX_LENGTH],
    ['objectives', PROJECT_TEXT_MAX_LENGTH],
    ['ods_explanation', PROJECT_TEXT_MAX_LENGTH],
    ['academic_profile', PROJECT_TEXT_MAX_LENGTH],
    ['requirements', PROJECT_TEXT_MAX_LENGTH],
    ['working_method', PROJECT_TEXT_MAX_LENGTH],
  ] as const)(
    'when a publisher sends a %s one character over %i, it is 400 naming it; at the limit it is saved',
    async (field, max) => {
      const me = await teacher();
      const create = (text: string) =>
        send(app, 'POST', '/api/projects', {
          headers: me.headers,
          payload: { data: { title: unique('Huerto'), type: 'TFG/TFM', [field]: text } },
        });
      const over = await create('a'.repeat(max + 1));
      expect(over.status).toBe(400);
      expect(over.body.error?.details.errors?.map((e) => e.path)).toEqual([[field]]);
      const at = await create('a'.repeat(max));
      expect(at.status, at.text).toBe(200);
      expect((await projectRow(at.body.data.id))[field]).toHaveLength(max);
    },
  );

  it(`when an admin rejects with a reason over ${REJECTION_REASON_MAX_LENGTH} characters, it is 400 naming it; at the limit it is saved`, async () => {
    const me = await teacher();
    const admin = await signedIn(app, 'admin');
    const project = await projectIn('Por validar', me.row.id);
    const reject = (reason: string) =>
      put(project.id, admin.headers, { status: 'Rechazada', rejection_reason: reason });
    const over = await reject('a'.repeat(REJECTION_REASON_MAX_LENGTH + 1));
    expect(over.status).toBe(400);
    expect(over.body.error?.details.errors?.map((e) => e.path)).toEqual([['rejection_reason']]);
    expect((await projectRow(project.id)).status).toBe('Por validar');
    const at = await reject('a'.repeat(REJECTION_REASON_MAX_LENGTH));
    expect(at.status, at.text).toBe(200);
    expect((await projectRow(project.id)).rejection_reason).toHaveLength(
      REJECTION_REASON_MAX_LENGTH,
    );
  });
});
