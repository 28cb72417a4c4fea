import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '@plataforma/shared';
import { getTestApp } from '../../../test/helpers/app';
import {
  asAdmin,
  createApply,
  createCall,
  createCampus,
  createDegree,
  createProject,
  createStudent,
  createTeacher,
  createUniversity,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import { calls, campuses, degrees, teachersDegrees } from '../../db/schema';

/**
 * The admins' "Facultades y Grados" on the API (ADR 0047): who may write the catalogue and ask
 * what a delete touches, the rules of names, periods and durations, and the usage counts that
 * the confirmation states, checked against what the delete then does.
 */

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

const post = (url: string, data: Record<string, unknown>, headers = admin) =>
  send(app, 'POST', url, { payload: { data }, headers });
const put = (url: string, data: Record<string, unknown>, headers = admin) =>
  send(app, 'PUT', url, { payload: { data }, headers });

/** A refusal of a rule: 400 in Spanish, with the attribute it is about. */
async function expectRefusal(
  answer: Promise<Awaited<ReturnType<typeof send>>>,
  message: string,
  path: string,
) {
  const { status, body } = await answer;
  expect({ status, message: body.error?.message }).toEqual({ status: 400, message });
  expect(body.error?.name).toBe('ValidationError');
  expect(body.error?.details.errors?.[0]?.path).toEqual([path]);
}

const OTHER_ROLES = ['visitor', 'authenticated', 'student', 'teacher', 'coordinator'] as const;

async function headersOf(role: (typeof OTHER_ROLES)[number] | 'admin') {
  if (role === 'visitor') return {};
  if (role === 'admin') return admin;
  return (await signedIn(app, role)).headers;
}

describe('who may write the catalogue and count what a delete touches', () => {
  /** Each admin call, made on fresh rows; `done` says whether it took effect. */
  const adminCalls: {
    name: string;
    run: (
      headers: Record<string, string>,
    ) => Promise<{ status: number; done: () => Promise<boolean> }>;
  }[] = [
    {
      name: 'POST /api/campuses',
      run: async (headers) => {
        const university = await createUniversity();
        const name = unique('Campus');
        const { status } = await post(
          '/api/campuses',
          { name, university: university.id },
          headers,
        );
        return {
          status,
          done: async () => (await app.db.$count(campuses, eq(campuses.name, name))) === 1,
        };
      },
    },
    {
      name: 'PUT /api/campuses/:id',
      run: async (headers) => {
        const campus = await createCampus();
        const name = unique('Campus renombrado');
        const { status } = await put(`/api/campuses/${campus.id}`, { name }, headers);
        return {
          status,
          done: async () => (await app.db.$count(campuses, eq(campuses.name, name))) === 1,
        };
      },
    },
    {
      name: 'DELETE /api/campuses/:id',
      run: async (headers) => {
        const campus = await createCampus();
        const degree = await createDegree({}, [campus.id]);
        const { status } = await send(app, 'DELETE', `/api/campuses/${campus.id}`, { headers });
        return {
          status,
          done: async () =>
            (await app.db.$count(campuses, eq(campuses.id, campus.id))) === 0 &&
            (await app.db.$count(degrees, eq(degrees.id, degree.id))) === 0,
        };
      },
    },
    {
      name: 'POST /api/degrees',
      run: async (headers) => {
        const campus = await createCampus();
        const name = unique('Grado');
        const { status } = await post(
          '/api/degrees',
          { name, duration: 4, master: false, campuses: [campus.id] },
          headers,
        );
        return {
          status,
          done: async () => (await app.db.$count(degrees, eq(degrees.name, name))) === 1,
        };
      },
    },
    {
      name: 'PUT /api/degrees/:id',
      run: async (headers) => {
        const degree = await createDegree();
        const { status } = await put(`/api/degrees/${degree.id}`, { duration: 5 }, headers);
        return {
          status,
          done: async () => {
            const [row] = await app.db.select().from(degrees).where(eq(degrees.id, degree.id));
            return row?.duration === 5;
          },
        };
      },
    },
    {
      name: 'DELETE /api/degrees/:id',
      run: async (headers) => {
        const degree = await createDegree();
        const { status } = await send(app, 'DELETE', `/api/degrees/${degree.id}`, { headers });
        return {
          status,
          done: async () => (await app.db.$count(degrees, eq(degrees.id, degree.id))) === 0,
        };
      },
    },
    {
      name: 'POST /api/calls',
      run: async (headers) => {
        const degree = await createDegree();
        const name = unique('Convocatoria');
        const { status } = await post(
          '/api/calls',
          {
            name,
            degrees: [degree.id],
            academic_period_start: '2027-09-01',
            academic_period_end: '2028-06-30',
            description: 'TFG del curso 2027-2028',
          },
          headers,
        );
        return {
          status,
          done: async () => (await app.db.$count(calls, eq(calls.name, name))) === 1,
        };
      },
    },
    {
      name: 'PUT /api/calls/:id',
      run: async (headers) => {
        const call = await createCall();
        const { status } = await put(
          `/api/calls/${call.id}`,
          { description: 'Otra descripción' },
          headers,
        );
        return {
          status,
          done: async () => {
            const [row] = await app.db.select().from(calls).where(eq(calls.id, call.id));
            return row?.description === 'Otra descripción';
          },
        };
      },
    },
    {
      name: 'DELETE /api/calls/:id',
      run: async (headers) => {
        const call = await createCall();
        const { status } = await send(app, 'DELETE', `/api/calls/${call.id}`, { headers });
        return {
          status,
          done: async () => (await app.db.$count(calls, eq(calls.id, call.id))) === 0,
        };
      },
    },
    ...(['campuses', 'degrees', 'calls'] as const).map((plural) => ({
      name: `GET /api/${plural}/:id/usage`,
      run: async (headers: Record<string, string>) => {
        const id =
          plural === 'campuses'
            ? (await createCampus()).id
            : plural === 'degrees'
              ? (await createDegree()).id
              : (await createCall()).id;
        const { status } = await send(app, 'GET', `/api/${plural}/${id}/usage`, { headers });
        return { status, done: async () => status === 200 };
      },
    })),
  ];

  for (const call of adminCalls) {
    it(`when an admin calls ${call.name}, it is done`, async () => {
      const { status, done } = await call.run(admin);
      expect(status).toBe(200);
      expect(await done()).toBe(true);
    });

    it(`when anyone else calls ${call.name}, it is a 403 and nothing is done`, async () => {
      for (const role of OTHER_ROLES) {
        const { status, done } = await call.run(await headersOf(role));
        expect({ role, status }).toEqual({ role, status: 403 });
        if (!call.name.startsWith('GET'))
          expect({ role, done: await done() }).toEqual({ role, done: false });
      }
    });
  }
});

describe('the rules of the catalogue’s writes', () => {
  it('when a campus takes a name its university already has, written otherwise, it is refused in Spanish', async () => {
    const university = await createUniversity();
    const name = unique('Facultad de Educación');
    await createCampus({ name, universityId: university.id });

    const clash = post('/api/campuses', {
      name: `  ${name.replace('Educación', 'EDUCACION')} `,
      university: university.id,
    });
    await expectRefusal(clash, CATALOGUE_MESSAGES.campusNameTaken(name), 'name');
    const { headers } = await app.inject({
      method: 'POST',
      url: '/api/campuses',
      headers: admin,
      payload: { data: { name, university: university.id } },
    });
    expect(headers['content-language']).toBe('es');
    expect(await app.db.$count(campuses, eq(campuses.universityId, university.id))).toBe(1);
  });

  it('when another university has a campus of that name, or the name is new, the campus is created, its name tidied', async () => {
    const name = unique('Campus Sur');
    await createCampus({ name });
    const { status, body } = await post('/api/campuses', {
      name: `  ${name.replace(' ', '   ')}  `,
      university: (await createUniversity()).id,
    });
    expect(status).toBe(200);
    expect(body.data.attributes.name).toBe(name);
  });

  it('when a campus is renamed or moved into a clash, or given a blank name, it is refused and kept as it was', async () => {
    const university = await createUniversity();
    const taken = await createCampus({ universityId: university.id });
    const other = await createUniversity();
    const mine = await createCampus({ name: taken.name, universityId: other.id });

    await expectRefusal(
      put(`/api/campuses/${mine.id}`, { university: university.id }),
      CATALOGUE_MESSAGES.campusNameTaken(taken.name),
      'name',
    );
    await expectRefusal(
      put(`/api/campuses/${mine.id}`, { name: '   ' }),
      CATALOGUE_MESSAGES.nameRequired,
      'name',
    );
    const [row] = await app.db.select().from(campuses).where(eq(campuses.id, mine.id));
    expect(row).toMatchObject({ name: taken.name, universityId: other.id });
  });

  it('when two admins create the same campus at once, one is created and the other refused', async () => {
    const university = await createUniversity();
    const name = unique('Campus simultáneo');
    const answers = await Promise.all([
      post('/api/campuses', { name, university: university.id }),
      post('/api/campuses', { name, university: university.id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await app.db.$count(campuses, eq(campuses.name, name))).toBe(1);
  });

  it('when a degree lasts less than one year or more than six, it is refused; one to six, or unsaid, is kept', async () => {
    const campus = await createCampus();
    for (const duration of [0, 7, -1]) {
      await expectRefusal(
        post('/api/degrees', { name: unique('Grado'), duration, campuses: [campus.id] }),
        CATALOGUE_MESSAGES.duration,
        'duration',
      );
    }
    for (const duration of [1, 6, null]) {
      const { status } = await post('/api/degrees', {
        name: unique('Grado'),
        duration,
        campuses: [campus.id],
      });
      expect({ duration, status }).toEqual({ duration, status: 200 });
    }
    const degree = await createDegree({ duration: 4 });
    await expectRefusal(
      put(`/api/degrees/${degree.id}`, { duration: 10 }),
      CATALOGUE_MESSAGES.duration,
      'duration',
    );
  });

  it('when a campus would offer two degrees of one name, the degree or the link is refused; other campuses may have it', async () => {
    const campus = await createCampus();
    const elsewhere = await createCampus();
    const name = unique('Grado en Derecho');
    await createDegree({ name }, [campus.id]);

    await expectRefusal(
      post('/api/degrees', { name: name.toLowerCase(), duration: 4, campuses: [campus.id] }),
      CATALOGUE_MESSAGES.degreeNameTaken(name, campus.name),
      'name',
    );
    const twin = await post('/api/degrees', { name, duration: 4, campuses: [elsewhere.id] });
    expect(twin.status).toBe(200);

    // Linking the twin to the first campus, from either side, is the same clash.
    await expectRefusal(
      put(`/api/degrees/${twin.body.data.id}`, { campuses: { connect: [campus.id] } }),
      CATALOGUE_MESSAGES.degreeNameTaken(name, campus.name),
      'name',
    );
    const viaCampus = await put(`/api/campuses/${campus.id}`, {
      degrees: { connect: [twin.body.data.id] },
    });
    expect(viaCampus.status).toBe(400);
    expect(viaCampus.body.error?.message).toBe(
      CATALOGUE_MESSAGES.degreeNameTaken(name, campus.name),
    );
  });

  it('when a call’s period does not end after it starts, it is refused, also when only one end changes', async () => {
    const degree = await createDegree();
    for (const end of ['2027-09-01', '2027-08-31']) {
      await expectRefusal(
        post('/api/calls', {
          name: unique('Convocatoria'),
          degrees: [degree.id],
          academic_period_start: '2027-09-01',
          academic_period_end: end,
        }),
        CATALOGUE_MESSAGES.periodOrder,
        'academic_period_end',
      );
    }
    const call = await createCall({
      academic_period_start: '2026-09-01',
      academic_period_end: '2027-06-30',
    });
    await expectRefusal(
      put(`/api/calls/${call.id}`, { academic_period_start: '2027-07-01' }),
      CATALOGUE_MESSAGES.periodOrder,
      'academic_period_start',
    );
    await expectRefusal(
      put(`/api/calls/${call.id}`, { academic_period_end: '2026-01-01' }),
      CATALOGUE_MESSAGES.periodOrder,
      'academic_period_end',
    );
    // An open end is a period too.
    const open = await put(`/api/calls/${call.id}`, { academic_period_end: null });
    expect(open.status).toBe(200);
  });

  it('when a degree would have two calls of one name over overlapping periods, it is refused; another year or degree is fine', async () => {
    const degree = await createDegree();
    const otherDegree = await createDegree();
    const name = unique('Convocatoria TFG');
    await createCall(
      { name, academic_period_start: '2026-09-01', academic_period_end: '2027-06-30' },
      [degree.id],
    );
    const call = (start: string, end: string | null, degreeIds: number[]) =>
      post('/api/calls', {
        name,
        degrees: degreeIds,
        academic_period_start: start,
        academic_period_end: end,
      });

    await expectRefusal(
      call('2027-01-01', '2027-12-31', [degree.id]),
      CATALOGUE_MESSAGES.callNameTaken(name, degree.name),
      'name',
    );
    await expectRefusal(
      call('2020-01-01', null, [otherDegree.id, degree.id]),
      CATALOGUE_MESSAGES.callNameTaken(name, degree.name),
      'name',
    );
    expect((await call('2027-09-01', '2028-06-30', [degree.id])).status).toBe(200);
    const other = await call('2026-09-01', '2027-06-30', [otherDegree.id]);
    expect(other.status).toBe(200);
    // Giving the other degree's call to the first degree makes the clash.
    await expectRefusal(
      put(`/api/degrees/${degree.id}`, { calls: { connect: [other.body.data.id] } }),
      CATALOGUE_MESSAGES.callNameTaken(name, degree.name),
      'name',
    );
  });
});

describe('what a delete touches (GET …/usage)', () => {
  it('when a campus is asked about, the counts are what its delete then does', async () => {
    const closing = await createCampus();
    const staying = await createCampus();
    const own = await createDegree({}, [closing.id]);
    const shared = await createDegree({}, [closing.id, staying.id]);
    const ownCall = await createCall({}, [own.id]);
    const jointCall = await createCall({}, [own.id, shared.id]);
    const student = await createStudent({ degreeId: own.id });
    await createStudent({ campusId: closing.id, degreeId: shared.id });
    await createStudent({ degreeId: shared.id });
    const teacher = await createTeacher({ campusId: staying.id });
    await app.db.insert(teachersDegrees).values({ teacherId: teacher.id, degreeId: own.id });
    await createTeacher({ campusId: closing.id });
    await createProject({ campusId: closing.id });
    await createApply({ studentId: student.id, callId: ownCall.id });
    await createApply({ studentId: student.id, callId: jointCall.id });

    const { status, body } = await send(app, 'GET', `/api/campuses/${closing.id}/usage`, {
      headers: admin,
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      calls: 1,
      callsShared: 1,
      degrees: 1,
      degreesShared: 1,
      students: 2,
      teachers: 2,
      projects: 1,
      applications: 1,
    });

    expect(
      (await send(app, 'DELETE', `/api/campuses/${closing.id}`, { headers: admin })).status,
    ).toBe(200);
    const left = await app.db
      .select({ id: calls.id })
      .from(calls)
      .where(inArray(calls.id, [ownCall.id, jointCall.id]));
    expect(left).toEqual([{ id: jointCall.id }]);
    const kept = await app.db
      .select({ id: degrees.id })
      .from(degrees)
      .where(inArray(degrees.id, [own.id, shared.id]));
    expect(kept).toEqual([{ id: shared.id }]);
  });

  it('when a campus has no degrees, every count is zero', async () => {
    const empty = await createCampus();
    const { body } = await send(app, 'GET', `/api/campuses/${empty.id}/usage`, { headers: admin });
    expect(
      Object.values(body.data as unknown as Record<string, number>).every((n) => n === 0),
    ).toBe(true);
  });

  it('when a degree or a call is asked about, its links, people and applications are counted', async () => {
    const a = await createCampus();
    const b = await createCampus();
    const degree = await createDegree({}, [a.id, b.id]);
    const call = await createCall({}, [degree.id, (await createDegree()).id]);
    const student = await createStudent({ degreeId: degree.id });
    const teacher = await createTeacher();
    await app.db.insert(teachersDegrees).values({ teacherId: teacher.id, degreeId: degree.id });
    await createApply({ studentId: student.id, callId: call.id });

    const ofDegree = await send(app, 'GET', `/api/degrees/${degree.id}/usage`, { headers: admin });
    expect(ofDegree.body.data).toEqual({ campuses: 2, calls: 1, students: 1, teachers: 1 });
    const ofCall = await send(app, 'GET', `/api/calls/${call.id}/usage`, { headers: admin });
    expect(ofCall.body.data).toEqual({ degrees: 2, applications: 1 });
  });

  it('when the entry does not exist the answer is 404, and a bad id 400', async () => {
    expect(
      (await send(app, 'GET', '/api/campuses/2147483000/usage', { headers: admin })).status,
    ).toBe(404);
    expect((await send(app, 'GET', '/api/calls/abc/usage', { headers: admin })).status).toBe(400);
  });
});

describe('the queries of the admins’ screen (apps/web/src/features/catalogue-admin/api)', () => {
  it('when the screen lists universities, campuses and degrees, the API answers each with its counts, campuses and calls', async () => {
    const university = await createUniversity({ name: unique('Universidad de Prueba') });
    const campus = await createCampus({ universityId: university.id });
    const other = await createCampus({ universityId: university.id });
    const degree = await createDegree({}, [campus.id, other.id]);
    const sibling = await createDegree({}, [campus.id]);
    const older = await createCall(
      { academic_period_start: '2025-09-01', academic_period_end: '2026-06-30' },
      [degree.id],
    );
    const newer = await createCall({}, [degree.id, sibling.id]);

    const universities = await send(
      app,
      'GET',
      `/api/universities?fields[0]=name&populate[centers][count]=true&sort[0]=name:asc&pagination[page]=1&pagination[pageSize]=20&filters[name][$containsi]=${encodeURIComponent(university.name.toUpperCase())}`,
      { headers: admin },
    );
    expect(universities.status).toBe(200);
    expect(universities.body.data[0]?.attributes).toMatchObject({
      name: university.name,
      centers: { data: { attributes: { count: 2 } } },
    });

    const list = await send(
      app,
      'GET',
      `/api/campuses?filters[university][id][$eq]=${university.id}&populate[university][fields][0]=name&populate[degrees][count]=true&sort[0]=name:asc&pagination[page]=1&pagination[pageSize]=20`,
      { headers: admin },
    );
    expect(list.status).toBe(200);
    const mine = list.body.data.find((entry) => entry.id === campus.id);
    expect(mine?.attributes).toMatchObject({
      university: { data: { id: university.id, attributes: { name: university.name } } },
      degrees: { data: { attributes: { count: 2 } } },
    });

    const degreesAnswer = await send(
      app,
      'GET',
      `/api/degrees?filters[campuses][id][$eq]=${campus.id}&populate[campuses][fields][0]=name&populate[campuses][sort][0]=name:asc&populate[calls][sort][0]=academic_period_start:desc&populate[calls][sort][1]=name:asc&populate[calls][populate][degrees][fields][0]=name&populate[calls][populate][degrees][sort][0]=name:asc&sort[0]=name:asc&pagination[page]=1&pagination[pageSize]=20`,
      { headers: admin },
    );
    expect(degreesAnswer.status).toBe(200);
    const shown = degreesAnswer.body.data.find((entry) => entry.id === degree.id)!;
    const attributes = shown.attributes as {
      campuses: { data: { id: number }[] };
      calls: { data: { id: number; attributes: { degrees: { data: { id: number }[] } } }[] };
    };
    expect(attributes.campuses.data.map((c) => c.id).sort()).toEqual([campus.id, other.id].sort());
    expect(attributes.calls.data.map((c) => c.id)).toEqual([newer.id, older.id]);
    expect(attributes.calls.data[0]?.attributes.degrees.data).toHaveLength(2);
  });
});
