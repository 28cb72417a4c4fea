import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { applys, privateFieldReads, students, type PrivateField } from '../../db/schema';
import { isAdmin, type Actor } from '../../lib/strapi/actor';
import type { Registry } from '../../lib/strapi/registry';

/**
 * The record of admins' reads of students' DNI and disability (ADR 0054). Only students and
 * admins see them (their `protected` visibility and `protectedScope`, access.policies.ts); the
 * student's own reads are not recorded, an admin's are: once per request and student and field,
 * in one insert. Answers are rendered as JSON by PostgreSQL (and kept in the answer cache), so
 * what an answer showed is read from its text, walked along the registry's relations from the
 * route's content type: a cached answer is recorded like a computed one.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The content type a route answers (Strapi shape, or flat), for the record of private reads. */
    contentType?: string;
  }
}

export const STUDENT_UID = 'api::student.student';
export const APPLICATION_UID = 'api::apply.apply';
const FIELDS: readonly PrivateField[] = ['dni', 'disability'];

/** What an answer showed: fields per student id, and the application ids whose DNI it showed. */
interface Seen {
  students: Map<number, Set<PrivateField>>;
  applications: Set<number>;
}

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Walks entries of `uid` (Strapi `{id, attributes}` or flat) and the relations they populate. */
function walk(registry: Registry, uid: string, value: Json, seen: Seen, depth = 0) {
  if (depth > 12 || value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) walk(registry, uid, item, seen, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  // A relation's `{data: …}` envelope, or a list answer's.
  if ('data' in value && !('id' in value)) {
    walk(registry, uid, value.data, seen, depth + 1);
    return;
  }
  const id = typeof value.id === 'number' ? value.id : undefined;
  const attributes = isObject(value.attributes) ? value.attributes : value;
  if (id !== undefined && uid === STUDENT_UID) {
    for (const field of FIELDS) {
      if (field in attributes) {
        const fields = seen.students.get(id) ?? new Set();
        fields.add(field);
        seen.students.set(id, fields);
      }
    }
  }
  if (id !== undefined && uid === APPLICATION_UID && 'dni' in attributes) {
    seen.applications.add(id);
  }
  const type = registry.get(uid);
  for (const attribute of type.attributes.values()) {
    if (attribute.kind !== 'relation' || !(attribute.name in attributes)) continue;
    walk(registry, attribute.target, attributes[attribute.name], seen, depth + 1);
  }
}

/**
 * Writes the reads `seen` holds, in one statement: the students' accounts and the applications'
 * students are looked up by PostgreSQL, and the reads arrive as one JSON parameter. An admin's
 * list of every student records two reads for each of 100,000 students, batch after batch, and a
 * multi-row `INSERT ... VALUES` built per batch cost more than streaming the list itself.
 */
async function record(db: Database, actor: Actor, seen: Seen, route: string) {
  if (actor.kind !== 'user') return;
  const reads = [...seen.students].flatMap(([studentId, fields]) =>
    [...fields].map((field) => ({ student_id: studentId, field })),
  );
  if (reads.length === 0 && seen.applications.size === 0) return;
  const column = (name: keyof typeof privateFieldReads.$inferSelect) =>
    sql.identifier(privateFieldReads[name].name);
  await db.execute(sql`
    insert into ${privateFieldReads}
      (${column('readerId')}, ${column('studentId')}, ${column('studentUserId')},
       ${column('field')}, ${column('route')})
    select distinct ${actor.userId}::integer, r.student_id, ${students.userId}, r.field,
      ${route.slice(0, 300)}::varchar
    from (
      select student_id, field
        from jsonb_to_recordset(${JSON.stringify(reads)}::jsonb) as read(student_id integer, field text)
      union all
      select ${applys.studentId}, 'dni' from ${applys}
        where ${applys.id} in (select jsonb_array_elements_text(${JSON.stringify([...seen.applications])}::jsonb)::integer)
          and ${applys.studentId} is not null
    ) as r
    left join ${students} on ${students.id} = r.student_id`);
}

const mayShowPrivate = (text: string) => text.includes('"dni"') || text.includes('"disability"');

function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.url.split('?')[0] ?? ''}`;
}

/** Records what an admin's answer (JSON text) of content type `uid` showed. */
export async function recordPrivateReads(
  app: Pick<FastifyInstance, 'db' | 'entities'>,
  request: FastifyRequest,
  uid: string,
  text: string,
) {
  if (!isAdmin(request.actor) || !mayShowPrivate(text)) return;
  const seen: Seen = { students: new Map(), applications: new Set() };
  walk(app.entities.registry, uid, JSON.parse(text) as Json, seen);
  await record(app.db, request.actor, seen, routeOf(request));
}

/**
 * A streamed list (`findAllJson`'s pieces) with its admin reads recorded batch by batch: each
 * batch of entries is a piece of its own (`{…},{…}`, after a comma but the first).
 */
export async function* withPrivateReads(
  app: Pick<FastifyInstance, 'db' | 'entities'>,
  request: FastifyRequest,
  uid: string,
  pieces: AsyncIterable<string>,
): AsyncIterable<string> {
  const admin = isAdmin(request.actor);
  for await (const piece of pieces) {
    if (admin && mayShowPrivate(piece) && /^,?\{/.test(piece)) {
      await recordPrivateReads(app, request, uid, `[${piece.replace(/^,/, '')}]`);
    }
    yield piece;
  }
}

/**
 * Every route that declares `config.contentType` has its admins' answers recorded before they
 * leave. Global (fastify-plugin), registered before the routes.
 */
export const privateReadsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const uid = request.routeOptions.config.contentType;
    if (!uid || typeof payload !== 'string' || reply.statusCode >= 300) return payload;
    await recordPrivateReads(app, request, uid, payload);
    return payload;
  });
});
