import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  asAdmin,
  createNotification,
  createProject,
  createStudent,
  createUniversity,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { getTestDatabase } from '../../../test/helpers/db';
import { send } from '../../../test/helpers/http';
import { executeRows, keptStatement } from '../../db/statements';
import type { TableSink } from './engine';
import { VISITOR } from './actor';

/**
 * The engine keeps the statements of the lists it compiled, by content type, principal and
 * query (EntityService.findJson, ADR 0059): the same request asked again runs the kept statement,
 * and nothing of one principal's or one query's statement reaches another's answer.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  send(app, 'GET', url, { headers });

describe('kept list statements', () => {
  it('when two students ask the same list in turn, each gets their own entries, every time', async () => {
    const subject = unique('Aviso');
    const sessions = [await signedIn(app, 'student'), await signedIn(app, 'student')];
    const entries: number[][] = [];
    for (const session of sessions) {
      const student = await createStudent({ userId: session.user.id });
      const mine: number[] = [];
      for (let i = 0; i < 2; i++) {
        mine.push(
          (
            await createNotification({
              studentId: student.id,
              notification_subject: `${subject} ${i}`,
            })
          ).id,
        );
      }
      entries.push(mine.sort((a, b) => a - b));
    }
    const url = `/api/communication-centers?filters[notification_subject][$startsWith]=${encodeURIComponent(subject)}&sort=id:asc`;
    for (const round of [0, 1, 2]) {
      for (const [i, session] of sessions.entries()) {
        const { status, body } = await get(url, session.headers);
        expect(status, `round ${round}`).toBe(200);
        expect(body.data.map((e) => e.id)).toEqual(entries[i]);
      }
    }
  });

  it('when a visitor and an admin ask for every status, each gets what they may see', async () => {
    const word = unique('Estados');
    await createProject({ title: `${word} publicado` });
    await createProject({ title: `${word} borrador`, status: 'Pendiente', publishedAt: null });
    const url = `/api/projects?filters[title][$startsWith]=${word}&publicationState=preview&sort=title:asc`;
    const admin = await asAdmin(app);
    for (const round of [0, 1]) {
      const visitor = await get(url);
      const asAnAdmin = await get(url, admin);
      expect(
        visitor.body.data.map((p) => p.attributes.title),
        `round ${round}`,
      ).toEqual([`${word} publicado`]);
      expect(asAnAdmin.body.data).toHaveLength(2);
    }
  });

  it('the same request asked again reads the rows as they are now, and the same tables', async () => {
    const prefix = unique('Kept');
    await createUniversity({ name: `${prefix} A` });
    const raw = { filters: { name: { $startsWith: prefix } } };
    const first: TableSink = new Set();
    const before = JSON.parse(
      await app.entities.findJson('api::university.university', raw, VISITOR, first),
    ) as {
      meta: { pagination: { total: number } };
    };
    await createUniversity({ name: `${prefix} B` });
    const again: TableSink = new Set();
    const after = JSON.parse(
      await app.entities.findJson('api::university.university', raw, VISITOR, again),
    ) as {
      meta: { pagination: { total: number } };
    };
    expect(before.meta.pagination.total).toBe(1);
    expect(after.meta.pagination.total).toBe(2);
    expect([...again].sort()).toEqual([...first].sort());
    expect(first.size).toBeGreaterThan(0);
  });

  it('a bad query is a 400 every time, never a kept statement', async () => {
    for (const round of [0, 1]) {
      const { status } = await get('/api/projects?filters[nope][$eq]=1');
      expect(status, `round ${round}`).toBe(400);
    }
  });
});

describe('keptStatement', () => {
  const dialect = new PgDialect();

  it('gives the text and parameters of the statement it keeps, and the same rows', async () => {
    const statement = sql`SELECT ${'a'}::text AS "id", ${sql.param([1, 2, 3])}::int4[] AS "list", ${'$2'}::text AS "dollar", '$'::text AS "sign"`;
    const kept = keptStatement(statement);
    expect(dialect.sqlToQuery(kept)).toEqual(dialect.sqlToQuery(statement));
    const { db } = await getTestDatabase();
    expect(await executeRows(db, kept)).toEqual(await executeRows(db, statement));
  });

  it('keeps the statement itself when its text holds a placeholder of its own', async () => {
    const statement = sql`SELECT '$1' AS "id", ${7}::int AS "n"`;
    const kept = keptStatement(statement);
    expect(kept).toBe(statement);
    const { db } = await getTestDatabase();
    expect(await executeRows(db, kept)).toEqual([{ id: '$1', n: 7 }]);
  });
});
