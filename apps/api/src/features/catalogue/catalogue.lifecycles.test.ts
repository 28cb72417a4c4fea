import { eq, inArray, sql } from 'drizzle-orm';
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
  it('when deleting its degrees fails after its calls went (spec §7 order), the calls, degrees and campus are all back', async () => {
    const campus = await createCampus();
    const degree = await createDegree({}, [campus.id]);
    const call = await createCall({}, [degree.id]);
    // The failure is injected in the database, at the degrees' step: it says how many of the
    // campus's calls are left at that moment, which shows the calls went first.
    const fn = `fail_degree_delete_${degree.id}`;
    await app.db.execute(
      sql.raw(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF OLD.id = ${degree.id} THEN
            RAISE EXCEPTION 'calls left: %', (SELECT count(*) FROM calls WHERE id = ${call.id});
          END IF;
          RETURN OLD;
        END $$`),
    );
    await app.db.execute(
      sql.raw(
        `CREATE TRIGGER ${fn} BEFORE DELETE ON degrees FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
      ),
    );
    try {
      const { status } = await send(app, 'DELETE', `/api/campuses/${campus.id}`, {
        headers: admin,
      });
      expect(status).toBe(500);
      const service = new EntityService(app.entities.registry, app.db);
      const failure = await service.delete(CAMPUS_UID, campus.id, {}, SYSTEM).then(
        () => undefined,
        (error: unknown) => error as Error & { cause?: Error },
      );
      // Drizzle wraps the database's error; its own message is the cause's.
      expect(failure?.cause?.message).toBe('calls left: 0');
    } finally {
      await app.db.execute(sql.raw(`DROP TRIGGER ${fn} ON degrees`));
      await app.db.execute(sql.raw(`DROP FUNCTION ${fn}()`));
    }

    expect(await existing.campuses([campus.id])).toEqual([campus.id]);
    expect(await existing.degrees([degree.id])).toEqual([degree.id]);
    expect(await existing.calls([call.id])).toEqual([call.id]);
    expect(await degreesOf(call.id)).toEqual([degree.id]);
  });
});
