import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  createCoordinator,
  createOrganization,
  createProject,
  createStudent,
  createTeacher,
  createUser,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { related, send, type Entity } from '../../../test/helpers/http';
import { enablePublishing, setFeatureSwitch } from '../../../test/helpers/permissions';
import { coordinators, organizations, projects } from '../../db/schema';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
  await enablePublishing();
});

/** A signed-in coordinator; without an organisation unless one is given. */
async function coordinator(organizationId: number | null = null) {
  const session = await signedIn(app, 'coordinator');
  const row = await createCoordinator({ userId: session.user.id, organizationId });
  return { ...session, row };
}

const organizationData = (name = unique('Asociación')) => ({
  name,
  type: 'Asociación',
  sector: 'Educación',
  size: '1-10',
  description: 'Apoyo escolar en el barrio',
  location: 'Murcia',
  web: 'https://asociacion.example.es',
  linkedin: 'https://www.linkedin.com/company/asociacion',
  reachedUsHow: 'Por la universidad',
  // A national number with separators: stored in E.164 (ADR 0034).
  contact_phone: '600 111 222',
  contact_mail: 'hola@asociacion.example.es',
  contact_name: 'Lucía Pérez',
});

async function coordinatorRow(id: number) {
  const { db } = await getTestDatabase();
  const [row] = await db.select().from(coordinators).where(eq(coordinators.id, id));
  return row;
}

describe('a coordinator creates their organisation', () => {
  it('when a coordinator without organisation creates one, they are linked to it and see its contact data', async () => {
    const me = await coordinator();
    const res = await send(app, 'POST', '/api/organizations', {
      headers: me.headers,
      payload: { data: organizationData() },
    });
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    expect((await coordinatorRow(me.row.id))?.organizationId).toBe(id);
    expect(res.body.data.attributes).toMatchObject({
      contact_mail: 'hola@asociacion.example.es',
      contact_name: 'Lucía Pérez',
      contact_phone: '+34600111222',
    });
    // Linked, they may now publish projects for it.
    const project = await send(app, 'POST', '/api/projects', {
      headers: me.headers,
      payload: { data: { title: unique('Refuerzo'), type: 'Impacto social' } },
    });
    expect(project.status).toBe(200);
  });

  it('when a coordinator who has one creates another, the answer is 400 "Ya perteneces a una organización" and nothing is written', async () => {
    const me = await coordinator();
    const first = await send(app, 'POST', '/api/organizations', {
      headers: me.headers,
      payload: { data: organizationData() },
    });
    expect(first.status).toBe(200);
    const name = unique('Segunda');
    const second = await send(app, 'POST', '/api/organizations', {
      headers: me.headers,
      payload: { data: organizationData(name) },
    });
    expect(second.status).toBe(400);
    expect(second.body.error?.message).toBe('Ya perteneces a una organización');
    const { db } = await getTestDatabase();
    expect(await db.select().from(organizations).where(eq(organizations.name, name))).toEqual([]);
    expect((await coordinatorRow(me.row.id))?.organizationId).toBe(first.body.data.id);
  });

  it('when two creations of one coordinator race, one organisation is made and the other is refused', async () => {
    const me = await coordinator();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        send(app, 'POST', '/api/organizations', {
          headers: me.headers,
          payload: { data: organizationData() },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });

  it("when the coordinators' organizations.create switch is off, the creation is 403", async () => {
    const me = await coordinator();
    await setFeatureSwitch('coordinator', 'organizations', {
      enabled: true,
      create: false,
      update: true,
    });
    try {
      const res = await send(app, 'POST', '/api/organizations', {
        headers: me.headers,
        payload: { data: organizationData() },
      });
      expect(res.status).toBe(403);
      expect(res.body.error?.message).toBe(
        'La creación de organizaciones no está activada para tu perfil',
      );
    } finally {
      await enablePublishing();
    }
    expect((await coordinatorRow(me.row.id))?.organizationId).toBeNull();
  });

  it('when a coordinator links coordinators or projects to an organisation, the answer is 403', async () => {
    const me = await coordinator();
    const other = await createCoordinator();
    const othersProject = await createProject();
    for (const extra of [{ coordinators: [other.id] }, { projects: [othersProject.id] }]) {
      const res = await send(app, 'POST', '/api/organizations', {
        headers: me.headers,
        payload: { data: { ...organizationData(), ...extra } },
      });
      expect(res.status, JSON.stringify(extra)).toBe(403);
    }
    const created = await send(app, 'POST', '/api/organizations', {
      headers: me.headers,
      payload: { data: organizationData() },
    });
    const res = await send(app, 'PUT', `/api/organizations/${created.body.data.id}`, {
      headers: me.headers,
      payload: { data: { projects: [othersProject.id] } },
    });
    expect(res.status).toBe(403);
    const { db } = await getTestDatabase();
    const [project] = await db.select().from(projects).where(eq(projects.id, othersProject.id));
    expect(project?.organizationId).toBeNull();
  });

  it('when an admin creates an organisation, nobody is linked to it', async () => {
    const { headers } = await signedIn(app, 'admin');
    const res = await send(app, 'POST', '/api/organizations', {
      headers,
      payload: { data: organizationData() },
    });
    expect(res.status).toBe(200);
    const { db } = await getTestDatabase();
    expect(
      await db.select().from(coordinators).where(eq(coordinators.organizationId, res.body.data.id)),
    ).toEqual([]);
  });
});

describe('contact data', () => {
  it('is hidden from other coordinators, students and visitors, shown to its coordinators and admins', async () => {
    const organization = await createOrganization({ contact_mail: 'privado@org.example.es' });
    const own = await coordinator(organization.id);
    const other = await coordinator((await createOrganization()).id);
    const student = await signedIn(app, 'student');
    await createStudent({ userId: student.user.id });
    const admin = await signedIn(app, 'admin');
    const read = (headers: Record<string, string>) =>
      send(app, 'GET', `/api/organizations/${organization.id}`, { headers });
    for (const headers of [{}, other.headers, student.headers]) {
      const res = await read(headers);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('privado@org.example.es');
      expect(res.body.data.attributes).not.toHaveProperty('contact_phone');
      expect(res.body.data.attributes).not.toHaveProperty('contact_name');
    }
    for (const headers of [own.headers, admin.headers]) {
      expect((await read(headers)).body.data.attributes.contact_mail).toBe(
        'privado@org.example.es',
      );
    }
  });
});

describe("an organisation's coordinators", () => {
  /**
   * An organisation with two coordinators (one signed in, one a colleague with a phone), its
   * contact data, and a coordinator of another organisation.
   */
  async function organisationWithCoordinators() {
    const organization = await createOrganization({ contact_mail: 'contacto@org.example.es' });
    const own = await coordinator(organization.id);
    const colleagueUser = await createUser({ profileType: 'coordinator', phone: '+34600999888' });
    const colleague = await createCoordinator({
      userId: colleagueUser.id,
      organizationId: organization.id,
      job_position: 'Tesorería',
    });
    const other = await coordinator((await createOrganization()).id);
    return { organization, own, colleague, colleagueUser, other };
  }

  const read = (id: number, query: string, headers: Record<string, string> = {}) =>
    send(app, 'GET', `/api/organizations/${id}?${query}`, { headers });

  it('with populate=* or populate=coordinators, its coordinators and admins get every coordinator of it as {id, attributes}', async () => {
    const { organization, own, colleague } = await organisationWithCoordinators();
    const admin = await signedIn(app, 'admin');
    for (const headers of [own.headers, admin.headers]) {
      for (const query of ['populate=*', 'populate=coordinators']) {
        const res = await read(organization.id, query, headers);
        expect(res.status, query).toBe(200);
        const listed = related(res.body.data, 'coordinators') as Entity[];
        expect(listed.map((c) => c.id).sort(), query).toEqual([own.row.id, colleague.id].sort());
        expect(listed.find((c) => c.id === colleague.id)?.attributes).toMatchObject({
          job_position: 'Tesorería',
        });
      }
    }
    // populate=* is every first-level relation and media, each under its own reader's scope.
    const all = await read(organization.id, 'populate=*', own.headers);
    expect(Object.keys(all.body.data.attributes)).toEqual(
      expect.arrayContaining(['coordinators', 'projects', 'logo']),
    );
  });

  it('visitors, students, teachers and accounts without a profile, who read no coordinators, get the relation left out', async () => {
    const { organization } = await organisationWithCoordinators();
    const student = await signedIn(app, 'student');
    await createStudent({ userId: student.user.id });
    const teacher = await signedIn(app, 'teacher');
    await createTeacher({ userId: teacher.user.id });
    const newcomer = await signedIn(app, 'authenticated');
    for (const headers of [{}, student.headers, teacher.headers, newcomer.headers]) {
      for (const query of ['populate=*', 'populate=coordinators', 'populate=coordinators.user']) {
        const res = await read(organization.id, query, headers);
        expect(res.status, query).toBe(200);
        expect(res.body.data.attributes, query).not.toHaveProperty('coordinators');
        expect(res.text, query).not.toContain('Tesorería');
        expect(res.text, query).not.toContain('contacto@org.example.es');
      }
    }
  });

  it("another organisation's coordinator gets an empty list (they read only their own organisation's)", async () => {
    const { organization, colleagueUser, other } = await organisationWithCoordinators();
    for (const query of ['populate=*', 'populate=coordinators', 'populate=coordinators.user']) {
      const res = await read(organization.id, query, other.headers);
      expect(res.status, query).toBe(200);
      expect(res.body.data.attributes.coordinators, query).toEqual({ data: [] });
      expect(res.text, query).not.toContain(colleagueUser.email);
      expect(res.text, query).not.toContain('contacto@org.example.es');
    }
  });

  it("a coordinator populating their colleagues' accounts sees their names, never their email or phone; admins see both", async () => {
    const { organization, own, colleague, colleagueUser } = await organisationWithCoordinators();
    const admin = await signedIn(app, 'admin');
    const query = 'populate[coordinators][populate]=user';
    const userOf = (res: Awaited<ReturnType<typeof read>>, id: number) =>
      related(
        (related(res.body.data, 'coordinators') as Entity[]).find((c) => c.id === id),
        'user',
      ) as Entity;

    const mine = await read(organization.id, query, own.headers);
    expect(userOf(mine, colleague.id).attributes).toMatchObject({ name: 'Nombre' });
    expect(userOf(mine, colleague.id).attributes).not.toHaveProperty('email');
    expect(userOf(mine, colleague.id).attributes).not.toHaveProperty('phone');
    expect(mine.text).not.toContain(colleagueUser.email);
    expect(mine.text).not.toContain('+34600999888');
    expect(userOf(mine, own.row.id).attributes.email).toBe(own.user.email);

    const admins = await read(organization.id, query, admin.headers);
    expect(userOf(admins, colleague.id).attributes).toMatchObject({
      email: colleagueUser.email,
      phone: '+34600999888',
    });
  });
});
