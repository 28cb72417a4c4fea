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
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
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
