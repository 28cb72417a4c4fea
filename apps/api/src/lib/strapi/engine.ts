import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Principal } from './actor';
import {
  EntityReader,
  type EntryResponse,
  type ListOptions,
  type ListResponse,
  type RawQuery,
  type TableSink,
} from './engine-read';
import { EntityWriter, type EntityServiceOptions, type WriteOptions } from './engine-write';
import { QueryParser } from './parse';
import type { NestedQuery, ParsedQuery } from './query-types';
import type { Entity, WireFormat } from './read';
import type { Executor, Transaction } from '../../db/handles';
import type { Registry } from './registry';
import type { ContentType, Scope } from './types';

/*
 * The one entry to the engine: EntityService. What it does lives in engine-read.ts (lists, single
 * entries, the compiled lists kept), engine-write.ts (create, update, delete and their checks),
 * engine-rows.ts (the statements of a write) and hooks.ts (a write's lifecycle hooks); the names
 * callers use are all importable from here.
 */

export {
  principalKey,
  type EntryResponse,
  type ListOptions,
  type ListResponse,
  type OffsetMeta,
  type PageMeta,
  type RawQuery,
  type TableSink,
} from './engine-read';
export type { EntityServiceOptions, WriteOptions } from './engine-write';
export type { NestedQuery };

/**
 * The Strapi v4 entity service over the registry: find, findOneJson, create, update and delete for any
 * content type, applying the type's access policy to every row read or written.
 */
export class EntityService {
  readonly parser: QueryParser;
  private readonly reader: EntityReader;
  private readonly writer: EntityWriter;

  constructor(
    readonly registry: Registry,
    db: Database,
    options: EntityServiceOptions = {},
  ) {
    this.parser = new QueryParser(registry);
    this.reader = new EntityReader(registry, this.parser, db);
    this.writer = new EntityWriter(registry, this.parser, db, this.reader, options);
  }

  /** The content type registered as `uid`. */
  type(uid: string): ContentType {
    return this.reader.type(uid);
  }

  /** The WHERE of a custom read, so what it answers stays the access table's (EntityReader.where). */
  where(
    uid: string,
    principal: Principal,
    alias: string,
    options: { visible?: 'live' | 'preview'; scope?: Scope },
    tables?: TableSink,
  ): SQL {
    return this.reader.where(uid, principal, alias, options, tables);
  }

  /** `GET /api/{plural}`. */
  async find(
    uid: string,
    raw: RawQuery,
    principal: Principal,
    tables?: TableSink,
  ): Promise<ListResponse> {
    return this.reader.find(uid, raw, principal, tables);
  }

  /** `GET /api/{plural}` as the JSON text to send, its compiled statement kept (ADR 0059). */
  async findJson(
    uid: string,
    raw: RawQuery,
    principal: Principal,
    tables?: TableSink,
  ): Promise<string> {
    return this.reader.findJson(uid, raw, principal, tables);
  }

  /** A list with an already parsed query (custom routes add their own filters to it). */
  async findParsed(
    type: ContentType,
    query: ParsedQuery,
    principal: Principal,
    options: ListOptions = {},
  ): Promise<ListResponse> {
    return this.reader.findParsed(type, query, principal, options);
  }

  /** `findParsed` as the JSON text to send: one statement, rendered by PostgreSQL. */
  async findParsedJson(
    type: ContentType,
    query: ParsedQuery,
    principal: Principal,
    options: ListOptions = {},
  ): Promise<string> {
    return this.reader.findParsedJson(type, query, principal, options);
  }

  /** Every entry of a list the principal may see, streamed in keyset batches (EntityReader). */
  async findAllJson(
    uid: string,
    raw: RawQuery,
    principal: Principal,
    options: { batchSize?: number } = {},
  ): Promise<AsyncIterable<string>> {
    return this.reader.findAllJson(uid, raw, principal, options);
  }

  /** `GET /api/{plural}/{id}`; `db`: a custom write's transaction, answering before its commit. */
  async findOneJson(
    uid: string,
    id: number,
    raw: RawQuery,
    principal: Principal,
    tables?: TableSink,
    db?: Executor,
  ): Promise<string> {
    return this.reader.findOneJson(uid, id, raw, principal, tables, db);
  }

  /** `GET /api/{singular}` of a single type: its one entry. */
  async findSingleJson(
    uid: string,
    raw: RawQuery,
    principal: Principal,
    tables?: TableSink,
  ): Promise<string> {
    return this.reader.findSingleJson(uid, raw, principal, tables);
  }

  /** A list in the users-permissions shape: a bare JSON array (`GET /api/users`). */
  async findFlatJson(
    uid: string,
    raw: RawQuery,
    principal: Principal,
    tables?: TableSink,
  ): Promise<string> {
    return this.reader.findFlatJson(uid, raw, principal, tables);
  }

  /** One entry in the users-permissions shape (`GET /api/users/:id`); `db` as in `findOneJson`. */
  async findOneFlatJson(
    uid: string,
    id: number,
    raw: RawQuery,
    principal: Principal,
    tables?: TableSink,
    db?: Executor,
  ): Promise<string> {
    return this.reader.findOneFlatJson(uid, id, raw, principal, tables, db);
  }

  /** `POST /api/{plural}`, answered from the write's transaction, before the commit (ADR 0068). */
  async create<A = EntryResponse>(
    uid: string,
    body: unknown,
    raw: RawQuery,
    principal: Principal,
    options: WriteOptions<A> = {},
  ): Promise<A> {
    return this.writer.create(uid, body, raw, principal, options);
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
    return this.writer.update(uid, id, body, raw, principal, options);
  }

  /** `PUT /api/{singular}`: updates the single entry, creating it the first time. */
  async upsertSingle(
    uid: string,
    body: unknown,
    raw: RawQuery,
    principal: Principal,
    options: Pick<WriteOptions, 'log'> = {},
  ): Promise<EntryResponse> {
    return this.writer.upsertSingle(uid, body, raw, principal, options);
  }

  /** `DELETE /api/{plural}/{id}`: answers the deleted entry as it was before the delete. */
  async delete(
    uid: string,
    id: number,
    raw: RawQuery,
    principal: Principal,
    options: Pick<WriteOptions, 'log'> = {},
  ): Promise<EntryResponse> {
    return this.writer.delete(uid, id, raw, principal, options);
  }

  /**
   * A write outside the generic routes, in one transaction whose written tables the caches are
   * told after the commit (see EntityWriter.writeTransaction): every feature's own write goes
   * through it rather than telling the answer cache by hand.
   */
  async writeTransaction<T>(
    fn: (tx: Transaction) => Promise<T>,
    options: Pick<WriteOptions, 'log'> = {},
  ): Promise<T> {
    return this.writer.writeTransaction(fn, options);
  }

  /** `DELETE /api/{singular}`: deletes the single entry; 404 when there is none. */
  async deleteSingle(
    uid: string,
    raw: RawQuery,
    principal: Principal,
    options: Pick<WriteOptions, 'log'> = {},
  ): Promise<EntryResponse> {
    return this.writer.deleteSingle(uid, raw, principal, options);
  }

  /** One entry as the principal may see it, or null. */
  async readOne(
    type: ContentType,
    id: number,
    query: ParsedQuery,
    principal: Principal,
    db: Executor,
  ): Promise<Entity | null> {
    return this.reader.readOne(type, id, query, principal, db);
  }

  /** `readOne` as JSON text, the tables it read added to `tables`; `flat` as `findOneFlatJson`. */
  async readOneJson(
    type: ContentType,
    id: number,
    query: ParsedQuery,
    principal: Principal,
    db: Executor,
    tables?: TableSink,
    format?: WireFormat,
  ): Promise<string | null> {
    return this.reader.readOneJson(type, id, query, principal, db, tables, format);
  }

  /** The default answer of a write, read in its transaction, for `WriteOptions.answer`s. */
  async answerOf(
    tx: Executor,
    uid: string,
    id: number,
    raw: RawQuery,
    principal: Principal,
  ): Promise<EntryResponse> {
    return this.writer.answerOf(tx, uid, id, raw, principal);
  }
}
