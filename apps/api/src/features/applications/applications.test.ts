import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_ANSWER_MAX_LENGTH,
  APPLICATION_STATUS_MESSAGE_MAX_LENGTH,
} from '@plataforma/shared';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { outboxTo } from '../../../test/helpers/email';
import {
  asAdmin,
  createApply,
  createCall,
  createCoordinator,
  createOrganization,
  createProject,
  createStudent,
  createTeacher,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import { applys, communicationCenters, projects } from '../../db/schema';
import type { NotificationPreferences } from '../../db/schema';
import { APPLICATION_MESSAGES, todayInMadrid } from './applications.lifecycles';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const db = async () => (await getTestDatabase()).db;
const CV_URL = 'https://cv.example.es/ana.pdf';

/**
 * A published project of an organisation, with its teacher and the organisation's coordinator
 * signed in, and a student (no application yet) signed in.
 */
async function scenario(
  options: {
    project?: Partial<typeof projects.$inferInsert>;
    notification?: NotificationPreferences;
    studentDni?: string | null;
  } = {},
) {
  const organization = await createOrganization();
  const coordinator = await signedIn(app, 'coordinator');
  await createCoordinator({ userId: coordinator.user.id, organizationId: organization.id });
  const teacher = await signedIn(app, 'teacher');
  const teacherRow = await createTeacher({ userId: teacher.user.id });
  const project = await createProject({
    title: unique('Huertos urbanos'),
    organizationId: organization.id,
    teacherId: teacherRow.id,
    ...options.project,
  });
  const student = await signedIn(app, 'student');
  const studentRow = await createStudent({
    userId: student.user.id,
    province: 'Murcia',
    notification: options.notification ?? null,
    ...(options.studentDni === undefined ? {} : { dni: options.studentDni }),
  });
  return { organization, coordinator, teacher, teacherRow, project, student, studentRow };
}

type Scenario = Awaited<ReturnType<typeof scenario>>;

function apply(s: Scenario, data: Record<string, unknown> = {}) {
  return send(app, 'POST', '/api/applys', {
    headers: s.student.headers,
    payload: {
      data: {
        student: s.studentRow.id,
        project: s.project.id,
        CV_url: CV_URL,
        interest: 'El impacto en el barrio',
        motivation: 'Quiero aprender',
        good_candidate: 'He trabajado en una cooperativa',
        availability: 'Tardes',
        ...data,
      },
    },
  });
}

const setStatus = (headers: Record<string, string>, id: number, data: Record<string, unknown>) =>
  send(app, 'PUT', `/api/applys/${id}`, { headers, payload: { data } });

async function entriesOf(studentId: number) {
  return (await db())
    .select()
    .from(communicationCenters)
    .where(eq(communicationCenters.studentId, studentId))
    .orderBy(communicationCenters.id);
}

async function applicationsOf(studentId: number, projectId: number) {
  return (await db())
    .select()
    .from(applys)
    .where(and(eq(applys.studentId, studentId), eq(applys.projectId, projectId)));
}

describe('applying to a project (POST /api/applys)', () => {
  it("when a student applies carrying a status or a reviewer's field, it is refused and nothing is written", async () => {
    const s = await scenario();
    for (const data of [
      { status: 'Seleccionado' },
      { status: 'Enviada' },
      { supermatch: true },
      { status_message: 'Elegido' },
      { tutorAsigned: s.teacherRow.id },
    ]) {
      const res = await apply(s, data);
      expect(res.status, JSON.stringify(data)).toBe(403);
    }
    expect(await applicationsOf(s.studentRow.id, s.project.id)).toEqual([]);
    expect(await outboxTo(s.student.user.email)).toEqual([]);
  });

  it('when a student applies, the application is Enviada, they get a receipt and an entry, and the reviewers an email', async () => {
    const s = await scenario();
    const res = await apply(s);
    expect(res.status).toBe(200);
    const [row] = await applicationsOf(s.studentRow.id, s.project.id);
    expect(row).toMatchObject({ status: 'Enviada', supermatch: false, tutorAsignedId: null });

    const receipt = await outboxTo(s.student.user.email);
    expect(receipt.map((e) => e.template)).toEqual(['confirmApply']);
    expect(receipt[0]?.subject).toBe(`Hemos recibido tu candidatura a «${s.project.title}»`);
    expect(receipt[0]?.text).toContain(s.organization.name);

    for (const reviewer of [s.coordinator, s.teacher]) {
      const mails = await outboxTo(reviewer.user.email);
      expect(mails.map((e) => e.template)).toEqual(['confirmNewCandidates']);
      expect(mails[0]?.text).toContain(`Correo: ${s.student.user.email}`);
      expect(mails[0]?.text).toContain('Motivación: Quiero aprender');
      expect(mails[0]?.text).toContain(`/projects/${s.project.id}/candidaturas`);
    }

    const entries = await entriesOf(s.studentRow.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.notification_subject).toBe(`Candidatura enviada a «${s.project.title}»`);
    expect(entries[0]?.notification_message).toContain('se ha enviado correctamente');
  });

  it('when the project title holds HTML, the entry holds it escaped', async () => {
    const s = await scenario({ project: { title: unique('<b>Agua</b> & "ríos"') } });
    expect((await apply(s)).status).toBe(200);
    const [entry] = await entriesOf(s.studentRow.id);
    expect(entry?.notification_message).toContain('&lt;b&gt;Agua&lt;/b&gt; &amp; &quot;ríos&quot;');
    expect(entry?.notification_message).not.toContain('<b>');
  });

  it('when the deadline has passed, applying is 400 and nothing is written', async () => {
    const s = await scenario({ project: { application_deadline: '2020-01-31' } });
    const res = await apply(s);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(APPLICATION_MESSAGES.deadlinePassed);
    expect(await applicationsOf(s.studentRow.id, s.project.id)).toHaveLength(0);
    expect(await outboxTo(s.student.user.email)).toHaveLength(0);
    expect(await entriesOf(s.studentRow.id)).toHaveLength(0);
  });

  it('when the deadline is today in Spain, the student may still apply', async () => {
    const s = await scenario({ project: { application_deadline: todayInMadrid() } });
    expect((await apply(s)).status).toBe(200);
  });

  it('when the project is not published, applying is 400 with the Spanish reason', async () => {
    const s = await scenario({ project: { status: 'Validada', publishedAt: null } });
    const res = await apply(s);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(APPLICATION_MESSAGES.notPublished);
  });

  it('when the student applied already, a second application is 400 "Ya te has inscrito en este proyecto"', async () => {
    const s = await scenario();
    expect((await apply(s)).status).toBe(200);
    const again = await apply(s);
    expect(again.status).toBe(400);
    expect(again.body.error?.message).toBe('Ya te has inscrito en este proyecto');
    expect(await applicationsOf(s.studentRow.id, s.project.id)).toHaveLength(1);
  });

  it('when one student sends 20 applications to one project at once, exactly one is kept and the rest are 400, never 500', async () => {
    const s = await scenario();
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply(s)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((code) => code === 200)).toHaveLength(1);
    expect(statuses.filter((code) => code === 400)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.status === 400)) {
      expect(answer.body.error?.message).toBe(APPLICATION_MESSAGES.alreadyApplied);
    }
    expect(await applicationsOf(s.studentRow.id, s.project.id)).toHaveLength(1);
    expect(await outboxTo(s.student.user.email)).toHaveLength(1);
    expect(await entriesOf(s.studentRow.id)).toHaveLength(1);
  });

  it('when neither a CV nor a link to one is given, applying is 400', async () => {
    const s = await scenario();
    const res = await apply(s, { CV_url: undefined });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(APPLICATION_MESSAGES.cvMissing);
  });

  it('when the call requires a DNI, the application needs one (given, or from the profile)', async () => {
    const call = await createCall({ requires_dni: true });
    const withoutDni = await scenario({ studentDni: null });
    const refused = await apply(withoutDni, { call: call.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(APPLICATION_MESSAGES.dniMissing);
    expect((await apply(withoutDni, { call: call.id, dni: '12345678Z' })).status).toBe(200);

    const fromProfile = await scenario({ studentDni: 'X1234567L' });
    expect((await apply(fromProfile, { call: call.id })).status).toBe(200);
    const [row] = await applicationsOf(fromProfile.studentRow.id, fromProfile.project.id);
    expect(row?.dni).toBe('X1234567L');

    const openCall = await createCall();
    const free = await scenario({ studentDni: null });
    expect((await apply(free, { call: openCall.id })).status).toBe(200);
  });

  it('when a student applies in the name of another student, it is 400 as for an unknown id, and nothing is written', async () => {
    const s = await scenario();
    const other = await createStudent();
    const res = await apply(s, { student: other.id });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(`student: no student with id ${other.id}`);
    expect(await applicationsOf(other.id, s.project.id)).toHaveLength(0);
  });
});

describe('status changes (PUT /api/applys/:id)', () => {
  async function applied(options: Parameters<typeof scenario>[0] = {}) {
    const s = await scenario(options);
    const res = await apply(s);
    expect(res.status).toBe(200);
    return { ...s, applicationId: res.body.data.id };
  }

  it('when a student sets any status but Retirada, it is 403 and the status stays', async () => {
    const s = await applied();
    for (const status of ['Seleccionado', 'En revisión', 'Preseleccionado']) {
      const res = await setStatus(s.student.headers, s.applicationId, { status });
      expect(res.status, status).toBe(403);
    }
    const [row] = await applicationsOf(s.studentRow.id, s.project.id);
    expect(row?.status).toBe('Enviada');
  });

  it('when a student withdraws, the application is Retirada and they get the status email and an entry', async () => {
    const s = await applied();
    const res = await setStatus(s.student.headers, s.applicationId, { status: 'Retirada' });
    expect(res.status).toBe(200);
    const mails = await outboxTo(s.student.user.email);
    expect(mails.map((e) => e.template)).toEqual(['confirmApply', 'confirmStatusApply']);
    expect(mails[1]?.text).toContain('Estado actual: Retirada');
    const entries = await entriesOf(s.studentRow.id);
    expect(entries.at(-1)?.notification_subject).toBe(
      `Tu candidatura a «${s.project.title}»: Retirada`,
    );
    // The project's reviewers learn it too.
    for (const reviewer of [s.coordinator, s.teacher]) {
      const told = await outboxTo(reviewer.user.email);
      expect(told.map((e) => e.template)).toEqual(['confirmNewCandidates', 'applicationWithdrawn']);
    }
  });

  it('when the application is decided, the student can no longer withdraw it (400)', async () => {
    const s = await applied();
    expect(
      (await setStatus(s.coordinator.headers, s.applicationId, { status: 'No seleccionado' }))
        .status,
    ).toBe(200);
    const res = await setStatus(s.student.headers, s.applicationId, { status: 'Retirada' });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(APPLICATION_MESSAGES.cannotWithdraw('No seleccionado'));
  });

  it('when a reviewer changes the status, the student gets confirmStatusApply with the message and an entry', async () => {
    const s = await applied();
    const res = await setStatus(s.coordinator.headers, s.applicationId, {
      status: 'Preseleccionado',
      status_message: 'Te llamaremos el lunes\npara una entrevista',
    });
    expect(res.status).toBe(200);
    const mails = await outboxTo(s.student.user.email);
    expect(mails.map((e) => e.template)).toEqual(['confirmApply', 'confirmStatusApply']);
    expect(mails[1]?.subject).toBe(`Tu candidatura a «${s.project.title}»: Preseleccionado`);
    expect(mails[1]?.text).toContain('Mensaje: Te llamaremos el lunes');
    const entry = (await entriesOf(s.studentRow.id)).at(-1);
    expect(entry?.notification_message).toContain('<strong>Preseleccionado</strong>');
    expect(entry?.notification_message).toContain('Te llamaremos el lunes<br>para una entrevista');

    // A later change without a message does not repeat the old one.
    await setStatus(s.coordinator.headers, s.applicationId, { status: 'En revisión' });
    const [row] = await applicationsOf(s.studentRow.id, s.project.id);
    expect(row?.status_message).toBeNull();
  });

  it('when the student switched that status off, the entry still lands but no email goes', async () => {
    const s = await applied({ notification: { pre_selected: false } });
    await setStatus(s.teacher.headers, s.applicationId, { status: 'Preseleccionado' });
    const mails = await outboxTo(s.student.user.email);
    expect(mails.map((e) => e.template)).toEqual(['confirmApply']);
    expect((await entriesOf(s.studentRow.id)).at(-1)?.notification_subject).toContain(
      'Preseleccionado',
    );
    // Other statuses still email; email: false silences them all.
    await setStatus(s.teacher.headers, s.applicationId, { status: 'Suplente' });
    expect((await outboxTo(s.student.user.email)).map((e) => e.template)).toEqual([
      'confirmApply',
      'confirmStatusApply',
    ]);
    const silent = await applied({ notification: { email: false } });
    await setStatus(silent.teacher.headers, silent.applicationId, { status: 'Suplente' });
    expect((await outboxTo(silent.student.user.email)).map((e) => e.template)).toEqual([
      'confirmApply',
    ]);
  });

  it('when a reviewer sets Retirada, or changes a withdrawn application, it is 400', async () => {
    const s = await applied();
    const res = await setStatus(s.teacher.headers, s.applicationId, { status: 'Retirada' });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(APPLICATION_MESSAGES.onlyApplicantWithdraws);
    await setStatus(s.student.headers, s.applicationId, { status: 'Retirada' });
    const again = await setStatus(s.teacher.headers, s.applicationId, { status: 'Seleccionado' });
    expect(again.status).toBe(400);
    expect(again.body.error?.message).toBe(APPLICATION_MESSAGES.withdrawn);
  });

  it('when a student is selected, both they and the teacher get confirmSelected and the project gets its progress record', async () => {
    const s = await applied();
    const res = await setStatus(s.teacher.headers, s.applicationId, { status: 'Seleccionado' });
    expect(res.status).toBe(200);
    const toStudent = await outboxTo(s.student.user.email);
    expect(toStudent.map((e) => e.template)).toEqual([
      'confirmApply',
      'confirmStatusApply',
      'confirmSelected',
    ]);
    expect(toStudent[2]?.text).toContain(`Correo: ${s.teacher.user.email}`);
    const toTeacher = (await outboxTo(s.teacher.user.email)).filter(
      (e) => e.template === 'confirmSelected',
    );
    expect(toTeacher).toHaveLength(1);
    expect(toTeacher[0]?.text).toContain(`Correo: ${s.student.user.email}`);

    const [project] = await (
      await db()
    )
      .select({ progressId: projects.progressId })
      .from(projects)
      .where(eq(projects.id, s.project.id));
    expect(project?.progressId).not.toBeNull();

    // A second selected student keeps the same progress record.
    const other = await signedIn(app, 'student');
    const otherRow = await createStudent({ userId: other.user.id });
    const second = await createApply({ studentId: otherRow.id, projectId: s.project.id });
    await setStatus(s.teacher.headers, second.id, { status: 'Seleccionado' });
    const [after] = await (
      await db()
    )
      .select({ progressId: projects.progressId })
      .from(projects)
      .where(eq(projects.id, s.project.id));
    expect(after?.progressId).toBe(project?.progressId);
  });

  it('when an admin assigns a tutor, the student gets an entry and the tutorAssigned email; reviewers may not assign one', async () => {
    const s = await applied();
    const tutor = await signedIn(app, 'teacher');
    const tutorRow = await createTeacher({ userId: tutor.user.id });
    const refused = await setStatus(s.coordinator.headers, s.applicationId, {
      tutorAsigned: tutorRow.id,
    });
    expect(refused.status).toBe(403);

    const res = await setStatus(await asAdmin(app), s.applicationId, {
      tutorAsigned: tutorRow.id,
    });
    expect(res.status).toBe(200);
    const mail = (await outboxTo(s.student.user.email)).at(-1);
    expect(mail?.template).toBe('tutorAssigned');
    expect(mail?.text).toContain(`Correo: ${tutor.user.email}`);
    expect((await entriesOf(s.studentRow.id)).at(-1)?.notification_subject).toBe(
      `Tienes tutor o tutora en «${s.project.title}»`,
    );
    // The assigned tutor now sees the application.
    const seen = await send(app, 'GET', `/api/applys/${s.applicationId}`, {
      headers: tutor.headers,
    });
    expect(seen.status).toBe(200);
  });
});

describe('the longest texts of an application (the web shows the same limits)', () => {
  it.each(['interest', 'motivation', 'good_candidate', 'availability'])(
    `when a student's %s is one character over ${APPLICATION_ANSWER_MAX_LENGTH}, it is 400 naming it and nothing is stored; at the limit it is sent`,
    async (field) => {
      const s = await scenario();
      const over = await apply(s, { [field]: 'a'.repeat(APPLICATION_ANSWER_MAX_LENGTH + 1) });
      expect(over.status).toBe(400);
      expect(over.body.error?.details.errors?.map((e) => e.path)).toEqual([[field]]);
      expect(await applicationsOf(s.studentRow.id, s.project.id)).toEqual([]);
      const at = await apply(s, { [field]: 'a'.repeat(APPLICATION_ANSWER_MAX_LENGTH) });
      expect(at.status, at.text).toBe(200);
    },
  );

  it(`when a reviewer's message is one character over ${APPLICATION_STATUS_MESSAGE_MAX_LENGTH}, it is 400 naming it and the status stays; at the limit it is saved`, async () => {
    const s = await scenario();
    const applied = await apply(s);
    expect(applied.status).toBe(200);
    const decide = (message: string) =>
      setStatus(s.coordinator.headers, applied.body.data.id, {
        status: 'Preseleccionado',
        status_message: message,
      });
    const over = await decide('a'.repeat(APPLICATION_STATUS_MESSAGE_MAX_LENGTH + 1));
    expect(over.status).toBe(400);
    expect(over.body.error?.details.errors?.map((e) => e.path)).toEqual([['status_message']]);
    expect((await applicationsOf(s.studentRow.id, s.project.id))[0]?.status).toBe('Enviada');
    const at = await decide('a'.repeat(APPLICATION_STATUS_MESSAGE_MAX_LENGTH));
    expect(at.status, at.text).toBe(200);
    expect((await applicationsOf(s.studentRow.id, s.project.id))[0]?.status_message).toHaveLength(
      APPLICATION_STATUS_MESSAGE_MAX_LENGTH,
    );
  });
});

describe('who reads candidates', () => {
  it("when a coordinator asks for another organisation's applications, the list is empty and the entry is 404", async () => {
    const s = await scenario();
    const created = await apply(s);
    const id = created.body.data.id;
    const stranger = await signedIn(app, 'coordinator');
    await createCoordinator({
      userId: stranger.user.id,
      organizationId: (await createOrganization()).id,
    });
    const list = await send(app, 'GET', `/api/applys?filters[project][id][$eq]=${s.project.id}`, {
      headers: stranger.headers,
    });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    const one = await send(app, 'GET', `/api/applys/${id}`, { headers: stranger.headers });
    expect(one.status).toBe(404);

    const own = await send(app, 'GET', `/api/applys?filters[project][id][$eq]=${s.project.id}`, {
      headers: s.coordinator.headers,
    });
    expect(own.body.data.map((e) => e.id)).toEqual([id]);
  });
});

describe('GET /api/applys/export', () => {
  it('when an admin exports, the CSV has the Spanish header and only the filtered applications', async () => {
    const s = await scenario({ project: { title: unique('Exportable; con "comillas"') } });
    await apply(s);
    const otherProject = await scenario();
    await apply(otherProject);
    const res = await app.inject({
      method: 'GET',
      url: `/api/applys/export?filters[project][id][$eq]=${s.project.id}`,
      headers: await asAdmin(app),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?candidaturas-\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    const body = res.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'ID;Estudiante;Correo;Universidad;Titulación;Proyecto;Organización;Estado;Fecha de inscripción;Última actualización;Tutor o tutora;Correo del tutor o tutora',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(s.student.user.email);
    expect(lines[1]).toContain(`"${s.project.title.replace(/"/g, '""')}"`);
    expect(lines[1]).toContain(';Enviada;');
    expect(lines[1]).toMatch(/;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/);
    expect(body).not.toContain(otherProject.student.user.email);
  });

  it('when anyone but an admin exports, it is 403', async () => {
    const s = await scenario();
    for (const headers of [s.student.headers, s.teacher.headers, s.coordinator.headers, {}]) {
      const res = await app.inject({ method: 'GET', url: '/api/applys/export', headers });
      expect(res.statusCode).toBe(403);
    }
  });

  it('when a filter names an unknown attribute or the query has other parameters, it is 400', async () => {
    const admin = await asAdmin(app);
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/applys/export?filters[nope][$eq]=1',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(400);
    const extra = await app.inject({
      method: 'GET',
      url: '/api/applys/export?sort=id',
      headers: admin,
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('GET /api/teachers/dashboard', () => {
  it('when a teacher opens it, the counts, projects, pending candidates and tutored students are theirs', async () => {
    const s = await scenario();
    const appliedRes = await apply(s);
    const second = await scenario();
    // The second project belongs to the same teacher, still a draft.
    await (
      await db()
    )
      .update(projects)
      .set({ teacherId: s.teacherRow.id, status: 'Pendiente', publishedAt: null })
      .where(eq(projects.id, second.project.id));
    const selected = await createStudent();
    const selection = await createApply({ studentId: selected.id, projectId: s.project.id });
    await setStatus(s.teacher.headers, selection.id, { status: 'Seleccionado' });

    const res = await send(app, 'GET', '/api/teachers/dashboard', { headers: s.teacher.headers });
    expect(res.status).toBe(200);
    const data = (res.body as unknown as { data: Record<string, unknown> }).data as {
      counts: Record<string, number>;
      projects: { id: number; candidates: { total: number; pending: number } }[];
      candidates: { id: number; project: { id: number } }[];
      tutored: { application: { id: number }; progress: unknown }[];
    };
    expect(data.counts).toEqual({ projects: 2, published: 1, pendingCandidates: 1, tutored: 1 });
    expect(data.projects.find((p) => p.id === s.project.id)?.candidates).toEqual({
      total: 2,
      pending: 1,
    });
    expect(data.candidates.map((c) => c.id)).toEqual([appliedRes.body.data.id]);
    expect(data.tutored.map((t) => t.application.id)).toEqual([selection.id]);
    expect(data.tutored[0]?.progress).toMatchObject({ objectives: false, final: false });
  });

  it('when someone who is not a teacher opens it, it is 403', async () => {
    const s = await scenario();
    for (const headers of [s.student.headers, s.coordinator.headers, await asAdmin(app), {}]) {
      const res = await send(app, 'GET', '/api/teachers/dashboard', { headers });
      expect(res.status).toBe(403);
    }
  });

  it('when a teacher has no profile row yet, every count is zero', async () => {
    const teacher = await signedIn(app, 'teacher');
    const res = await send(app, 'GET', '/api/teachers/dashboard', { headers: teacher.headers });
    expect(res.status).toBe(200);
    expect((res.body as unknown as { data: { counts: unknown } }).data.counts).toEqual({
      projects: 0,
      published: 0,
      pendingCandidates: 0,
      tutored: 0,
    });
  });
});
