import type { Database } from './client';

/*
 * The handles code is given to reach the database, one definition each, so that a function's
 * parameter says which one it needs and any caller holding the pool or a transaction can pass it.
 */

/** An open transaction: for work that must commit, or roll back, with the write around it. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The pool or an open transaction: for queries that run the same in either (the caller decides). */
export type Queryable = Database | Transaction;

/** What runs a raw statement (executeRows): the least a statement needs, so any handle passes. */
export type Executor = Pick<Database, 'execute'>;
