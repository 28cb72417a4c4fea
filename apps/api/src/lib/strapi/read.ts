import { sql, type SQL } from 'drizzle-orm';
import { and, column, type Compiler, ident, toSql, type Condition } from './compile';
import type { NestedQuery, PublicationState, RelationPopulate } from './query-types';
import type { ContentType, RelationAttribute, ScalarAttribute } from './types';

/**
 * Reading renders the Strapi v4 JSON inside PostgreSQL: one statement per request returns the
 * page (and its count) already serialised, populated relations included as correlated subqueries
 * under each target's policy scope. Node neither parses rows nor builds objects for it, and a list
 * costs one round trip whatever its populate (ADR 0002).
 */

export { executeRows as rowsOf, type Row } from '../../db/statements';

export interface Entity {
  id: number;
  attributes: Record<string, unknown>;
}

/** ISO 8601 in UTC with milliseconds, as Strapi answers dates (2026-11-21T19:45:50.751Z). */
const ISO_FORMAT = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/** The JSON value of one scalar attribute of the row at `alias`. */
function scalarJson(attribute: ScalarAttribute, alias: string): SQL {
  const value = column(alias, attribute.column);
  if (attribute.type === 'datetime')
    return sql`to_char(${value} AT TIME ZONE 'UTC', ${ISO_FORMAT})`;
  return value;
}

export function scalarAttributes(type: ContentType): ScalarAttribute[] {
  const list: ScalarAttribute[] = [];
  for (const attribute of type.attributes.values())
    if (attribute.kind === 'scalar') list.push(attribute);
  return list;
}

interface Member {
  name: string;
  value: SQL;
}

/** PostgreSQL functions take at most 100 arguments: 50 key/value pairs. */
const MAX_BUILD_PAIRS = 50;

/**
 * A JSON object with keys in the order given. json_build_object is a plain function call (no
 * subquery to plan); past its 50 pairs, row_to_json over a subselect takes any number.
 */
function objectJson(members: Member[]): SQL {
  if (members.length === 0) return sql`'{}'::json`;
  if (members.length <= MAX_BUILD_PAIRS) {
    return sql`json_build_object(${sql.join(
      members.map((m) => sql`${sql.raw(`'${m.name}'`)}, ${m.value}`),
      sql`, `,
    )})`;
  }
  return sql`(SELECT row_to_json(o) FROM (SELECT ${sql.join(
    members.map((m) => sql`${m.value} AS ${ident(m.name)}`),
    sql`, `,
  )}) o)`;
}

const member = (name: string, value: SQL): Member => ({ name, value });

/** The draft/publish condition: live answers only published rows. */
export function publicationCondition(
  type: ContentType,
  alias: string,
  state: PublicationState,
): Condition {
  if (!type.draftAndPublish || state === 'preview') return true;
  return sql`${column(alias, 'published_at')} IS NOT NULL`;
}

/**
 * The wire shape: `nested` is Strapi's `{id, attributes}` with relations in `{data}`; `flat` is the
 * users-permissions shape (`{id, ...attributes}`, relations as plain objects or arrays).
 */
export type WireFormat = 'nested' | 'flat';

/**
 * `{"id", "attributes"}` of the row of `type` at `alias`: the chosen scalars (protected ones only
 * where the policy's protectedScope covers the row), populated components and relations.
 */
export function entityJson(
  compiler: Compiler,
  type: ContentType,
  alias: string,
  query: Pick<NestedQuery, 'fields' | 'populate'>,
  state: PublicationState,
  format: WireFormat = 'nested',
): SQL {
  const selected = (query.fields ?? scalarAttributes(type)).filter(
    (a) => a.visibility !== 'private',
  );
  const hasProtected = selected.some((a) => a.visibility === 'protected');
  const protectedScope = hasProtected ? compiler.scope(type, alias, 'protectedScope') : false;

  const populated: Member[] = [];
  for (const [name, node] of query.populate) {
    if (node.kind === 'component') {
      const value = column(alias, node.attribute.column);
      populated.push(
        member(name, node.attribute.repeatable ? sql`coalesce(${value}, '[]'::jsonb)` : value),
      );
      continue;
    }
    // A relation the actor may not read is left out of the answer, as Strapi's sanitiser does.
    if (compiler.scopeNode(node.target, 'find') === false) continue;
    populated.push(member(name, relationJson(compiler, alias, node, state, format)));
  }

  const members = (withProtected: boolean) => [
    ...selected
      .filter((a) => withProtected || a.visibility !== 'protected')
      .map((a) => member(a.name, scalarJson(a, alias))),
    ...populated,
  ];
  const id = member('id', column(alias, 'id'));
  const shape = (withProtected: boolean) =>
    format === 'flat'
      ? objectJson([id, ...members(withProtected)])
      : objectJson([id, member('attributes', objectJson(members(withProtected)))]);
  if (protectedScope === true) return shape(true);
  if (protectedScope === false) return shape(false);
  return sql`CASE WHEN COALESCE(${protectedScope}, FALSE) THEN ${shape(true)} ELSE ${shape(false)} END`;
}

/** `{"data": ...}` of one populated relation of the row at `parent` (the bare value when flat). */
function relationJson(
  compiler: Compiler,
  parent: string,
  node: RelationPopulate,
  state: PublicationState,
  format: WireFormat,
): SQL {
  const { attribute, target, query } = node;
  const inner = compiler.alias();
  const from = relatedFrom(compiler, attribute, target, parent, inner);
  const where = toSql(
    and([
      from.link,
      compiler.scope(target, inner),
      publicationCondition(target, inner, state),
      query.filters ? compiler.filter(query.filters, target, inner, false) : true,
    ]),
  );
  let data: SQL;
  if (query.count) {
    const count = objectJson([
      member('count', sql`(SELECT count(*)::int FROM ${from.tables} WHERE ${where})`),
    ]);
    data = format === 'flat' ? count : objectJson([member('attributes', count)]);
  } else {
    const entity = entityJson(compiler, target, inner, query, state, format);
    const order = compiler.orderBy(query.sort, inner, target);
    data =
      attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany'
        ? sql`coalesce((SELECT json_agg(${entity} ORDER BY ${order}) FROM ${from.tables} WHERE ${where}), '[]'::json)`
        : sql`(SELECT ${entity} FROM ${from.tables} WHERE ${where} ORDER BY ${order} LIMIT 1)`;
  }
  return format === 'flat' ? data : objectJson([member('data', data)]);
}

/** The FROM of a relation's target rows and the condition tying them to the parent row. */
function relatedFrom(
  compiler: Compiler,
  attribute: RelationAttribute,
  target: ContentType,
  parent: string,
  inner: string,
): { tables: SQL; link: SQL } {
  compiler.tables.add(target.table);
  const table = sql`${ident(target.table)} ${ident(inner)}`;
  if (attribute.fk) {
    return {
      tables: table,
      link: sql`${column(inner, 'id')} = ${column(parent, attribute.fk.column)}`,
    };
  }
  if (attribute.mappedBy) {
    const inverse = compiler.registry.inverseOf(attribute);
    return {
      tables: table,
      link: sql`${column(inner, inverse.fk?.column ?? '')} = ${column(parent, 'id')}`,
    };
  }
  const join = attribute.join;
  if (!join) throw new Error(`${attribute.name}: relation without storage`);
  compiler.tables.add(join.table);
  const link = `${inner}_l`;
  return {
    tables: sql`${ident(join.table)} ${ident(link)} JOIN ${table} ON ${column(inner, 'id')} = ${column(link, join.targetColumn)}`,
    link: sql`${column(link, join.ownColumn)} = ${column(parent, 'id')}`,
  };
}
