import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { afterCommit, retryingTransaction, type CommitLog } from '../../db/transaction';
import { answerText, claim, record, type IdempotencyScope } from '../idempotency';
import { AppError, forbidden, notFound, validationError } from '../errors';
import { isAdmin, SYSTEM, type Principal } from './actor';
import { and, column, Compiler, ident, toSql, type Condition } from './compile';
import { validateInput, type RelationChange, type ValidatedInput } from './input';
import { writtenTables } from '../../db/change-feed';
import { keptStatement } from '../../db/statements';
import { QueryParser } from './parse';
import type { NestedQuery, ParsedQuery } from './query-types';
import {
  entityJson,
  publicationCondition,
  rowsOf,
  type Entity,
  type Executor,
  type Row,
  type WireFormat,
} from './read';
import { sanitizeRichText } from '../html/rich-text';
import type { Registry } from './registry';
import type {
  ContentType,
  LifecycleEvent,
  Lifecycles,
  RelationAttribute,
  Scope,
  Transaction,
} from './types';

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

export interface EntityServiceOptions {
  /** Told, after each committed write, which tables it changed (caches listen). */
  onWrite?: (tables: string[]) => void;
  /** Where failures after a commit are logged when the caller gives no log (the process's). */
  log?: CommitLog;
}

/** How a create or an update runs, besides what it writes. */
export interface WriteOptions<A = EntryResponse> {
  /**
   * The request's Idempotency-Key (ADR 0068): claimed first in the write's transaction, the
   * answer recorded last in it. A request answered already throws `IdempotentReplay` before
   * anything is written.
   */
  idempotency?: IdempotencyScope | undefined;
  /**
   * The answer, read in the write's transaction (a route's own shape, extra attributes); by
   * default the entry as the writer may read it (`answerOf`).
   */
  answer?: ((tx: Transaction, id: number) => Promise<A>) | undefined;
  /** Where failures after the commit are logged: the request's log. */
  log?: CommitLog | undefined;
}

/** Receives the tables a read touched, for callers that cache answers. */
export type TableSink = Set<string>;

/** How many compiled list statements the engine keeps (EntityService.findJson). */
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
 * The Strapi v4 entity service over the registry: find, findOneJson, create, update and delete for any
 * content type, applying the type's access policy to every row read or written.
 */
export class EntityService {
  readonly parser: QueryParser;
  /** Compiled statements of `findJson`, least recently used first. */
  private readonly lists = new Map<string, CompiledList>();

  constructor(
    readonly registry: Registry,
    private readonly db: Database,
    private readonly options: EntityServiceOptions = {},
  ) {
    this.parser = new QueryParser(registry);
  }

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
    const type = this.type(uid);
    const query = this.parser.parse(type, withoutPagination(raw));
    this.denyWhollyForbidden(type, principal, 'find');
    const entity = await this.readOneJson(type, id, query, principal, db, tables);
    if (entity === null) throw notFound();
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
    const type = this.type(uid);
    const query = this.parser.parse(type, withoutPagination(raw));
    this.denyWhollyForbidden(type, principal, 'find');
    const entity = await this.readOneJson(type, id, query, principal, db, tables, 'flat');
    if (entity === null) throw notFound();
    return entity;
  }

  /**
   * `POST /api/{plural}`. The answer is read in the write's transaction, before the commit: once
   * the write is committed nothing may turn it into an error (ADR 0068), which a read on another
   * connection could (a full pool waits 5 s and fails), inviting a retry that writes it twice.
   */
  async create<A = EntryResponse>(
    uid: string,
    body: unknown,
    raw: RawQuery,
    principal: Principal,
    options: WriteOptions<A> = {},
  ): Promise<A> {
    const type = this.type(uid);
    // Who may write comes before what is written (ADR 0052): a caller who may create nothing of
    // the type is refused whatever the body, so a 400 never lists the fields of a closed type.
    await this.checkCreate(type, emptyInput(), principal);
    await this.checkWrite(type, emptyInput(), principal, 'create');
    const query = this.parser.parse(type, withoutPagination(raw));
    const input = validateInput(type, body, 'create');
    await this.checkCreate(type, input, principal);
    await this.checkWrite(type, input, principal, 'create');
    // A run that lost a deadlock is run again (ADR 0053) with hooks of its own, so callbacks
    // meant for after the commit are not queued twice.
    const readAnswer = this.answerer(type, query, principal, options);
    let hooks!: HookRun;
    const { answer, written } = await retryingTransaction(this.db, async (tx) => {
      // First: a replay (or a concurrent twin) must not reach the hooks, which queue emails.
      if (options.idempotency) await claim(tx, options.idempotency);
      hooks = new HookRun(type, principal, input);
      await hooks.run('beforeCreate', tx, 0);
      const newId = await this.insert(tx, type, input, principal);
      await this.writeRelations(tx, newId, input);
      await hooks.run('afterCreate', tx, newId);
      await this.checkStillWithin(tx, type, newId, principal, 'createScope');
      const entry = await readAnswer(tx, newId);
      if (options.idempotency) await record(tx, options.idempotency, answerText(entry));
      return { answer: entry, written: await writtenTables(tx) };
    });
    this.committed(type, input, written, hooks, options.log);
    return answer;
  }

  /** `PUT /api/{plural}/{id}`: a partial update, answered as `create` is (ADR 0068). */
  async update<A = EntryResponse>(
    uid: string,
    id: number,
    body: unknown,
    raw: RawQuery,
    principal: Principal,
    options: WriteOptions<A> = {},
  ): Promise<A> {
    const type = this.type(uid);
    // Who may write comes before what is written (ADR 0052): the type, then the row, then the body.
    this.denyWhollyForbidden(type, principal, 'update');
    await this.checkWrite(type, emptyInput(), principal, 'update');
    const query = this.parser.parse(type, withoutPagination(raw));
    const readAnswer = this.answerer(type, query, principal, options);
    // A run that lost a deadlock is run again (ADR 0053), validating and with hooks of its own.
    const { input, hooks, written, answer } = await retryingTransaction(this.db, async (tx) => {
      if (options.idempotency) await claim(tx, options.idempotency);
      await this.lockWritable(tx, type, id, principal, 'update');
      const validated = validateInput(type, body, 'update');
      const run = new HookRun(type, principal, validated);
      await this.checkWrite(type, validated, principal, 'update');
      await run.run('beforeUpdate', tx, id);
      await this.updateRow(tx, type, id, validated, principal);
      await this.writeRelations(tx, id, validated);
      await run.run('afterUpdate', tx, id);
      await this.checkStillWithin(tx, type, id, principal, 'update');
      const entry = await readAnswer(tx, id);
      if (options.idempotency) await record(tx, options.idempotency, answerText(entry));
      return { input: validated, hooks: run, written: await writtenTables(tx), answer: entry };
    });
    this.committed(type, input, written, hooks, options.log);
    return answer;
  }

  /** `PUT /api/{singular}`: updates the single entry, creating it the first time. */
  async upsertSingle(
    uid: string,
    body: unknown,
    raw: RawQuery,
    principal: Principal,
    options: Pick<WriteOptions, 'log'> = {},
  ): Promise<EntryResponse> {
    const type = this.type(uid);
    const id = await this.singleId(type, this.db);
    return id === undefined
      ? this.create(uid, body, raw, principal, options)
      : this.update(uid, id, body, raw, principal, options);
  }

  /**
   * `DELETE /api/{plural}/{id}`: answers the deleted entry as it was before the delete and its
   * hooks (Strapi v4 reads it first too), so a hook that deletes related rows (a campus's
   * degrees) does not empty the populated answer.
   */
  async delete(
    uid: string,
    id: number,
    raw: RawQuery,
    principal: Principal,
    options: Pick<WriteOptions, 'log'> = {},
  ): Promise<EntryResponse> {
    const type = this.type(uid);
    const query = this.parser.parse(type, withoutPagination(raw));
    let hooks!: HookRun;
    const entity = await retryingTransaction(this.db, async (tx) => {
      hooks = new HookRun(type, principal, emptyInput());
      await this.lockWritable(tx, type, id, principal, 'delete');
      const before = await this.readOne(
        type,
        id,
        { ...query, publicationState: 'preview' },
        principal,
        tx,
      );
      await hooks.run('beforeDelete', tx, id);
      await tx.execute(sql`DELETE FROM ${ident(type.table)} WHERE "id" = ${id}`);
      await hooks.run('afterDelete', tx, id);
      return before;
    });
    const log = options.log ?? this.options.log;
    hooks.committed(log);
    // Foreign keys cascade or set null: every table that refers to this one may have changed.
    afterCommit(log, 'telling the caches', () =>
      this.options.onWrite?.(this.registry.all().map((t) => t.table)),
    );
    return { data: entity, meta: {} };
  }

  async deleteSingle(
    uid: string,
    raw: RawQuery,
    principal: Principal,
    options: Pick<WriteOptions, 'log'> = {},
  ): Promise<EntryResponse> {
    const type = this.type(uid);
    const id = await this.singleId(type, this.db);
    if (id === undefined) throw notFound();
    return this.delete(uid, id, raw, principal, options);
  }

  // ---- reading ----

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

  /**
   * The answer of a write of `uid`, read in its transaction (`tx`): the entry as the writer may
   * read it, drafts included, under the request's query. For custom routes that complete it
   * (`WriteOptions.answer`).
   */
  async answerOf(
    tx: Executor,
    uid: string,
    id: number,
    raw: RawQuery,
    principal: Principal,
  ): Promise<EntryResponse> {
    const type = this.type(uid);
    return this.entryAnswer(
      tx,
      type,
      id,
      this.parser.parse(type, withoutPagination(raw)),
      principal,
    );
  }

  private async entryAnswer(
    tx: Executor,
    type: ContentType,
    id: number,
    query: ParsedQuery,
    principal: Principal,
  ): Promise<EntryResponse> {
    const entity = await this.readOne(
      type,
      id,
      { ...query, publicationState: 'preview' },
      principal,
      tx,
    );
    // A writer that may not read back what it wrote (a visitor's form) gets the id only.
    return { data: entity ?? { id, attributes: {} }, meta: {} };
  }

  /** How a write's answer is read in its transaction: the caller's way, or the entry. */
  private answerer<A>(
    type: ContentType,
    query: ParsedQuery,
    principal: Principal,
    options: WriteOptions<A>,
  ): (tx: Transaction, id: number) => Promise<A> {
    if (options.answer) return options.answer;
    // Without a way of its own, the caller's answer type is the default's (WriteOptions<A>).
    return (tx, id) => this.entryAnswer(tx, type, id, query, principal) as Promise<A>;
  }

  /**
   * After the commit of a create or an update: the caches are told and the hooks' callbacks run,
   * each failure logged and kept from the answer (ADR 0068).
   */
  private committed(
    type: ContentType,
    input: ValidatedInput,
    written: readonly string[],
    hooks: HookRun,
    log: CommitLog | undefined,
  ) {
    const to = log ?? this.options.log;
    afterCommit(to, 'telling the caches', () => this.announce(type, input, written));
    hooks.committed(to);
  }

  private async singleId(type: ContentType, db: Executor): Promise<number | undefined> {
    const rows = await rowsOf(db, sql`SELECT "id" FROM ${ident(type.table)} ORDER BY "id" LIMIT 1`);
    return rows[0]?.id;
  }

  // ---- writing ----

  /**
   * Tells listeners, after the commit, which tables a create or update changed: those the change
   * triggers recorded in the transaction (the hooks' writes included), and those the write is
   * known to touch in case the triggers are missing (a database not migrated by us).
   */
  private announce(type: ContentType, input: ValidatedInput, written: readonly string[]) {
    if (!this.options.onWrite) return;
    const tables = new Set([type.table, ...written]);
    for (const { attribute } of input.relations.values()) {
      if (attribute.join) tables.add(attribute.join.table);
      else if (attribute.mappedBy) tables.add(this.registry.get(attribute.target).table);
    }
    this.options.onWrite([...tables]);
  }

  private async checkCreate(type: ContentType, input: ValidatedInput, principal: Principal) {
    if (principal === SYSTEM) return;
    const allowed = type.policy.create
      ? await type.policy.create(principal, { actor: principal, data: input.data, mode: 'create' })
      : false;
    if (!allowed) throw forbidden();
  }

  private async checkWrite(
    type: ContentType,
    input: ValidatedInput,
    principal: Principal,
    mode: 'create' | 'update',
  ) {
    if (principal === SYSTEM || !type.policy.canWrite) return;
    if (!(await type.policy.canWrite(principal, { actor: principal, data: input.data, mode })))
      throw forbidden();
  }

  /**
   * After a write, inside its transaction: the row must be within the actor's scope for the
   * action (createScope for a new row, update for a changed one), or the write is refused and
   * rolled back. This is what keeps a teacher's new project theirs and stops an update from moving
   * a row to someone else.
   */
  private async checkStillWithin(
    tx: Executor,
    type: ContentType,
    id: number,
    principal: Principal,
    action: 'createScope' | 'update',
  ) {
    if (principal === SYSTEM || (action === 'createScope' && !type.policy.createScope)) return;
    const compiler = new Compiler(this.registry, this.parser, principal);
    const alias = compiler.alias();
    const scope = compiler.scope(type, alias, action);
    if (scope === true) return;
    const rows = await rowsOf(
      tx,
      sql`SELECT ${toSql(scope)} AS "ok" FROM ${ident(type.table)} ${ident(alias)} WHERE ${column(alias, 'id')} = ${id}`,
    );
    if (rows[0]?.ok !== true) throw forbidden();
  }

  /** 403 when the actor may not do this to any entry of the type (nothing to hide then). */
  private denyWhollyForbidden(
    type: ContentType,
    principal: Principal,
    action: 'find' | 'update' | 'delete',
  ) {
    const compiler = new Compiler(this.registry, this.parser, principal);
    if (compiler.scopeNode(type, action) === false) throw forbidden();
  }

  /**
   * Locks the row for the write and checks the principal may reach it: 404 when it does not exist
   * or is not visible to them, 403 when visible but not theirs to change.
   */
  private async lockWritable(
    tx: Executor,
    type: ContentType,
    id: number,
    principal: Principal,
    action: 'update' | 'delete',
  ) {
    this.denyWhollyForbidden(type, principal, action);
    const compiler = new Compiler(this.registry, this.parser, principal);
    const alias = compiler.alias();
    const visible = compiler.scope(type, alias, 'find');
    const writable = compiler.scope(type, alias, action);
    const rows = await rowsOf(
      tx,
      sql`SELECT ${column(alias, 'id')} AS "id", ${toSql(visible)} AS "visible", ${toSql(writable)} AS "writable" FROM ${ident(type.table)} ${ident(alias)} WHERE ${column(alias, 'id')} = ${id} FOR UPDATE OF ${ident(alias)}`,
    );
    const row = rows[0];
    if (!row) throw notFound();
    if (row.writable === true) return;
    // Not theirs to change: say so only to someone who can see it exists.
    throw row.visible === true ? forbidden() : notFound();
  }

  private columnValues(
    type: ContentType,
    input: ValidatedInput,
  ): { columns: SQL[]; values: SQL[] } {
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

  private async insert(
    tx: Executor,
    type: ContentType,
    input: ValidatedInput,
    principal: Principal,
  ): Promise<number> {
    await this.checkRelationTargets(tx, input, principal);
    const { columns, values } = this.columnValues(type, input);
    if (type.draftAndPublish && !input.values.has('publishedAt')) {
      // Strapi v4 REST publishes what it creates unless told otherwise.
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

  private async updateRow(
    tx: Executor,
    type: ContentType,
    id: number,
    input: ValidatedInput,
    principal: Principal,
  ) {
    await this.checkRelationTargets(tx, input, principal);
    const { columns, values } = this.columnValues(type, input);
    const sets = columns.map((c, i) => sql`${c} = ${values[i] as SQL}`);
    sets.push(sql`"updated_at" = now()`);
    await tx.execute(
      sql`UPDATE ${ident(type.table)} SET ${sql.join(sets, sql`, `)} WHERE "id" = ${id}`,
    );
  }

  /**
   * Every id a write links to must exist (a clear 400 instead of a foreign-key error) and be
   * visible to the writer (one cannot link to a draft one may not see, and a missing and a hidden
   * entry answer alike). Media may only be linked by whoever uploaded them (or an admin):
   * otherwise pointing one's own record at someone else's private CV would let one read it.
   */
  private async checkRelationTargets(tx: Executor, input: ValidatedInput, principal: Principal) {
    for (const [name, { attribute, change }] of input.relations) {
      const ids = [...new Set([...(change.set ?? []), ...(change.connect ?? [])])];
      if (ids.length === 0) continue;
      const target = this.registry.get(attribute.target);
      const compiler = new Compiler(this.registry, this.parser, principal);
      const alias = compiler.alias();
      const uploader =
        attribute.media && principal !== SYSTEM && !isAdmin(principal)
          ? sql`${column(alias, 'uploaded_by_id')} = ${principal.kind === 'user' ? principal.userId : -1}`
          : true;
      const visible = toSql(and([compiler.scope(target, alias, 'find'), uploader]));
      const found = await rowsOf(
        tx,
        sql`SELECT ${column(alias, 'id')} AS "id" FROM ${ident(target.table)} ${ident(alias)} WHERE ${column(alias, 'id')} = ANY(${sql.param(ids)}::int4[]) AND ${visible}`,
      );
      const existing = new Set(found.map((r) => r.id));
      const missing = ids.filter((id) => !existing.has(id));
      if (missing.length > 0) {
        throw validationError(`${name}: no ${target.singularName} with id ${missing.join(', ')}`, [
          name,
        ]);
      }
    }
  }

  private async writeRelations(tx: Executor, id: number, input: ValidatedInput) {
    for (const { attribute, change } of input.relations.values()) {
      if (attribute.join) await this.writeJoin(tx, attribute, id, change);
      else if (attribute.mappedBy) await this.writeMapped(tx, attribute, id, change);
    }
  }

  private async writeJoin(
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

  private async writeMapped(
    tx: Executor,
    attribute: RelationAttribute,
    id: number,
    change: RelationChange,
  ) {
    const inverse = this.registry.inverseOf(attribute);
    const fk = inverse.fk;
    if (!fk) return;
    const target = this.registry.get(attribute.target);
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
}

/** The input of a write that carries no body (a delete). */
function emptyInput(): ValidatedInput {
  return { values: new Map(), relations: new Map(), data: {} };
}

/**
 * The lifecycle hooks of one write: each registration gets its own state, before hooks may change
 * what is written (`set`), and the callbacks they leave wait for the commit (never run when the
 * write rolled back).
 */
class HookRun {
  private readonly states = new Map<Lifecycles<object>, object>();
  private readonly pending: (() => unknown)[] = [];

  constructor(
    private readonly type: ContentType,
    private readonly actor: Principal,
    private readonly input: ValidatedInput,
  ) {}

  async run(step: keyof Lifecycles, tx: Transaction, id: number) {
    const canSet = step.startsWith('before');
    for (const lifecycles of this.type.lifecycles) {
      if (!lifecycles[step]) continue;
      let state = this.states.get(lifecycles);
      if (!state) this.states.set(lifecycles, (state = {}));
      const event: LifecycleEvent<object> = {
        tx,
        actor: this.actor,
        id,
        data: this.input.data,
        state,
        set: (name, value) => {
          // After the statement there is nothing left to shape: a hook that needs to must say so.
          if (!canSet) throw new Error(`${this.type.uid}: ${step} cannot set ${name}`);
          this.set(name, value);
        },
        afterCommit: (callback) => this.pending.push(callback),
      };
      await lifecycles[step]?.(event);
    }
  }

  /** Each callback on its own: one that fails is logged and the others still run. */
  committed(log: CommitLog | undefined) {
    for (const callback of this.pending) {
      afterCommit(log, `a callback of ${this.type.uid}`, callback);
    }
  }

  /** Changes the value the engine writes for one attribute (the server's, not the client's). */
  private set(name: string, value: unknown) {
    const { values, relations, data } = this.input;
    if (name === 'publishedAt' && this.type.draftAndPublish) {
      values.set(name, value);
      data[name] = value;
      return;
    }
    const attribute = this.type.attributes.get(name);
    if (!attribute) throw new Error(`${this.type.uid} has no attribute ${name}`);
    if (attribute.kind === 'relation') {
      const ids =
        value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
      const change: RelationChange = { set: ids as number[] };
      relations.set(name, { attribute, change });
      data[name] = change;
      return;
    }
    values.set(name, value);
    data[name] = value;
  }
}

/** Single-entry requests take no pagination; Strapi ignores it there, so do we. */
function withoutPagination(raw: RawQuery): RawQuery {
  if (raw.pagination === undefined) return raw;
  const { pagination: _ignored, ...rest } = raw;
  return rest;
}

/** A value written to a column of the given PostgreSQL type. */
function encode(sqlType: string, value: unknown): SQL {
  if (value === null) return sql`NULL`;
  if (sqlType === 'jsonb') return sql`${JSON.stringify(value)}::jsonb`;
  // sql.param keeps an array one parameter (a bare array would expand to a list).
  return sql`${sql.param(value)}::${sql.raw(sqlType)}`;
}

export type { NestedQuery };
