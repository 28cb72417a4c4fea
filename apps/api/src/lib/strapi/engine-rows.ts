import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../errors';
import { sanitizeRichText } from '../html/rich-text';
import { ident } from './compile';
import type { RelationChange, ValidatedInput } from './input';
import { rowsOf, type Row } from './read';
import type { Executor } from '../../db/handles';
import type { Registry } from './registry';
import type { ContentType, RelationAttribute } from './types';

/*
 * The statements a create or an update runs once it may (engine-write.ts checked who writes and
 * what): the row's columns, then the links of its relations. Nothing here checks access.
 */

/** The columns a write sets and their values, from the attributes and to-one relations it carries. */
function columnValues(type: ContentType, input: ValidatedInput): { columns: SQL[]; values: SQL[] } {
  const columns: SQL[] = [];
  const values: SQL[] = [];
  for (const [name, value] of input.values) {
    const attribute = type.attributes.get(name);
    if (name === 'publishedAt') {
      columns.push(ident('published_at'));
      values.push(sql`${value}::timestamptz`);
      continue;
    }
    if (!attribute || attribute.kind === 'relation') continue;
    columns.push(ident(attribute.column));
    // Cleaned again as it is stored: a lifecycle hook may have set it after the body was read.
    const stored =
      attribute.kind === 'scalar' && attribute.richText && typeof value === 'string'
        ? sanitizeRichText(value)
        : value;
    values.push(encode(attribute.kind === 'component' ? 'jsonb' : attribute.sqlType, stored));
  }
  for (const { attribute, change } of input.relations.values()) {
    if (!attribute.fk) continue;
    columns.push(ident(attribute.fk.column));
    values.push(sql`${change.set?.[0] ?? null}::int4`);
  }
  return { columns, values };
}

/** Inserts a created row; its id. */
export async function insertRow(
  tx: Executor,
  type: ContentType,
  input: ValidatedInput,
): Promise<number> {
  const { columns, values } = columnValues(type, input);
  if (type.publishOnCreate && !input.values.has('publishedAt')) {
    // Strapi v4 REST publishes what it creates unless told otherwise, or the type says not to.
    columns.push(ident('published_at'));
    values.push(sql`now()`);
  }
  const rows = await rowsOf(
    tx,
    columns.length === 0
      ? sql`INSERT INTO ${ident(type.table)} DEFAULT VALUES RETURNING "id"`
      : sql`INSERT INTO ${ident(type.table)} (${sql.join(columns, sql`, `)}) VALUES (${sql.join(values, sql`, `)}) RETURNING "id"`,
  );
  return (rows[0] as Row).id;
}

/** Updates the columns an update carries, and the row's `updated_at`. */
export async function updateRow(
  tx: Executor,
  type: ContentType,
  id: number,
  input: ValidatedInput,
) {
  const { columns, values } = columnValues(type, input);
  const sets = columns.map((c, i) => sql`${c} = ${values[i] as SQL}`);
  sets.push(sql`"updated_at" = now()`);
  await tx.execute(
    sql`UPDATE ${ident(type.table)} SET ${sql.join(sets, sql`, `)} WHERE "id" = ${id}`,
  );
}

/** The links of the row's relations kept elsewhere: a join table's rows, or the other side's key. */
export async function writeRelations(
  tx: Executor,
  registry: Registry,
  id: number,
  input: ValidatedInput,
) {
  for (const { attribute, change } of input.relations.values()) {
    if (attribute.join) await writeJoin(tx, attribute, id, change);
    else if (attribute.mappedBy) await writeMapped(tx, registry, attribute, id, change);
  }
}

/** A relation kept in a join table: `set` replaces the row's links, `disconnect` removes some. */
async function writeJoin(
  tx: Executor,
  attribute: RelationAttribute,
  id: number,
  change: RelationChange,
) {
  const join = attribute.join;
  if (!join) return;
  const table = ident(join.table);
  const own = ident(join.ownColumn);
  const target = ident(join.targetColumn);
  if (change.set) {
    await tx.execute(sql`DELETE FROM ${table} WHERE ${own} = ${id}`);
  }
  if (change.disconnect?.length) {
    await tx.execute(
      sql`DELETE FROM ${table} WHERE ${own} = ${id} AND ${target} = ANY(${sql.param(change.disconnect)}::int4[])`,
    );
  }
  const add = [...(change.set ?? []), ...(change.connect ?? [])];
  if (add.length > 0) {
    await tx.execute(
      sql`INSERT INTO ${table} (${own}, ${target}) SELECT ${id}, unnest(${sql.param(add)}::int4[]) ON CONFLICT DO NOTHING`,
    );
  }
}

/**
 * A relation whose key is on the other side (`mappedBy`): the targets' foreign key is pointed at
 * the row, or cleared; detaching a target that cannot be without the row (a NOT NULL key) is a 400.
 */
async function writeMapped(
  tx: Executor,
  registry: Registry,
  attribute: RelationAttribute,
  id: number,
  change: RelationChange,
) {
  const inverse = registry.inverseOf(attribute);
  const fk = inverse.fk;
  if (!fk) return;
  const target = registry.get(attribute.target);
  const table = ident(target.table);
  const fkColumn = ident(fk.column);
  const detach = change.set
    ? sql`${fkColumn} = ${id} AND NOT ("id" = ANY(${sql.param(change.set)}::int4[]))`
    : change.disconnect?.length
      ? sql`${fkColumn} = ${id} AND "id" = ANY(${sql.param(change.disconnect)}::int4[])`
      : undefined;
  if (detach) {
    if (fk.notNull) {
      const attached = await rowsOf(tx, sql`SELECT "id" FROM ${table} WHERE ${detach} LIMIT 1`);
      if (attached.length > 0) {
        throw new AppError(
          'VALIDATION',
          `${attribute.name}: an entry cannot be detached, it needs its ${inverse.name}`,
        );
      }
    } else {
      await tx.execute(
        sql`UPDATE ${table} SET ${fkColumn} = NULL, "updated_at" = now() WHERE ${detach}`,
      );
    }
  }
  const add = [...(change.set ?? []), ...(change.connect ?? [])];
  if (add.length > 0) {
    await tx.execute(
      sql`UPDATE ${table} SET ${fkColumn} = ${id}, "updated_at" = now() WHERE "id" = ANY(${sql.param(add)}::int4[])`,
    );
  }
}

/** A value written to a column of the given PostgreSQL type. */
function encode(sqlType: string, value: unknown): SQL {
  if (value === null) return sql`NULL`;
  if (sqlType === 'jsonb') return sql`${JSON.stringify(value)}::jsonb`;
  // sql.param keeps an array one parameter (a bare array would expand to a list).
  return sql`${sql.param(value)}::${sql.raw(sqlType)}`;
}
