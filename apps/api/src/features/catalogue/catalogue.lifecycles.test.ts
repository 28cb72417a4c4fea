import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  asAdmin,
  createApply,
  createCall,
  createCampus,
  createDegree,
  createStudent,
  signedIn,
} from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import {
  applys,
  calls,
  callsDegrees,
  campuses,
  campusesDegrees,
  degrees,
  students,
} from '../../db/schema';
import { createRegistry } from '../../content-types';
import { AppError } from '../../lib/errors';
import { SYSTEM } from '../../lib/strapi/actor';
import { EntityService } from '../../lib/strapi/engine';
import { CAMPUS_UID, campusLifecycles } from './catalogue.lifecycles';

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
const existing = {
  campuses: async (list: number[]) =>
    ids(await app.db.select({ id: campuses.id }).from(campuses).where(inArray(campuses.id, list))),
  degrees: async (list: number[]) =>
    ids(await app.db.select({ id: degrees.id }).from(degrees).where(inArray(degrees.id, list))),
  calls: async (list: number[]) =>
    ids(await app.db.select({ id: calls.id }).from(calls).where(inArray(calls.id, list))),
};
const campusesOf = async (degreeId: number) =>
  (
    await app.db
      .select({ id: campusesDegrees.campusId })
      .from(campusesDegrees)
      .where(eq(campusesDegrees.degreeId, degreeId))
  ).map((r) => r.id);
const degreesOf = async (callId: number) =>
  (
    await app.db
      .select({ id: callsDegrees.degreeId })
      .from(callsDegrees)
      .where(eq(callsDegrees.callId, callId))
  ).map((r) => r.id);

describe('deleting a campus (spec §7: its calls, then its degrees, then the campus)', () => {
  it('when an admin deletes a campus, its degrees and their calls go with it, and the answer still shows them', async () => {
    const campus = await createCampus();
    const informatica = await createDegree({}, [campus.id]);
    const derecho = await createDegree({}, [campus.id]);
    const tfg = await createCall({}, [informatica.id]);
    const tfm = await createCall({}, [derecho.id]);
    const practicas = await createCall({}, [informatica.id, derecho.id]);

    const { status, body } = await send(
      app,
      'DELETE',
      `/api/campuses/${campus.id}?populate=degrees`,
      { headers: admin },
    );

    expect(status).toBe(200);
    expect(body.data.id).toBe(campus.id);
    // The answer is the campus as it was: populated with the degrees it had.
    const answered = body.data.attributes.degrees as { data: { id: number }[] };
    expect(ids(answered.data)).toEqual(ids([informatica, derecho]));
    expect(await existing.campuses([campus.id])).toEqual([]);
    expect(await existing.degrees([informatica.id, derecho.id])).toEqual([]);
    expect(await existing.calls([tfg.id, tfm.id, practicas.id])).toEqual([]);
  });

  it('when another campus also offers a degree, the degree and its calls stay, offered by that campus only', async () => {
    const closing = await createCampus();
    const other = await createCampus();
    const shared = await createDegree({}, [closing.id, other.id]);
    const own = await createDegree({}, [closing.id]);
    const sharedCall = await createCall({}, [shared.id]);
    const ownCall = await createCall({}, [own.id]);

    expect(
      (await send(app, 'DELETE', `/api/campuses/${closing.id}`, { headers: admin })).status,
    ).toBe(200);

    expect(await existing.degrees([shared.id, own.id])).toEqual([shared.id]);
    expect(await campusesOf(shared.id)).toEqual([other.id]);
    expect(await existing.calls([sharedCall.id, ownCall.id])).toEqual([sharedCall.id]);
    expect(await degreesOf(sharedCall.id)).toEqual([shared.id]);
    const { body } = await send(app, 'GET', `/api/campuses/${other.id}?populate=degrees`);
    expect((body.data.attributes.degrees as { data: { id: number }[] }).data).toHaveLength(1);
  });

  it('when a call belongs to a deleted degree and to a surviving one, the call stays, linked to the survivor only', async () => {
    const closing = await createCampus();
    const other = await createCampus();
    const leaving = await createDegree({}, [closing.id]);
    const staying = await createDegree({}, [other.id]);
    const joint = await createCall({}, [leaving.id, staying.id]);

    expect(
      (await send(app, 'DELETE', `/api/campuses/${closing.id}`, { headers: admin })).status,
    ).toBe(200);

    expect(await existing.degrees([leaving.id, staying.id])).toEqual([staying.id]);
    expect(await existing.calls([joint.id])).toEqual([joint.id]);
    expect(await degreesOf(joint.id)).toEqual([staying.id]);
  });

  it('when a campus has no degrees, it is deleted all the same', async () => {
    const empty = await createCampus();
    const { status, body } = await send(app, 'DELETE', `/api/campuses/${empty.id}`, {
      headers: admin,
    });
    expect(status).toBe(200);
    expect(body.data.id).toBe(empty.id);
    expect(await existing.campuses([empty.id])).toEqual([]);
  });

  it('when a student studies a deleted degree and applied under a deleted call, both keep their rows without the reference', async () => {
    const campus = await createCampus();
    const degree = await createDegree({}, [campus.id]);
    const call = await createCall({}, [degree.id]);
    const student = await createStudent({ degreeId: degree.id, campusId: campus.id });
    const application = await createApply({ studentId: student.id, callId: call.id });

    expect(
      (await send(app, 'DELETE', `/api/campuses/${campus.id}`, { headers: admin })).status,
    ).toBe(200);

    const [after] = await app.db.select().from(students).where(eq(students.id, student.id));
    expect(after).toMatchObject({ degreeId: null, campusId: null });
    const [applied] = await app.db.select().from(applys).where(eq(applys.id, application.id));
    expect(applied?.callId).toBeNull();
  });

  it('when someone other than an admin deletes a campus, it is refused and nothing is deleted', async () => {
    const campus = await createCampus();
    const degree = await createDegree({}, [campus.id]);
    const call = await createCall({}, [degree.id]);
    const teacher = await signedIn(app, 'teacher');

    const refused = await send(app, 'DELETE', `/api/campuses/${campus.id}`, {
      headers: teacher.headers,
    });
    expect(refused.status).toBe(403);
    expect(await existing.campuses([campus.id])).toEqual([campus.id]);
    expect(await existing.degrees([degree.id])).toEqual([degree.id]);
    expect(await existing.calls([call.id])).toEqual([call.id]);
  });

  it('when the delete fails after the calls and degrees went, all of them are back: one transaction', async () => {
    const registry = createRegistry();
    registry.addLifecycles(CAMPUS_UID, campusLifecycles);
    registry.addLifecycles(CAMPUS_UID, {
      async afterDelete() {
        throw new AppError('VALIDATION', 'Borrado interrumpido');
      },
    });
    const service = new EntityService(registry, app.db);
    const campus = await createCampus();
    const degree = await createDegree({}, [campus.id]);
    const call = await createCall({}, [degree.id]);

    await expect(service.delete(CAMPUS_UID, campus.id, {}, SYSTEM)).rejects.toThrow(
      'Borrado interrumpido',
    );

    expect(await existing.campuses([campus.id])).toEqual([campus.id]);
    expect(await existing.degrees([degree.id])).toEqual([degree.id]);
    expect(await existing.calls([call.id])).toEqual([call.id]);
    expect(await campusesOf(degree.id)).toEqual([campus.id]);
  });
});
