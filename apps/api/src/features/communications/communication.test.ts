import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  buildMailingApp,
  outboxTo,
  projectScenario,
  uniqueEmail,
} from '../../../test/helpers/email';
import {
  createApply,
  createCoordinator,
  createOrganization,
  createStudent,
  createTeacher,
  createUser,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { SmtpSink } from '../../../test/helpers/smtp-sink';

let sink: SmtpSink;
let app: FastifyInstance;

beforeAll(async () => {
  sink = await SmtpSink.start();
  app = await buildMailingApp(sink.url);
});

afterAll(async () => {
  await app.close();
  await sink.close();
});

async function call(
  name: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  body: Record<string, unknown> & {
    error?: { name: string; message: string; details: { errors?: { path: string[] }[] } };
  };
}> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/communication/${name}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

const OK = { status: 200, body: { ok: true } };

describe('inviteTeacher and inviteStudent', () => {
  it('when an admin invites a teacher, an invitation to register as a teacher is queued and delivered', async () => {
    const admin = await signedIn(app, 'admin');
    const to = uniqueEmail('docente');
    expect(await call('inviteTeacher', { email: to }, admin.headers)).toMatchObject(OK);
    const [row] = await outboxTo(to);
    expect(row).toMatchObject({ template: 'inviteTeacher' });
    const [mail] = await sink.waitFor(to);
    expect(mail!.subject).toBe('Te invitamos a publicar proyectos en Plataforma');
    expect(mail!.text).toContain('http://localhost:3000/register?profile=teacher');
    expect(mail!.text).toContain('como docente');
  });

  it('when anyone but an admin invites a teacher, the answer is 403 and nothing is queued', async () => {
    const to = uniqueEmail('docente-no');
    for (const role of ['teacher', 'coordinator', 'student', 'authenticated'] as const) {
      const { headers } = await signedIn(app, role);
      expect((await call('inviteTeacher', { email: to }, headers)).status).toBe(403);
    }
    expect((await call('inviteTeacher', { email: to })).status).toBe(403);
    expect(await outboxTo(to)).toHaveLength(0);
  });

  it("when a teacher invites a student, the invitation names the teacher; an admin's names nobody", async () => {
    const teacher = await signedIn(app, 'teacher');
    const admin = await signedIn(app, 'admin');
    const fromTeacher = uniqueEmail('alumno');
    const fromAdmin = uniqueEmail('alumno');
    expect(await call('inviteStudent', { email: fromTeacher }, teacher.headers)).toMatchObject(OK);
    expect(await call('inviteStudent', { email: fromAdmin }, admin.headers)).toMatchObject(OK);
    const [byTeacher] = await outboxTo(fromTeacher);
    const [byAdmin] = await outboxTo(fromAdmin);
    expect(byTeacher!.text).toContain(
      'Nombre Apellido te invita a unirte a Plataforma como estudiante.',
    );
    expect(byTeacher!.text).toContain('/register?profile=student');
    expect(byAdmin!.text).toContain('Te invitamos a unirte a Plataforma como estudiante.');
  });

  it('when the invited address already has an account, the link goes to sign in and the answer is the same', async () => {
    const admin = await signedIn(app, 'admin');
    const existing = await createUser();
    expect(
      await call('inviteStudent', { email: existing.email.toUpperCase() }, admin.headers),
    ).toMatchObject(OK);
    const [row] = await outboxTo(existing.email);
    expect(row!.text).toContain('http://localhost:3000/user/auth/login');
    expect(row!.text).not.toContain('/register');
  });

  it('when a student or a coordinator invites a student, the answer is 403 and nothing is queued', async () => {
    const to = uniqueEmail('alumno-no');
    for (const role of ['student', 'coordinator'] as const) {
      const { headers } = await signedIn(app, role);
      expect((await call('inviteStudent', { email: to }, headers)).status).toBe(403);
    }
    expect(await outboxTo(to)).toHaveLength(0);
  });
});

describe('confirmApply', () => {
  it('when the applicant confirms to their own address, the email carries the project and organisation from the database', async () => {
    const s = await projectScenario(app, { title: unique('Huertos <script>x</script>') });
    expect(
      await call(
        'confirmApply',
        {
          email: s.student.user.email,
          projectName: s.project.title,
          organizationName: 'Otra organización inventada',
        },
        s.student.headers,
      ),
    ).toMatchObject(OK);
    const [mail] = await sink.waitFor(s.student.user.email);
    expect(mail!.subject).toBe(`Hemos recibido tu candidatura a «${s.project.title}»`);
    expect(mail!.text).toContain(`de ${s.organization.name} se ha enviado correctamente`);
    expect(mail!.text).not.toContain('inventada');
    expect(mail!.html).toContain('Huertos &lt;script&gt;x&lt;/script&gt;');
    expect(mail!.html).not.toContain('<script>');
  });

  it("when the address is someone else's, the answer is 403 and nothing is queued", async () => {
    const s = await projectScenario(app);
    const other = uniqueEmail('otro');
    const res = await call(
      'confirmApply',
      { email: other, projectName: s.project.title },
      s.student.headers,
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ data: null, error: { name: 'ForbiddenError' } });
    expect(await outboxTo(other)).toHaveLength(0);
  });

  it('when the student has not applied to that project, the answer is 403 and nothing is queued', async () => {
    const s = await projectScenario(app);
    const other = await projectScenario(app);
    const res = await call(
      'confirmApply',
      { email: s.student.user.email, projectName: other.project.title },
      s.student.headers,
    );
    expect(res.status).toBe(403);
    expect(await outboxTo(s.student.user.email)).toHaveLength(0);
  });

  it('when a teacher, coordinator or admin calls it, the answer is 403', async () => {
    const s = await projectScenario(app);
    for (const headers of [
      s.teacher.headers,
      s.coordinator.headers,
      (await signedIn(app, 'admin')).headers,
    ]) {
      const res = await call(
        'confirmApply',
        { email: s.student.user.email, projectName: s.project.title },
        headers,
      );
      expect(res.status).toBe(403);
    }
    expect(await outboxTo(s.student.user.email)).toHaveLength(0);
  });
});

describe('confirmNewCandidates', () => {
  const body = (s: Awaited<ReturnType<typeof projectScenario>>, emailCoordinator: string) => ({
    emailCoordinator,
    emailStudent: s.student.user.email,
    projectName: s.project.title,
    degree: 'Grado inventado',
    province: 'Provincia inventada',
    contact_name: 'Alguien',
    interest: 'texto del cliente',
    good_candidate: 'texto del cliente',
    motivation: 'texto del cliente',
  });

  it("when the applicant tells the organisation's coordinator, the candidate's data come from the database", async () => {
    const s = await projectScenario(app);
    expect(
      await call('confirmNewCandidates', body(s, s.coordinator.user.email), s.student.headers),
    ).toMatchObject(OK);
    const [row] = await outboxTo(s.coordinator.user.email);
    expect(row).toMatchObject({
      template: 'confirmNewCandidates',
      subject: `Nueva candidatura a «${s.project.title}»`,
    });
    expect(row!.text).toContain(`Correo: ${s.student.user.email}`);
    expect(row!.text).toContain('Motivación: Quiero aprender sobre huertos urbanos');
    expect(row!.text).toContain('Provincia: Murcia');
    expect(row!.text).toContain('http://localhost:3000/organizations');
    expect(row!.text).not.toContain('inventad');
    expect(row!.text).not.toContain('texto del cliente');
  });

  it("when the applicant tells the project's teacher, it is queued for the teacher", async () => {
    const s = await projectScenario(app);
    expect(
      await call('confirmNewCandidates', body(s, s.teacher.user.email), s.student.headers),
    ).toMatchObject(OK);
    expect(await outboxTo(s.teacher.user.email)).toHaveLength(1);
  });

  it('when the recipient is a coordinator of another organisation or any other person, the answer is 403', async () => {
    const s = await projectScenario(app);
    const elsewhere = await signedIn(app, 'coordinator');
    await createCoordinator({
      userId: elsewhere.user.id,
      organizationId: (await createOrganization()).id,
    });
    const stranger = uniqueEmail('extrano');
    for (const to of [elsewhere.user.email, stranger]) {
      expect((await call('confirmNewCandidates', body(s, to), s.student.headers)).status).toBe(403);
      expect(await outboxTo(to)).toHaveLength(0);
    }
  });

  it('when emailStudent is not the caller or the caller did not apply, the answer is 403', async () => {
    const s = await projectScenario(app);
    const other = await signedIn(app, 'student');
    await createStudent({ userId: other.user.id });
    const notMine = { ...body(s, s.coordinator.user.email), emailStudent: other.user.email };
    expect((await call('confirmNewCandidates', notMine, s.student.headers)).status).toBe(403);
    const notApplied = { ...body(s, s.coordinator.user.email), emailStudent: other.user.email };
    expect((await call('confirmNewCandidates', notApplied, other.headers)).status).toBe(403);
    expect(await outboxTo(s.coordinator.user.email)).toHaveLength(0);
  });
});

describe('confirmStatusApply', () => {
  const body = (s: Awaited<ReturnType<typeof projectScenario>>) => ({
    email: s.student.user.email,
    organization: 'Inventada',
    projectName: s.project.title,
    status: 'Seleccionado',
  });

  it("when the project's teacher, a coordinator of its organisation or an admin calls it, the applicant gets the stored status", async () => {
    const s = await projectScenario(app);
    const admin = await signedIn(app, 'admin');
    for (const headers of [s.teacher.headers, s.coordinator.headers, admin.headers]) {
      expect(await call('confirmStatusApply', body(s), headers)).toMatchObject(OK);
    }
    const rows = await outboxTo(s.student.user.email);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.subject).toBe(`Tu candidatura a «${s.project.title}»: Enviada`);
    expect(rows[0]!.text).toContain('Estado actual: Enviada');
    expect(rows[0]!.text).toContain(s.organization.name);
    expect(rows[0]!.text).not.toContain('Inventada');
  });

  it('when a teacher or coordinator of another project calls it, or a student does, the answer is 403 and nothing is queued', async () => {
    const s = await projectScenario(app);
    const other = await projectScenario(app);
    for (const headers of [
      other.teacher.headers,
      other.coordinator.headers,
      other.student.headers,
    ]) {
      expect((await call('confirmStatusApply', body(s), headers)).status).toBe(403);
    }
    expect(await outboxTo(s.student.user.email)).toHaveLength(0);
  });

  it('when the recipient did not apply to the project, the answer is 403 and nothing is queued', async () => {
    const s = await projectScenario(app);
    const bystander = await createUser({ profileType: 'student' });
    await createStudent({ userId: bystander.id });
    const res = await call(
      'confirmStatusApply',
      { ...body(s), email: bystander.email },
      s.teacher.headers,
    );
    expect(res.status).toBe(403);
    expect(await outboxTo(bystander.email)).toHaveLength(0);
  });
});

describe('confirmSelected', () => {
  async function selected() {
    const s = await projectScenario(app);
    const { db } = await getTestDatabase();
    await db.execute(sql`UPDATE applys SET status = 'Seleccionado' WHERE id = ${s.application.id}`);
    await db.execute(
      sql`UPDATE up_users SET phone = '+34 611 222 333' WHERE id = ${s.teacher.user.id}`,
    );
    return s;
  }

  it("when the publisher confirms a selected student, the student and the project's teacher each get their email", async () => {
    const s = await selected();
    expect(
      await call(
        'confirmSelected',
        {
          emailT: s.teacher.user.email,
          emailS: s.student.user.email,
          projectName: s.project.title,
          phone: '600000000',
        },
        s.coordinator.headers,
      ),
    ).toMatchObject(OK);
    const [toStudent] = await sink.waitFor(s.student.user.email);
    const [toTeacher] = await sink.waitFor(s.teacher.user.email);
    expect(toStudent!.subject).toBe(`¡Enhorabuena! Te han seleccionado para «${s.project.title}»`);
    expect(toStudent!.text).toContain(`Correo: ${s.teacher.user.email}`);
    // Shown grouped as people read it, however it was stored.
    expect(toStudent!.text).toContain('Teléfono: +34 611 22 23 33');
    expect(toTeacher!.subject).toBe(`Selección completada en «${s.project.title}»`);
    expect(toTeacher!.text).toContain(`Correo: ${s.student.user.email}`);
  });

  it('when emailT is the tutor assigned to the application, it is allowed', async () => {
    const s = await selected();
    const tutor = await signedIn(app, 'teacher');
    const tutorRow = await createTeacher({ userId: tutor.user.id });
    const { db } = await getTestDatabase();
    await db.execute(
      sql`UPDATE applys SET tutor_asigned_id = ${tutorRow.id} WHERE id = ${s.application.id}`,
    );
    expect(
      await call(
        'confirmSelected',
        { emailT: tutor.user.email, emailS: s.student.user.email, projectName: s.project.title },
        s.teacher.headers,
      ),
    ).toMatchObject(OK);
    expect(await outboxTo(tutor.user.email)).toHaveLength(1);
  });

  it('when emailT is any other teacher, the answer is 403 and neither email is queued', async () => {
    const s = await selected();
    const otherTeacher = await signedIn(app, 'teacher');
    await createTeacher({ userId: otherTeacher.user.id });
    const res = await call(
      'confirmSelected',
      {
        emailT: otherTeacher.user.email,
        emailS: s.student.user.email,
        projectName: s.project.title,
      },
      s.teacher.headers,
    );
    expect(res.status).toBe(403);
    expect(await outboxTo(otherTeacher.user.email)).toHaveLength(0);
    expect(await outboxTo(s.student.user.email)).toHaveLength(0);
  });

  it('when the application is not Seleccionado, the answer is 400 and nothing is queued', async () => {
    const s = await projectScenario(app);
    const res = await call(
      'confirmSelected',
      { emailT: s.teacher.user.email, emailS: s.student.user.email, projectName: s.project.title },
      s.teacher.headers,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toMatch(/not Seleccionado/);
    expect(await outboxTo(s.student.user.email)).toHaveLength(0);
  });

  it('when the caller publishes another project, the answer is 403', async () => {
    const s = await selected();
    const other = await projectScenario(app);
    const res = await call(
      'confirmSelected',
      { emailT: s.teacher.user.email, emailS: s.student.user.email, projectName: s.project.title },
      other.coordinator.headers,
    );
    expect(res.status).toBe(403);
    expect(await outboxTo(s.student.user.email)).toHaveLength(0);
  });
});

describe('confirmProject', () => {
  it('when an admin tells the publisher, the stored status and rejection reason are sent', async () => {
    const s = await projectScenario(app, {
      status: 'Rechazada',
      rejectionReason: 'Falta describir los objetivos',
    });
    const admin = await signedIn(app, 'admin');
    expect(
      await call(
        'confirmProject',
        {
          email: s.teacher.user.email,
          projectName: s.project.title,
          contact_phone: '+34 968 000 000',
          status: 'Validada',
        },
        admin.headers,
      ),
    ).toMatchObject(OK);
    const [row] = await outboxTo(s.teacher.user.email);
    expect(row!.subject).toBe(`Tu proyecto «${s.project.title}»: Rechazada`);
    expect(row!.text).toContain('Motivo: Falta describir los objetivos');
    expect(row!.text).toContain('Teléfono de contacto: +34 968 00 00 00');
    expect(row!.text).toContain('/projects/personal');
  });

  it('when the recipient does not publish the project, the answer is 403 and nothing is queued', async () => {
    const s = await projectScenario(app);
    const admin = await signedIn(app, 'admin');
    const res = await call(
      'confirmProject',
      { email: s.student.user.email, projectName: s.project.title },
      admin.headers,
    );
    expect(res.status).toBe(403);
    expect(await outboxTo(s.student.user.email)).toHaveLength(0);
  });

  it('when a non-admin calls it, even the publisher, the answer is 403', async () => {
    const s = await projectScenario(app);
    for (const headers of [s.teacher.headers, s.coordinator.headers, s.student.headers]) {
      const res = await call(
        'confirmProject',
        { email: s.teacher.user.email, projectName: s.project.title },
        headers,
      );
      expect(res.status).toBe(403);
    }
    expect(await outboxTo(s.teacher.user.email)).toHaveLength(0);
  });
});

describe('bad bodies and limits', () => {
  it('when any field carries CR or LF, the answer is 400 naming it and nothing is queued', async () => {
    const s = await projectScenario(app);
    const base = { email: s.student.user.email, projectName: s.project.title };
    for (const bad of [
      { ...base, email: `${s.student.user.email}\r\nBcc: victima@test.es` },
      { ...base, projectName: `${s.project.title}\nBcc: victima@test.es` },
      { ...base, organizationName: 'Org\r\nX-Header: 1' },
    ]) {
      const res = await call('confirmApply', bad, s.student.headers);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ data: null, error: { name: 'ValidationError' } });
    }
    expect(await outboxTo(s.student.user.email)).toHaveLength(0);
  });

  it('when a body has unknown fields, misses required ones, has wrong types or is not an object, the answer is 400', async () => {
    const admin = await signedIn(app, 'admin');
    const to = uniqueEmail('malo');
    const unknown = await call('inviteStudent', { email: to, bcc: 'x@test.es' }, admin.headers);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.details.errors?.[0]?.path).toEqual(['bcc']);
    expect((await call('inviteStudent', {}, admin.headers)).status).toBe(400);
    expect((await call('inviteStudent', { email: 42 }, admin.headers)).status).toBe(400);
    expect((await call('inviteStudent', { email: 'no es un correo' }, admin.headers)).status).toBe(
      400,
    );
    expect((await call('inviteStudent', [to], admin.headers)).status).toBe(400);
    expect((await call('inviteStudent', undefined, admin.headers)).status).toBe(400);
    expect(await outboxTo(to)).toHaveLength(0);
  });

  it('when a student has made 30 calls this hour, the next is 429 with Retry-After and nothing is queued; others are unaffected', async () => {
    const s = await projectScenario(app);
    // Calls the rule refuses count too: probing recipients spends the allowance.
    const probe = { email: s.student.user.email, projectName: unique('Ninguno') };
    for (let i = 0; i < 30; i++) {
      expect((await call('confirmApply', probe, s.student.headers)).status).toBe(403);
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/communication/confirmApply',
      headers: s.student.headers,
      payload: { email: s.student.user.email, projectName: s.project.title },
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({
      data: null,
      error: { status: 429, name: 'RateLimitError' },
    });
    expect(await outboxTo(s.student.user.email)).toHaveLength(0);
    const other = await projectScenario(app);
    expect(
      await call(
        'confirmApply',
        { email: other.student.user.email, projectName: other.project.title },
        other.student.headers,
      ),
    ).toMatchObject(OK);
  });

  it('when one address has been invited 10 times this hour, the next invitation to it is 429 whoever sends it', async () => {
    const to = uniqueEmail('buzon');
    const admin = await signedIn(app, 'admin');
    const teacher = await signedIn(app, 'teacher');
    for (let i = 0; i < 10; i++) {
      expect(
        await call('inviteStudent', { email: to }, i % 2 ? admin.headers : teacher.headers),
      ).toMatchObject(OK);
    }
    expect((await call('inviteStudent', { email: to }, admin.headers)).status).toBe(429);
    expect(await outboxTo(to)).toHaveLength(10);
    expect(
      await call('inviteStudent', { email: uniqueEmail('buzon') }, admin.headers),
    ).toMatchObject(OK);
  });
});

describe('applicants made without a session', () => {
  it('when the applicant never signed in, the publisher may still write to them', async () => {
    const s = await projectScenario(app);
    const user = await createUser({ profileType: 'student' });
    const applicant = await createStudent({ userId: user.id });
    await createApply({ studentId: applicant.id, projectId: s.project.id });
    expect(
      await call(
        'confirmStatusApply',
        { email: user.email, projectName: s.project.title },
        s.teacher.headers,
      ),
    ).toMatchObject(OK);
    expect(await outboxTo(user.email)).toHaveLength(1);
  });
});
