import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { writtenTables } from '../../db/change-feed';
import { afterCommit, retryingTransaction, type CommitLog } from '../../db/transaction';
import { forbidden, notFound, validationError } from '../errors';
import { answerText, claim, record, type IdempotencyScope } from '../idempotency';
import { isAdmin, SYSTEM, type Principal } from './actor';
import { and, column, Compiler, ident, toSql } from './compile';
import { insertRow, updateRow, writeRelations } from './engine-rows';
import {
  withoutPagination,
  type EntityReader,
  type EntryResponse,
  type RawQuery,
} from './engine-read';
import { emptyInput, HookRun } from './hooks';
import { validateInput, type ValidatedInput } from './input';
import type { QueryParser } from './parse';
import type { ParsedQuery } from './query-types';
import { rowsOf } from './read';
import type { Executor, Transaction } from '../../db/handles';
import type { Registry } from './registry';
import type { ContentType } from './types';

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

/** The lifecycle steps of each kind of write, and the scope its row must stay within. */
const STEPS = {
  create: { before: 'beforeCreate', after: 'afterCreate', scope: 'createScope' },
  update: { before: 'beforeUpdate', after: 'afterUpdate', scope: 'update' },
} as const;

/**
 * What a create and an update do differently inside their one sequence (`EntityWriter.write`):
 * the row (a new one, or `id`) and how the input is had in the transaction.
 */
type WritePlan =
  | { mode: 'create'; input: (tx: Transaction) => Promise<ValidatedInput> }
  | { mode: 'update'; id: number; input: (tx: Transaction) => Promise<ValidatedInput> };

/**
 * The writing half of the entity service (EntityService delegates to it): create, update and
 * delete under the type's access policy, its lifecycle hooks run in the write's transaction.
 */
export class EntityWriter {
  constructor(
    private readonly registry: Registry,
    private readonly parser: QueryParser,
    private readonly db: Database,
    private readonly reader: EntityReader,
    private readonly options: EntityServiceOptions,
  ) {}

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
    const type = this.reader.type(uid);
    // Who may write comes before what is written (ADR 0052): a caller who may create nothing of
    // the type is refused whatever the body, so a 400 never lists the fields of a closed type.
    await this.checkCreate(type, emptyInput(), principal);
    await this.checkWrite(type, emptyInput(), principal, 'create');
    const query = this.parser.parse(type, withoutPagination(raw));
    const input = validateInput(type, body, 'create');
    await this.checkCreate(type, input, principal);
    await this.checkWrite(type, input, principal, 'create');
    // No row to reach first. The first run writes the input judged above; a run after one that
    // lost a deadlock validates the body afresh (the same body gives the same input), so a
    // before hook's `set` in the lost run is not carried into it.
    let judged: ValidatedInput | undefined = input;
    return this.write(type, query, principal, options, {
      mode: 'create',
      input: async () => {
        const fresh = judged ?? validateInput(type, body, 'create');
        judged = undefined;
        return fresh;
      },
    });
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
    const type = this.reader.type(uid);
    // Who may write comes before what is written (ADR 0052): the type, then the row, then the body.
    this.reader.denyWhollyForbidden(type, principal, 'update');
    await this.checkWrite(type, emptyInput(), principal, 'update');
    const query = this.parser.parse(type, withoutPagination(raw));
    return this.write(type, query, principal, options, {
      mode: 'update',
      id,
      // The row's 404 or 403 comes before the body's 400; and each run validates afresh, so a
      // before hook's `set` in a run that lost a deadlock is not carried into the next.
      input: async (tx) => {
        await this.lockWritable(tx, type, id, principal, 'update');
        const input = validateInput(type, body, 'update');
        await this.checkWrite(type, input, principal, 'update');
        return input;
      },
    });
  }

  /**
   * The one sequence of a create and an update, once the caller's right to write the type is
   * checked: in the transaction, the idempotency claim, the input (`plan.input`), the before
   * hooks, the row and its relations, the after hooks, the check that the row is still the
   * writer's and the answer (ADR 0068); after the commit, the caches and the hooks' callbacks.
   */
  private async write<A>(
    type: ContentType,
    query: ParsedQuery,
    principal: Principal,
    options: WriteOptions<A>,
    plan: WritePlan,
  ): Promise<A> {
    const steps = STEPS[plan.mode];
    const readAnswer = this.answerer(type, query, principal, options);
    // A run that lost a deadlock is run again (ADR 0053) with hooks of its own, so callbacks
    // meant for after the commit are not queued twice.
    const { input, hooks, written, answer } = await retryingTransaction(this.db, async (tx) => {
      // First: a replay (or a concurrent twin) must not reach the hooks, which queue emails.
      if (options.idempotency) await claim(tx, options.idempotency);
      const input = await plan.input(tx);
      const hooks = new HookRun(type, principal, input);
      // A created row has no id before its insert: its before hooks see 0.
      await hooks.run(steps.before, tx, plan.mode === 'update' ? plan.id : 0);
      // After the before hooks: a relation one of them set is checked like the client's.
      await this.checkRelationTargets(tx, input, principal);
      const id = plan.mode === 'update' ? plan.id : await insertRow(tx, type, input);
      if (plan.mode === 'update') await updateRow(tx, type, id, input);
      await writeRelations(tx, this.registry, id, input);
      await hooks.run(steps.after, tx, id);
      await this.checkStillWithin(tx, type, id, principal, steps.scope);
      const entry = await readAnswer(tx, id);
      if (options.idempotency) await record(tx, options.idempotency, answerText(entry));
      return { input, hooks, written: await writtenTables(tx), answer: entry };
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
    const type = this.reader.type(uid);
    const id = await this.reader.singleId(type, this.db);
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
    const type = this.reader.type(uid);
    const query = this.parser.parse(type, withoutPagination(raw));
    let hooks!: HookRun;
    const entity = await retryingTransaction(this.db, async (tx) => {
      hooks = new HookRun(type, principal, emptyInput());
      await this.lockWritable(tx, type, id, principal, 'delete');
      const before = await this.reader.readOne(
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

  /**
   * A write of the features' own (several tables in one decision, an import, a deletion): `fn` in
   * a transaction, run again after a deadlock (ADR 0053); after the commit the caches are told
   * the tables the change triggers recorded in it, as after the engine's own writes, with no list
   * kept by hand, and a failure there is only logged (ADR 0068).
   */
  async writeTransaction<T>(
    fn: (tx: Transaction) => Promise<T>,
    options: Pick<WriteOptions, 'log'> = {},
  ): Promise<T> {
    const { result, written } = await retryingTransaction(this.db, async (tx) => {
      const result = await fn(tx);
      return { result, written: await writtenTables(tx) };
    });
    if (written.length > 0) {
      afterCommit(options.log ?? this.options.log, 'telling the caches', () =>
        this.options.onWrite?.(written),
      );
    }
    return result;
  }

  async deleteSingle(
    uid: string,
    raw: RawQuery,
    principal: Principal,
    options: Pick<WriteOptions, 'log'> = {},
  ): Promise<EntryResponse> {
    const type = this.reader.type(uid);
    const id = await this.reader.singleId(type, this.db);
    if (id === undefined) throw notFound();
    return this.delete(uid, id, raw, principal, options);
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
    const type = this.reader.type(uid);
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
    const entity = await this.reader.readOne(
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
    this.reader.denyWhollyForbidden(type, principal, action);
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
}
