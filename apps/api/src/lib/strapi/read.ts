import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { and, column, type Compiler, ident, toSql, type Condition } from './compile';
import type { NestedQuery, PopulateNode, PublicationState, RelationPopulate } from './query-types';
import type { ContentType, RelationAttribute, ScalarAttribute } from './types';

/** A row as read from the database, with populated relations attached by the engine. */
export interface Row {
  id: number;
  [key: string]: unknown;
}

/** Populated values of a row, by attribute name; absent when the relation may not be shown. */
const RELATIONS = Symbol('relations');
type Populated = Row | Row[] | null | { count: number };
interface WithRelations {
  [RELATIONS]?: Map<string, Populated>;
}

const FK_PREFIX = '__fk_';
const COMPONENT_PREFIX = '__c_';
const PROTECTED_FLAG = '__protected';
const PARENT_KEY = '__parent';

export type Executor = Pick<Database, 'execute'>;

export async function rowsOf(db: Executor, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** How protected attributes of the rows of one select are shown. */
type ProtectedMode = 'all' | 'none' | 'flag';

interface SelectPlan {
  list: SQL;
  protectedMode: ProtectedMode;
}

/**
 * The select list for `type` at `alias`: the id, the chosen scalars, the foreign keys and
 * components that populate needs, and (when the policy decides per row) a flag telling whether the
 * protected attributes of that row may be shown.
 */
export function selectList(
  compiler: Compiler,
  type: ContentType,
  alias: string,
  query: Pick<NestedQuery, 'fields' | 'populate'>,
): SelectPlan {
  const parts: SQL[] = [sql`${column(alias, 'id')} AS "id"`];
  const protectedScope = hasProtected(type) ? compiler.scope(type, alias, 'protectedScope') : false;
  const protectedMode: ProtectedMode =
    protectedScope === true ? 'all' : protectedScope === false ? 'none' : 'flag';
  const selected = query.fields ?? scalarAttributes(type);
  for (const attribute of selected) {
    if (attribute.visibility === 'private') continue;
    if (attribute.visibility === 'protected' && protectedMode === 'none') continue;
    parts.push(sql`${column(alias, attribute.column)} AS ${ident(attribute.name)}`);
  }
  if (protectedMode === 'flag') {
    parts.push(sql`COALESCE(${toSql(protectedScope)}, FALSE) AS ${ident(PROTECTED_FLAG)}`);
  }
  for (const [name, node] of query.populate) {
    if (node.kind === 'component') {
      parts.push(sql`${column(alias, node.attribute.column)} AS ${ident(COMPONENT_PREFIX + name)}`);
    } else if (node.attribute.fk) {
      parts.push(sql`${column(alias, node.attribute.fk.column)} AS ${ident(FK_PREFIX + name)}`);
    }
  }
  return { list: sql.join(parts, sql`, `), protectedMode };
}

export function scalarAttributes(type: ContentType): ScalarAttribute[] {
  const list: ScalarAttribute[] = [];
  for (const attribute of type.attributes.values())
    if (attribute.kind === 'scalar') list.push(attribute);
  return list;
}

function hasProtected(type: ContentType): boolean {
  for (const attribute of type.attributes.values())
    if (attribute.visibility === 'protected') return true;
  return false;
}

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
 * Loads every populated relation of `rows`, one query per relation and level whatever the number
 * of rows, and attaches the results to the rows. Relations the principal may not read are left
 * out; the rows reached obey the target's policy scope and publication state.
 */
export async function populate(
  db: Executor,
  compiler: Compiler,
  type: ContentType,
  rows: Row[],
  nodes: Map<string, PopulateNode>,
  state: PublicationState,
): Promise<void> {
  if (rows.length === 0 || nodes.size === 0) return;
  const jobs: Promise<void>[] = [];
  for (const [name, node] of nodes) {
    if (node.kind !== 'relation') continue;
    if (compiler.scopeNode(node.target, 'find') === false) continue;
    jobs.push(populateRelation(db, compiler, rows, name, node, state));
  }
  await Promise.all(jobs);
}

async function populateRelation(
  db: Executor,
  compiler: Compiler,
  rows: Row[],
  name: string,
  node: RelationPopulate,
  state: PublicationState,
) {
  const { attribute, target, query } = node;
  const inner = compiler.alias();
  const conditions: Condition[] = [
    compiler.scope(target, inner),
    publicationCondition(target, inner, state),
    query.filters ? compiler.filter(query.filters, target, inner, false) : true,
  ];

  if (attribute.fk) {
    const key = FK_PREFIX + name;
    const ids = unique(rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number'));
    const related =
      ids.length === 0
        ? []
        : await fetchRelated(db, compiler, target, inner, query, state, {
            link: sql`${column(inner, 'id')} = ANY(${sql.param(ids)}::int4[])`,
            conditions,
          });
    const byId = new Map(related.map((r) => [r.id, r]));
    for (const row of rows) {
      const id = row[key];
      attach(
        row,
        name,
        query.count
          ? { count: typeof id === 'number' && byId.has(id) ? 1 : 0 }
          : typeof id === 'number'
            ? (byId.get(id) ?? null)
            : null,
      );
      delete row[key];
    }
    return;
  }

  const parentIds = unique(rows.map((r) => r.id));
  let link: SQL;
  let from: SQL | undefined;
  if (attribute.mappedBy) {
    const inverse = compiler.registry.inverseOf(attribute);
    const fk = column(inner, inverse.fk?.column ?? '');
    link = sql`${fk} = ANY(${sql.param(parentIds)}::int4[])`;
    from = sql`${fk}`;
  } else {
    const join = attribute.join;
    if (!join) throw new Error(`${attribute.name}: relation without storage`);
    const linkAlias = `${inner}_l`;
    link = sql`${column(linkAlias, join.ownColumn)} = ANY(${sql.param(parentIds)}::int4[])`;
    from = sql`${column(linkAlias, join.ownColumn)}`;
  }

  if (query.count) {
    const counts = await rowsOf(
      db,
      sql`SELECT ${from} AS ${ident(PARENT_KEY)}, count(*)::int AS "count" FROM ${relatedFrom(compiler, attribute, target, inner)} WHERE ${link} AND ${toSql(and(conditions))} GROUP BY 1`,
    );
    const byParent = new Map(counts.map((c) => [c[PARENT_KEY] as number, c.count as number]));
    for (const row of rows) attach(row, name, { count: byParent.get(row.id) ?? 0 });
    return;
  }

  const related = await fetchRelated(db, compiler, target, inner, query, state, {
    link,
    conditions,
    parent: from,
    relationFrom: relatedFrom(compiler, attribute, target, inner),
  });
  const grouped = new Map<number, Row[]>();
  for (const r of related) {
    const parent = r[PARENT_KEY] as number;
    delete r[PARENT_KEY];
    const list = grouped.get(parent);
    if (list) list.push(r);
    else grouped.set(parent, [r]);
  }
  const toMany = attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany';
  for (const row of rows) {
    const list = grouped.get(row.id) ?? [];
    attach(row, name, toMany ? list : (list[0] ?? null));
  }
}

function relatedFrom(
  compiler: Compiler,
  attribute: RelationAttribute,
  target: ContentType,
  inner: string,
): SQL {
  compiler.tables.add(target.table);
  if (attribute.join) {
    compiler.tables.add(attribute.join.table);
    const linkAlias = `${inner}_l`;
    return sql`${ident(attribute.join.table)} ${ident(linkAlias)} JOIN ${ident(target.table)} ${ident(inner)} ON ${column(inner, 'id')} = ${column(linkAlias, attribute.join.targetColumn)}`;
  }
  return sql`${ident(target.table)} ${ident(inner)}`;
}

async function fetchRelated(
  db: Executor,
  compiler: Compiler,
  target: ContentType,
  inner: string,
  query: NestedQuery,
  state: PublicationState,
  options: { link: SQL; conditions: Condition[]; parent?: SQL; relationFrom?: SQL },
): Promise<Row[]> {
  const plan = selectList(compiler, target, inner, query);
  const parent = options.parent ? sql`, ${options.parent} AS ${ident(PARENT_KEY)}` : sql``;
  const from = options.relationFrom ?? sql`${ident(target.table)} ${ident(inner)}`;
  const rows = await rowsOf(
    db,
    sql`SELECT ${plan.list}${parent} FROM ${from} WHERE ${options.link} AND ${toSql(and(options.conditions))} ORDER BY ${compiler.orderBy(query.sort, inner)}`,
  );
  markProtected(rows, plan.protectedMode);
  await populate(db, compiler, target, rows, query.populate, state);
  return rows;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function attach(row: Row, name: string, value: Populated) {
  const holder = row as Row & WithRelations;
  const map = holder[RELATIONS] ?? new Map<string, Populated>();
  map.set(name, value);
  holder[RELATIONS] = map;
}

const SHOW_PROTECTED = Symbol('showProtected');

/** Records on each row whether its protected attributes may be serialised. */
export function markProtected(rows: Row[], mode: ProtectedMode) {
  for (const row of rows) {
    const show = mode === 'all' || (mode === 'flag' && row[PROTECTED_FLAG] === true);
    (row as Row & { [SHOW_PROTECTED]?: boolean })[SHOW_PROTECTED] = show;
    delete row[PROTECTED_FLAG];
  }
}

// ---- serialisation (the Strapi v4 wire format) ----

export interface Entity {
  id: number;
  attributes: Record<string, unknown>;
}

/** '2026-11-21 19:45:50.751+00' (PostgreSQL text) to '2026-11-21T19:45:50.751Z'. */
export function toIsoTimestamp(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const normalised = text.includes('T') ? text : text.replace(' ', 'T');
  const withZone = /[+-]\d{2}$/.test(normalised) ? `${normalised}:00` : normalised;
  const time = Date.parse(withZone);
  return Number.isNaN(time) ? text : new Date(time).toISOString();
}

function scalarValue(attribute: ScalarAttribute, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (attribute.type) {
    case 'datetime':
      return toIsoTimestamp(value);
    case 'decimal':
      return typeof value === 'number' ? value : Number(value);
    case 'integer':
      return typeof value === 'number' ? value : Number(value);
    default:
      return value;
  }
}

/** `{id, attributes}` for one row: public attributes, protected ones when allowed, populated relations. */
export function serialize(
  type: ContentType,
  row: Row,
  query: Pick<NestedQuery, 'fields' | 'populate'>,
): Entity {
  const attributes: Record<string, unknown> = {};
  const showProtected = (row as Row & { [SHOW_PROTECTED]?: boolean })[SHOW_PROTECTED] === true;
  const selected = query.fields ?? scalarAttributes(type);
  for (const attribute of selected) {
    if (attribute.visibility === 'private') continue;
    if (attribute.visibility === 'protected' && !showProtected) continue;
    attributes[attribute.name] = scalarValue(attribute, row[attribute.name]);
  }
  const relations = (row as Row & WithRelations)[RELATIONS];
  for (const [name, node] of query.populate) {
    if (node.kind === 'component') {
      const value = row[COMPONENT_PREFIX + name];
      attributes[name] = value ?? (node.attribute.repeatable ? [] : null);
      continue;
    }
    if (!relations?.has(name)) continue;
    attributes[name] = { data: serializeRelation(node, relations.get(name) ?? null) };
  }
  return { id: row.id, attributes };
}

function serializeRelation(node: RelationPopulate, value: Populated): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) return value.map((r) => serialize(node.target, r, node.query));
  if ('count' in value && !('id' in value)) return { attributes: { count: value.count } };
  return serialize(node.target, value, node.query);
}
