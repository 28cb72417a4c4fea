import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_DESCRIPTION_MAX_LENGTH } from '@plataforma/shared';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  createCoordinator,
  createOrganization,
  createStudent,
  signedIn,
} from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import { enablePublishing, setFeatureSwitch } from '../../../test/helpers/permissions';
import { organizations } from '../../db/schema';

/**
 * A coordinator edits their own organisation (the web's /organizations/editar, ADR 0033) through
 * the generic `PUT /api/organizations/:id`: only their own, the private contact staying private.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
  await enablePublishing();
});

async function coordinatorOf(organizationId: number) {
  const session = await signedIn(app, 'coordinator');
  await createCoordinator({ userId: session.user.id, organizationId });
  return session;
}

async function organizationRow(id: number) {
  const { db } = await getTestDatabase();
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row!;
}

const edit = (id: number, headers: Record<string, string>, data: Record<string, unknown>) =>
  send(app, 'PUT', `/api/organizations/${id}`, { headers, payload: { data } });

describe('a coordinator edits their organisation', () => {
  it('when they change their own, it is saved and the answer shows them its private contact', async () => {
    const organization = await createOrganization();
    const own = await coordinatorOf(organization.id);

    const res = await edit(organization.id, own.headers, {
      description: 'Ahora también damos clases de repaso',
      web: 'https://nueva.example.es',
      contact_mail: 'nuevo@org.example.es',
    });

    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      description: 'Ahora también damos clases de repaso',
      web: 'https://nueva.example.es',
      contact_mail: 'nuevo@org.example.es',
    });
    expect(await organizationRow(organization.id)).toMatchObject({
      description: 'Ahora también damos clases de repaso',
      contact_mail: 'nuevo@org.example.es',
    });
  });

  it("when they try another organisation's, it is refused and nothing changes", async () => {
    const theirs = await createOrganization({ description: 'Sin cambios' });
    const other = await coordinatorOf((await createOrganization()).id);

    const res = await edit(theirs.id, other.headers, { description: 'Cambiada por otra' });

    expect(res.status).toBe(403);
    expect(res.body.error?.status).toBe(res.status);
    expect((await organizationRow(theirs.id)).description).toBe('Sin cambios');
  });

  it('students, teachers and visitors may not edit an organisation: 403', async () => {
    const organization = await createOrganization({ description: 'Sin cambios' });
    const student = await signedIn(app, 'student');
    await createStudent({ userId: student.user.id });
    const teacher = await signedIn(app, 'teacher');
    for (const headers of [{}, student.headers, teacher.headers]) {
      const res = await edit(organization.id, headers, { description: 'Cambiada' });
      expect(res.status).toBe(403);
    }
    expect((await organizationRow(organization.id)).description).toBe('Sin cambios');
  });

  it('after an edit the private contact is still hidden from visitors, students and other coordinators', async () => {
    const organization = await createOrganization();
    const own = await coordinatorOf(organization.id);
    await edit(organization.id, own.headers, {
      contact_name: 'Marta Privada',
      contact_mail: 'privado.nuevo@org.example.es',
      contact_phone: '+34 611 222 333',
    });
    const other = await coordinatorOf((await createOrganization()).id);
    const student = await signedIn(app, 'student');
    await createStudent({ userId: student.user.id });

    for (const headers of [{}, student.headers, other.headers]) {
      const res = await send(app, 'GET', `/api/organizations/${organization.id}?populate=*`, {
        headers,
      });
      expect(res.status).toBe(200);
      for (const secret of ['Marta Privada', 'privado.nuevo@org.example.es', '611 222 333']) {
        expect(res.text).not.toContain(secret);
      }
    }
  });

  it('a web address that is not http(s) is a 400 and nothing is written', async () => {
    const organization = await createOrganization({ web: 'https://antes.example.es' });
    const own = await coordinatorOf(organization.id);

    const res = await edit(organization.id, own.headers, { web: 'javascript:alert(1)' });

    expect(res.status).toBe(400);
    expect((await organizationRow(organization.id)).web).toBe('https://antes.example.es');
  });

  it("when the coordinators' organizations.update switch is off, their edit is 403 and nothing changes", async () => {
    const organization = await createOrganization({ description: 'Sin cambios' });
    const own = await coordinatorOf(organization.id);
    await setFeatureSwitch('coordinator', 'organizations', {
      enabled: true,
      create: true,
      update: false,
    });
    try {
      const res = await edit(organization.id, own.headers, { description: 'Cambiada' });
      expect(res.status).toBe(403);
      expect(res.body.error?.message).toBe(
        'La edición de organizaciones no está activada para tu perfil',
      );
      expect((await organizationRow(organization.id)).description).toBe('Sin cambios');
    } finally {
      await enablePublishing();
    }
  });

  it("an admin edits any organisation whatever the coordinators' switch says", async () => {
    const organization = await createOrganization();
    const admin = await signedIn(app, 'admin');
    await setFeatureSwitch('coordinator', 'organizations', { enabled: false });
    try {
      const res = await edit(organization.id, admin.headers, { sector: 'Salud' });
      expect(res.status).toBe(200);
    } finally {
      await enablePublishing();
    }
  });
});

describe('the longest description (the organisation form shows the same limit)', () => {
  it(`when a coordinator sends a description one character over ${ORGANIZATION_DESCRIPTION_MAX_LENGTH}, it is 400 naming it and nothing changes; at the limit it is saved`, async () => {
    const organization = await createOrganization({ description: 'Sin cambios' });
    const own = await coordinatorOf(organization.id);
    const over = await edit(organization.id, own.headers, {
      description: 'a'.repeat(ORGANIZATION_DESCRIPTION_MAX_LENGTH + 1),
    });
    expect(over.status).toBe(400);
    expect(over.body.error?.details.errors?.map((e) => e.path)).toEqual([['description']]);
    expect((await organizationRow(organization.id)).description).toBe('Sin cambios');
    const at = await edit(organization.id, own.headers, {
      description: 'a'.repeat(ORGANIZATION_DESCRIPTION_MAX_LENGTH),
    });
    expect(at.status, at.text).toBe(200);
    expect((await organizationRow(organization.id)).description).toHaveLength(
      ORGANIZATION_DESCRIPTION_MAX_LENGTH,
    );
  });
});
