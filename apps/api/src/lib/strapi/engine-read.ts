import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { keptStatement } from '../../db/statements';
import { forbidden, notFound } from '../errors';
import { SYSTEM, type Principal } from './actor';
import { and, column, Compiler, ident, toSql, type Condition } from './compile';
import type { QueryParser } from './parse';
import type { ParsedQuery } from './query-types';
import { entityJson, publicationCondition, rowsOf, type Entity, type WireFormat } from './read';
import type { Executor } from '../../db/handles';
import type { Registry } from './registry';
import type { ContentType, Scope } from './types';

export interface PageMeta {
  page: number;
  pageSize: number;
  pageCount?: number;
  total?: number;
}
export interface OffsetMeta {
  start: number;
  limit: number;
  total?: number;
}

export interface ListResponse {
  data: Entity[];
  meta: { pagination: PageMeta | OffsetMeta };
}
export interface EntryResponse {
  data: Entity | null;
  meta: Record<string, never>;
}

export type RawQuery = Record<string, unknown>;

/** Receives the tables a read touched, for callers that cache answers. */
export type TableSink = Set<string>;

/** How many compiled list statements the engine keeps (EntityReader.findJson). */
const LISTS_KEPT = 500;

/** A list's statement as compiled for a type, a query and a principal (see findParsedJson). */
interface CompiledList {
  statement: SQL;
  /** The tables the statement reads, for the answer cache. */
  tables: readonly string[];
  pagination: ParsedQuery['pagination'];
  format: WireFormat;
}

/** Who a statement was compiled for: every part of a principal the access table may read. */
export const principalKey = (principal: Principal) =>
  principal === SYSTEM
    ? 'system'
    : principal.kind === 'visitor'
      ? 'visitor'
      : `user:${principal.userId}:${principal.role}`;

export interface ListOptions {
  /** `flat`: the users-permissions shape, a bare array of `{id, ...attributes}` (read.ts). */
  format?: WireFormat;
  /** A condition a custom route adds to the client's filters. */
  extraCondition?: ((alias: string) => Condition) | undefined;
  /**
   * One row per value of this column among the matching rows: the one with the lowest id. The
   * page and the count are of those rows, so a page is full and `total` counts distinct values
   * (the catalogue's option lists answer each name once). A column of the type's table, named by
   * the calling code, never by the request.
   */
  distinctOn?: string | undefined;
  db?: Executor;
  tables?: TableSink | undefined;
}

/**
 * The reading half of the entity service (EntityService delegates to it): lists, single entries
 * and the custom reads' WHERE, each under the type's access policy, and the compiled lists kept.
 */
export class EntityReader {
  /** Compiled statements of `findJson`, least recently used first. */
  private readonly lists = new Map<string, CompiledList>();

  constructor(
    private readonly registry: Registry,
    private readonly parser: QueryParser,
    private readonly db: Database,
  ) {}

  type(uid: string): ContentType {
    return this.registry.get(uid);
  }

  /**
   * The WHERE condition of a custom read of `uid` on the row aliased `alias`, so that what it
   * answers stays the access table's (ADR 0012): `visible` is what the principal may find (the
   * policy's scope), with only published entries when `'live'` (Strapi's publicationState);
   * `scope` narrows it with a trusted filter object (e.g. "the projects this user publishes").
   * The tables the condition reads are added to `tables`, for the answer cache.
   */
  where(
    uid: string,
    principal: Principal,
    alias: string,
    options: { visible?: 'live' | 'preview'; scope?: Scope },
    tables?: TableSink,
  ): SQL {
    const type = this.type(uid);
    const compiler = new Compiler(this.registry, this.parser, principal);
    const parts: Condition[] = [];
    if (options.visible) {
      parts.push(compiler.scope(type, alias, 'find'));
      parts.push(publicationCondition(type, alias, options.visible));
    }
    if (options.scope !== undefined) {
      parts.push(
        typeof options.scope === 'boolean'
          ? options.scope
          : compiler.filter(this.parser.parseScope(type, options.scope), type, alias, true),
      );
    }
    compiler.tables.add(type.table);
    for (const table of compiler.tables) tables?.add(table);
    return toSql(and(parts));
  }

  /** `GET /api/{plural}`. */
  async find(
    uid: string,
    raw: RawQuery,
    principal: Principal,
    tables?: TableSink,
  ): Promise<ListResponse> {
    return JSON.parse(await this.findJson(uid, raw, principal, tables)) as ListResponse;
  }

  /**
   * `GET /api/{plural}` as the JSON text to send. A list's statement depends only on the type,
   * the principal and the query (the registry and the access table are fixed at start), and
   * compiling it cost the API more than PostgreSQL spends running it for a page of 25 projects
   * (docs/performance.md, ADR 0059): the last LISTS_KEPT statements are kept and run again.
   */
  async findJson(
    uid: string,
    raw: RawQuery,
    principal: Principal,
    tables?: TableSink,
  ): Promise<string> {
    const key = `${uid}\u0000${principalKey(principal)}\u0000${JSON.stringify(raw)}`;
    let list = this.lists.get(key);
    // Most recently used last: a Map keeps insertion order, so the first entry is the oldest.
    if (list) this.lists.delete(key);
    else {
      const type = this.type(uid);
      const compiled = this.compileList(type, this.parser.parse(type, raw), principal, {});
      list = { ...compiled, statement: keptStatement(compiled.statement) };
    }
    this.lists.set(key, list);
    if (this.lists.size > LISTS_KEPT) this.lists.delete(this.lists.keys().next().value as string);
    return this.runList(list, { tables });
  }

  /** A list with an already parsed query (custom routes add their own filters to it). */
  async findParsed(
    type: ContentType,
    query: ParsedQuery,
    principal: Principal,
    options: ListOptions = {},
  ): Promise<ListResponse> {
    return JSON.parse(await this.findParsedJson(type, query, principal, options)) as ListResponse;
  }

  /**
   * One statement answers a list: the count as a scalar subquery and the page rendered to JSON by
   * PostgreSQL (read.ts). The page's ids are chosen first, so the JSON (with its populated
   * relations) is built only for the rows that are answered.
   */
  async findParsedJson(
    type: ContentType,
    query: ParsedQuery,
    principal: Principal,
    options: ListOptions = {},
  ): Promise<string> {
    return this.runList(this.compileList(type, query, principal, options), options);
  }

  /** The statement of a list (see findParsedJson), and the tables it reads. */
  private compileList(
    type: ContentType,
    query: ParsedQuery,
    principal: Principal,
    options: ListOptions,
  ): CompiledList {
    const compiler = new Compiler(this.registry, this.parser, principal);
    const alias = compiler.alias();
    const matches = (rowAlias: string) =>
      and([
        this.readCondition(compiler, type, rowAlias, query, 'find'),
        options.extraCondition ? options.extraCondition(rowAlias) : true,
      ]);
    const where = and([
      matches(alias),
      options.distinctOn === undefined
        ? true
        : this.firstOfEachValue(compiler, type, alias, options.distinctOn, matches),
    ]);
    if (where === false && compiler.scopeNode(type, 'find') === false) throw forbidden();

    const { pagination } = query;
    const limit = pagination.kind === 'page' ? pagination.pageSize : pagination.limit;
    // Validated integers, written into the statement so a prepared plan knows them (statements.ts).
    const offset =
      pagination.kind === 'page' ? (pagination.page - 1) * pagination.pageSize : pagination.start;
    const from = sql`${ident(type.table)} ${ident(alias)}`;
    const whereSql = toSql(where);
    const order = compiler.orderBy(query.sort, alias, type);
    const row = compiler.alias();
    const format = options.format ?? 'nested';
    const entity = entityJson(compiler, type, row, query, query.publicationState, format);
    const total =
      format === 'nested' && pagination.withCount
        ? sql`(SELECT count(*)::int FROM ${from} WHERE ${whereSql})`
        : sql`NULL::int`;
    const statement = sql`SELECT ${total} AS "total", (
            SELECT coalesce(json_agg(${entity} ORDER BY "page"."ord"), '[]'::json)::text
            FROM (SELECT ${column(alias, 'id')} AS "id", row_number() OVER (ORDER BY ${order}) AS "ord"
                  FROM ${from} WHERE ${whereSql} ORDER BY ${order} LIMIT ${sql.raw(String(limit))} OFFSET ${sql.raw(String(offset))}) "page"
            JOIN ${ident(type.table)} ${ident(row)} ON ${column(row, 'id')} = "page"."id"
          ) AS "data"`;
    return { statement, tables: [...compiler.tables], pagination, format };
  }

  /** Runs a list's statement: the JSON text of `{data, meta}` (`flat`: of the data alone). */
  private async runList(
    { statement, tables, pagination, format }: CompiledList,
    options: Pick<ListOptions, 'db' | 'tables'>,
  ): Promise<string> {
    const [result] = await rowsOf(options.db ?? this.db, statement);
    if (options.tables) for (const table of tables) options.tables.add(table);
    const count = result?.total as number | null | undefined;
    const data = (result?.data as string | undefined) ?? '[]';
    if (format === 'flat') return data;

    let meta: PageMeta | OffsetMeta;
    if (pagination.kind === 'offset') {
      meta = { start: pagination.start, limit: pagination.limit };
      if (typeof count === 'number') meta.total = count;
    } else {
      meta = { page: pagination.page, pageSize: pagination.pageSize };
      if (typeof count === 'number') {
        meta.pageCount = Math.ceil(count / pagination.pageSize);
        meta.total = count;
      }
    }
    return `{"data":${data},"meta":{"pagination":${JSON.stringify(meta)}}}`;
  }

  /**
   * Every entry of a list the principal may see, as the JSON text of `{data, meta}` in pieces, in
   * id order: one statement per batch of `batchSize` entries after the last id sent (keyset), each
   * batch rendered as JSON by PostgreSQL like a page (`findParsedJson`). Nothing but the batch
   * being sent is held, whatever the list's length, and no statement holds a transaction open
   * between batches (PGlite has one connection for the whole process). An entry added meanwhile
   * after the last id sent comes too; none comes twice. The query is parsed, and the principal's
   * right to read checked, before the answer starts: a bad query is still a 400, not a cut answer.
   * `meta.pagination` says it is one page of everything sent.
   */
  async findAllJson(
    uid: string,
    raw: RawQuery,
    principal: Principal,
    { batchSize = 1_000 }: { batchSize?: number } = {},
  ): Promise<AsyncIterable<string>> {
    const type = this.type(uid);
    const query = this.parser.parse(type, withoutPagination(raw));
    const compiler = new Compiler(this.registry, this.parser, principal);
    const alias = compiler.alias();
    const where = this.readCondition(compiler, type, alias, query, 'find');
    if (where === false && compiler.scopeNode(type, 'find') === false) throw forbidden();
    const row = compiler.alias();
    const entity = entityJson(compiler, type, row, query, query.publicationState, 'nested');
    const whereSql = toSql(where);
    const batch = (after: number) =>
      sql`SELECT count(*)::int AS "count", max("page"."id") AS "last",
            coalesce(string_agg(${entity}::text, ',' ORDER BY "page"."id"), '') AS "data"
          FROM (SELECT ${column(alias, 'id')} AS "id" FROM ${ident(type.table)} ${ident(alias)}
                WHERE ${whereSql} AND ${column(alias, 'id')} > ${after}::int4
                ORDER BY ${column(alias, 'id')} LIMIT ${sql.raw(String(batchSize))}) "page"
          JOIN ${ident(type.table)} ${ident(row)} ON ${column(row, 'id')} = "page"."id"`;
    const db = this.db;
    return (async function* () {
      yield '{"data":[';
      let after = 0;
      let total = 0;
      for (;;) {
        const [result] = await rowsOf(db, batch(after));
        const count = Number(result?.count ?? 0);
        if (count === 0) break;
        yield `${total > 0 ? ',' : ''}${result?.data as string}`;
        total += count;
        after = Number(result?.last);
        if (count < batchSize) break;
      }
      const pagination: PageMeta = {
        page: 1,
        pageSize: total,
        pageCount: total > 0 ? 1 : 0,
        total,
      };
      yield `],"meta":{"pagination":${JSON.stringify(pagination)}}}`;
    })();
  }

  /**
   * `GET /api/{plural}/{id}`: 404 when missing or outside the reader's scope. `db` is the
   * transaction of a custom write that answers the entry before its commit (ADR 0068).
   */
  async findOneJson(
    uid: string,
    id: number,
    raw: RawQuery,
    principal: Principal,
    tables?: TableSink,
    db: Executor = this.db,
  ): Promise<string> {
    const entity = await this.entryJson(uid, id, raw, principal, tables, db, 'nested');
    return `{"data":${entity},"meta":{}}`;
  }

  /** `GET /api/{singular}` of a single type: its one entry. */
  async findSingleJson(
    uid: string,
    raw: RawQuery,
    principal: Principal,
    tables?: TableSink,
  ): Promise<string> {
    const type = this.type(uid);
    tables?.add(type.table);
    const id = await this.singleId(type, this.db);
    if (id === undefined) throw notFound();
    return this.findOneJson(uid, id, raw, principal, tables);
  }

  /** A list in the users-permissions shape: a bare JSON array (`GET /api/users`). */
  async findFlatJson(
    uid: string,
    raw: RawQuery,
    principal: Principal,
    tables?: TableSink,
  ): Promise<string> {
    const type = this.type(uid);
    const query = this.parser.parse(type, raw);
    return this.findParsedJson(type, query, principal, { tables, format: 'flat' });
  }

  /**
   * One entry in the users-permissions shape (`GET /api/users/:id`); 404 when not visible. `db`
   * as in `findOneJson`.
   */
  async findOneFlatJson(
    uid: string,
    id: number,
    raw: RawQuery,
    principal: Principal,
    tables?: TableSink,
    db: Executor = this.db,
  ): Promise<string> {
    return this.entryJson(uid, id, raw, principal, tables, db, 'flat');
  }

  /** One entry's JSON in either wire shape, as the two reads above answer it; 404 when unseen. */
  private async entryJson(
    uid: string,
    id: number,
    raw: RawQuery,
    principal: Principal,
    tables: TableSink | undefined,
    db: Executor,
    format: WireFormat,
  ): Promise<string> {
    const type = this.type(uid);
    const query = this.parser.parse(type, withoutPagination(raw));
    this.denyWhollyForbidden(type, principal, 'find');
    const entity = await this.readOneJson(type, id, query, principal, db, tables, format);
    if (entity === null) throw notFound();
    return entity;
  }

  /**
   * `alias` is the lowest id among the rows matching `matches` that share its value of `field`.
   * Uncorrelated, so PostgreSQL computes the set once (a hashed subplan) rather than per row.
   */
  private firstOfEachValue(
    compiler: Compiler,
    type: ContentType,
    alias: string,
    field: string,
    matches: (rowAlias: string) => Condition,
  ): Condition {
    const other = compiler.alias();
    const condition = matches(other);
    if (condition === false) return false;
    return sql`${column(alias, 'id')} IN (SELECT min(${column(other, 'id')}) FROM ${ident(type.table)} ${ident(other)} WHERE ${toSql(condition)} GROUP BY ${column(other, field)})`;
  }

  private readCondition(
    compiler: Compiler,
    type: ContentType,
    alias: string,
    query: ParsedQuery,
    action: 'find',
  ): Condition {
    return and([
      compiler.scope(type, alias, action),
      publicationCondition(type, alias, query.publicationState),
      query.filters ? compiler.filter(query.filters, type, alias, false) : true,
    ]);
  }

  /** One entry as the principal may see it, or null. */
  async readOne(
    type: ContentType,
    id: number,
    query: ParsedQuery,
    principal: Principal,
    db: Executor,
  ): Promise<Entity | null> {
    const json = await this.readOneJson(type, id, query, principal, db);
    return json === null ? null : (JSON.parse(json) as Entity);
  }

  async readOneJson(
    type: ContentType,
    id: number,
    query: ParsedQuery,
    principal: Principal,
    db: Executor,
    tables?: TableSink,
    format: WireFormat = 'nested',
  ): Promise<string | null> {
    const compiler = new Compiler(this.registry, this.parser, principal);
    const alias = compiler.alias();
    const where = and([
      this.readCondition(compiler, type, alias, query, 'find'),
      sql`${column(alias, 'id')} = ${id}`,
    ]);
    if (where === false) return null;
    const entity = entityJson(compiler, type, alias, query, query.publicationState, format);
    const rows = await rowsOf(
      db,
      sql`SELECT ${entity}::text AS "json" FROM ${ident(type.table)} ${ident(alias)} WHERE ${toSql(where)}`,
    );
    if (tables) for (const table of compiler.tables) tables.add(table);
    return (rows[0]?.json as string | undefined) ?? null;
  }

  /** The id of a single type's one entry, if it has been written yet. */
  async singleId(type: ContentType, db: Executor): Promise<number | undefined> {
    const rows = await rowsOf(db, sql`SELECT "id" FROM ${ident(type.table)} ORDER BY "id" LIMIT 1`);
    return rows[0]?.id;
  }

  /** 403 when the actor may not do this to any entry of the type (nothing to hide then). */
  denyWhollyForbidden(
    type: ContentType,
    principal: Principal,
    action: 'find' | 'update' | 'delete',
  ) {
    const compiler = new Compiler(this.registry, this.parser, principal);
    if (compiler.scopeNode(type, action) === false) throw forbidden();
  }
}

/** Single-entry requests take no pagination; Strapi ignores it there, so do we. */
export function withoutPagination(raw: RawQuery): RawQuery {
  if (raw.pagination === undefined) return raw;
  const { pagination: _ignored, ...rest } = raw;
  return rest;
}
