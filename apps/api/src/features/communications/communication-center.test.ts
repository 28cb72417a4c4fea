import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  asAdmin,
  bearer,
  createNotification,
  createStudent,
  createUser,
  signedIn,
} from '../../../test/helpers/factories';

/**
 * The communication centre as the bell and the profile read it (spec §4 Notification, ADR 0044):
 * the generic list and update of `communication-centers`, and "Marcar todas como leídas".
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await getTestApp();
});

interface Entry {
  id: number;
  attributes: { isRead: boolean; notification_subject: string; createdAt: string };
}
interface ListAnswer {
  data: Entry[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
}

/** A student with a bearer token, and `count` entries of theirs spread over past minutes. */
async function studentWithEntries(
  entries: { isRead: boolean; minutesAgo: number }[],
): Promise<{ studentId: number; headers: Record<string, string>; ids: number[] }> {
  const user = await createUser({ profileType: 'student' });
  const student = await createStudent({ userId: user.id });
  const ids: number[] = [];
  for (const entry of entries) {
    const row = await createNotification({
      studentId: student.id,
      isRead: entry.isRead,
      createdAt: new Date(Date.now() - entry.minutesAgo * 60_000),
    });
    ids.push(row.id);
  }
  return { studentId: student.id, headers: bearer(app, user.id), ids };
}

async function list(headers: Record<string, string>, query: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/communication-centers?${query}`,
    headers,
  });
  return { status: res.statusCode, body: res.json<ListAnswer>() };
}

async function readAll(
  headers: Record<string, string>,
  options: { url?: string; payload?: object } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: options.url ?? '/api/communication-centers/read-all',
    headers,
    ...(options.payload ? { payload: options.payload } : {}),
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

async function unreadIds(studentId: number): Promise<number[]> {
  const { db } = await getTestDatabase();
  const result = (await db.execute(
    sql`SELECT id FROM communication_centers WHERE student_id = ${studentId} AND NOT is_read ORDER BY id`,
  )) as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}

const UNREAD_COUNT = 'filters[isRead][$eq]=false&pagination[pageSize]=1&fields[0]=id';

describe('listing the communication centre', () => {
  it("when a student lists entries, whatever the filters, only their own come back, never another student's", async () => {
    const me = await studentWithEntries([
      { isRead: false, minutesAgo: 5 },
      { isRead: true, minutesAgo: 10 },
    ]);
    const other = await studentWithEntries([
      { isRead: false, minutesAgo: 1 },
      { isRead: false, minutesAgo: 2 },
    ]);
    const queries = [
      '',
      `filters[student][id][$eq]=${other.studentId}`,
      `filters[id][$in][0]=${other.ids[0]}&filters[id][$in][1]=${other.ids[1]}`,
      `filters[$or][0][student][id][$eq]=${other.studentId}&filters[$or][1][isRead][$eq]=false`,
      `filters[student][id][$ne]=${me.studentId}`,
      'populate=student&pagination[pageSize]=100',
    ];
    for (const query of queries) {
      const { status, body } = await list(me.headers, query);
      expect(status, query).toBe(200);
      const ids = body.data.map((entry) => entry.id);
      for (const id of other.ids) expect(ids, query).not.toContain(id);
      for (const id of ids) expect(me.ids, query).toContain(id);
    }
    // Without a filter the student gets all of theirs.
    const all = await list(me.headers, '');
    expect(all.body.data.map((e) => e.id).sort()).toEqual([...me.ids].sort());
  });

  it("when a student counts their unread entries, the total is theirs alone, another student's not added", async () => {
    const me = await studentWithEntries([
      { isRead: false, minutesAgo: 3 },
      { isRead: false, minutesAgo: 4 },
      { isRead: true, minutesAgo: 5 },
    ]);
    await studentWithEntries([{ isRead: false, minutesAgo: 1 }]);
    const { status, body } = await list(me.headers, UNREAD_COUNT);
    expect(status).toBe(200);
    expect(body.meta.pagination.total).toBe(2);
    expect(body.data).toHaveLength(1);
    // `fields[0]=id` keeps the answer small: no subject, no message.
    expect(body.data[0]!.attributes).toEqual({});
  });

  it('when a student sorts unread first then newest and pages by 3, the pages follow that order without overlap', async () => {
    const me = await studentWithEntries([
      { isRead: true, minutesAgo: 1 }, // read, newest of all
      { isRead: false, minutesAgo: 50 },
      { isRead: false, minutesAgo: 10 },
      { isRead: true, minutesAgo: 30 },
      { isRead: false, minutesAgo: 70 },
      { isRead: true, minutesAgo: 5 },
      { isRead: false, minutesAgo: 20 },
    ]);
    const [readNewest, u50, u10, r30, u70, r5, u20] = me.ids;
    const expected = [u10, u20, u50, u70, readNewest, r5, r30];
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const { status, body } = await list(
        me.headers,
        `sort[0]=isRead:asc&sort[1]=createdAt:desc&pagination[page]=${page}&pagination[pageSize]=3`,
      );
      expect(status).toBe(200);
      expect(body.meta.pagination).toEqual({ page, pageSize: 3, pageCount: 3, total: 7 });
      seen.push(...body.data.map((e) => e.id));
    }
    expect(seen).toEqual(expected);
  });

  it('when a visitor lists the communication centre, nothing of anyone is answered', async () => {
    await studentWithEntries([{ isRead: false, minutesAgo: 1 }]);
    const res = await app.inject({
      method: 'GET',
      url: `/api/communication-centers?${UNREAD_COUNT}`,
    });
    expect([401, 403]).toContain(res.statusCode);
    expect(res.json()).toMatchObject({ data: null, error: { status: res.statusCode } });
  });

  it('when the query is malformed, the answer is a Strapi 400, not a 500', async () => {
    const me = await studentWithEntries([]);
    const { status, body } = await list(me.headers, 'pagination[pageSize]=abc');
    expect(status).toBe(400);
    expect(body).toMatchObject({ data: null, error: { status: 400, name: 'ValidationError' } });
  });
});

describe('marking one entry read', () => {
  it("when a student marks another student's entry read, it is refused and the entry stays unread", async () => {
    const me = await studentWithEntries([]);
    const other = await studentWithEntries([{ isRead: false, minutesAgo: 1 }]);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/communication-centers/${other.ids[0]}`,
      headers: me.headers,
      payload: { data: { isRead: true } },
    });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.json()).toMatchObject({ data: null, error: { status: res.statusCode } });
    expect(await unreadIds(other.studentId)).toEqual(other.ids);
  });

  it('when a student marks their own entry read, it is read; changing anything else of it is refused', async () => {
    const me = await studentWithEntries([
      { isRead: false, minutesAgo: 1 },
      { isRead: false, minutesAgo: 2 },
    ]);
    const ok = await app.inject({
      method: 'PUT',
      url: `/api/communication-centers/${me.ids[0]}`,
      headers: me.headers,
      payload: { data: { isRead: true } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ data: { id: me.ids[0], attributes: { isRead: true } } });
    const other = await studentWithEntries([]);
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/communication-centers/${me.ids[1]}`,
      headers: me.headers,
      payload: { data: { isRead: true, student: other.studentId } },
    });
    expect(moved.statusCode).toBe(403);
    expect(await unreadIds(me.studentId)).toEqual([me.ids[1]]);
    expect((await list(me.headers, UNREAD_COUNT)).body.meta.pagination.total).toBe(1);
  });
});

describe('POST /api/communication-centers/read-all', () => {
  it("when a student marks all read, only their unread entries change, another student's stay unread", async () => {
    const me = await studentWithEntries([
      { isRead: false, minutesAgo: 1 },
      { isRead: true, minutesAgo: 2 },
      { isRead: false, minutesAgo: 3 },
    ]);
    const other = await studentWithEntries([
      { isRead: false, minutesAgo: 1 },
      { isRead: false, minutesAgo: 2 },
    ]);
    expect(await readAll(me.headers)).toEqual({ status: 200, body: { data: { updated: 2 } } });
    expect(await unreadIds(me.studentId)).toEqual([]);
    expect(await unreadIds(other.studentId)).toEqual(other.ids);
    expect((await list(me.headers, UNREAD_COUNT)).body.meta.pagination.total).toBe(0);
    // Nothing left: a second call changes nothing.
    expect(await readAll(me.headers)).toEqual({ status: 200, body: { data: { updated: 0 } } });
  });

  it('when a student names another student in the body or the query, still only their own entries change', async () => {
    const me = await studentWithEntries([{ isRead: false, minutesAgo: 1 }]);
    const other = await studentWithEntries([{ isRead: false, minutesAgo: 1 }]);
    const attempts = [
      { payload: { data: { student: other.studentId } } },
      { payload: { filters: { student: { id: { $eq: other.studentId } } } } },
      { url: `/api/communication-centers/read-all?filters[student][id][$eq]=${other.studentId}` },
      { url: `/api/communication-centers/read-all?studentId=${other.studentId}` },
    ];
    for (const attempt of attempts) {
      const { status } = await readAll(me.headers, attempt);
      expect(status, JSON.stringify(attempt)).toBe(200);
      expect(await unreadIds(other.studentId), JSON.stringify(attempt)).toEqual(other.ids);
    }
    expect(await unreadIds(me.studentId)).toEqual([]);
  });

  it('when anyone but a student calls it, the answer is 403 (401 without a token) and nothing changes', async () => {
    const other = await studentWithEntries([{ isRead: false, minutesAgo: 1 }]);
    for (const role of ['admin', 'teacher', 'coordinator', 'authenticated'] as const) {
      const { headers } = await signedIn(app, role);
      const { status, body } = await readAll(headers);
      expect(status, role).toBe(403);
      expect(body, role).toMatchObject({
        data: null,
        error: { status: 403, name: 'ForbiddenError' },
      });
    }
    const visitor = await readAll({});
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ data: null, error: { status: 401 } });
    expect(await unreadIds(other.studentId)).toEqual(other.ids);
  });

  it('when a student account has no student profile yet, nothing is marked and the answer is 0', async () => {
    const { headers } = await signedIn(app, 'student');
    expect(await readAll(headers)).toEqual({ status: 200, body: { data: { updated: 0 } } });
  });
});

describe('GET /api/communication-centers/unread-count', () => {
  async function unreadCount(headers: Record<string, string>, query = '') {
    const res = await app.inject({
      method: 'GET',
      url: `/api/communication-centers/unread-count${query}`,
      headers,
    });
    return {
      status: res.statusCode,
      cache: res.headers['cache-control'],
      body: res.json<Record<string, unknown>>(),
    };
  }

  it("when a student asks, it counts their unread entries only, as the list's total does, and follows marking read", async () => {
    const me = await studentWithEntries([
      { isRead: false, minutesAgo: 1 },
      { isRead: true, minutesAgo: 2 },
      { isRead: false, minutesAgo: 3 },
      { isRead: false, minutesAgo: 4 },
    ]);
    const other = await studentWithEntries([{ isRead: false, minutesAgo: 1 }]);
    const answer = await unreadCount(me.headers);
    expect(answer).toEqual({ status: 200, cache: 'no-store', body: { data: { unread: 3 } } });
    expect((await list(me.headers, UNREAD_COUNT)).body.meta.pagination.total).toBe(3);
    // Naming another student changes nothing: the scope is the caller's.
    expect(
      (await unreadCount(me.headers, `?filters[student][id][$eq]=${other.studentId}`)).body,
    ).toEqual({ data: { unread: 3 } });
    await readAll(me.headers);
    expect((await unreadCount(me.headers)).body).toEqual({ data: { unread: 0 } });
    expect((await unreadCount(other.headers)).body).toEqual({ data: { unread: 1 } });
  });

  it('when anyone but a student asks, 403; a visitor, 401', async () => {
    for (const role of ['admin', 'teacher', 'coordinator', 'authenticated'] as const) {
      const { headers } = await signedIn(app, role);
      const { status, body } = await unreadCount(headers);
      expect(status, role).toBe(403);
      expect(body, role).toMatchObject({ data: null, error: { status: 403 } });
    }
    expect((await unreadCount({})).status).toBe(401);
  });

  it('when a student account has no student profile yet, the count is 0', async () => {
    const { headers } = await signedIn(app, 'student');
    expect((await unreadCount(headers)).body).toEqual({ data: { unread: 0 } });
  });
});

describe('an entry written through the API', () => {
  it('when staff write a message with a script or an event handler, only the allowed HTML is kept', async () => {
    const student = await createStudent({
      userId: (await createUser({ profileType: 'student' })).id,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/communication-centers',
      headers: await asAdmin(app),
      payload: {
        data: {
          notification_subject: 'Aviso',
          notification_message:
            '<p>Hola <b>equipo</b></p><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">enlace</a>',
          student: student.id,
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const message = res.json<{ data: { attributes: { notification_message: string } } }>().data
      .attributes.notification_message;
    expect(message).toContain('<p>Hola <strong>equipo</strong></p>');
    expect(message).not.toMatch(/onerror|<script|javascript:/i);
  });
});
