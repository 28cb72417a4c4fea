import type { FastifyBaseLogger } from 'fastify';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { isRetryableTransactionFailure } from './failures';
import type { Queryable, Transaction } from './handles';

export interface RetryOptions {
  /** Runs in all, the first included. */
  attempts?: number;
  /** Wait before the first retry; doubles on each, with jitter. */
  baseDelayMs?: number;
  /** Told of each failed run that will be retried (tests count them; logs). */
  onRetry?: (error: unknown, attempt: number) => void;
}

export const DEFAULT_TRANSACTION_ATTEMPTS = 4;
const DEFAULT_BASE_DELAY_MS = 20;

/**
 * Runs `fn` in a transaction, and runs it again, in a new one, when PostgreSQL ended it as the
 * loser of a deadlock (40P01) or a serialization failure (40001): the other transaction went
 * through, so this one usually goes through too once run again (ADR 0053). At most `attempts`
 * runs, with jittered, doubling waits between them, so two losers do not meet again in step;
 * after the last one the error propagates and the error handler answers 503 with Retry-After.
 * `fn` may run more than once: whatever it does besides writing through `tx` must be safe to
 * repeat (work meant for after the commit is done after this resolves). Inside a transaction
 * already (a savepoint), it is not retried: the loss ended the outer transaction, which is the
 * one to run again.
 */
export async function retryingTransaction<T>(
  db: Queryable,
  fn: (tx: Transaction) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  if (db instanceof PgTransaction) return db.transaction(fn);
  const attempts = Math.max(1, options.attempts ?? DEFAULT_TRANSACTION_ATTEMPTS);
  const base = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionFailure(error)) throw error;
      options.onRetry?.(error, attempt);
      const delay = base * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Where failures after a commit are told: a request's log, or the process's. */
export type CommitLog = Pick<FastifyBaseLogger, 'error'>;

/**
 * Runs work that follows a commit (telling the caches, waking the mail sender or the job worker,
 * a lifecycle's callbacks). The write is done: a failure here is logged and never reaches the
 * caller, who would otherwise answer an error for a write that exists and invite a retry that
 * writes it twice (ADR 0068). Work that answers a promise is caught the same way.
 */
export function afterCommit(log: CommitLog | undefined, what: string, work: () => unknown): void {
  const report = (error: unknown) => log?.error({ err: error }, `after a commit, ${what} failed`);
  try {
    const result = work();
    if (result instanceof Promise) result.catch(report);
  } catch (error) {
    report(error);
  }
}
