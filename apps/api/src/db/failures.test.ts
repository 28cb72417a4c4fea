import { describe, expect, it } from 'vitest';
import { toAppError } from '../plugins/error-handler';
import { isConnectionFailure, isRetryableTransactionFailure } from './failures';

/** An error as node-postgres makes it (a SQLSTATE in `code`), wrapped as Drizzle wraps it. */
function pgError(code: string, message = 'error'): Error {
  const driver = Object.assign(new Error(message), { code });
  return new Error('Failed query: SELECT 1', { cause: driver });
}

describe('database failures become 503, never 500 (ADR 0053)', () => {
  it.each([
    ['a terminated backend (57P01)', pgError('57P01', 'terminating connection')],
    ['a server starting up (57P03)', pgError('57P03')],
    ['a connection exception (08006)', pgError('08006')],
    ['a refused connection', Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })],
    ['a reset connection', Object.assign(new Error('read'), { code: 'ECONNRESET' })],
    ['a connection ended mid-query', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
  ])('when the database is lost (%s), the answer is 503 with Retry-After', (_name, error) => {
    expect(isConnectionFailure(error)).toBe(true);
    const appError = toAppError(error);
    expect(appError).toMatchObject({ status: 503, strapiName: 'ServiceUnavailableError' });
    expect(appError.details.retryAfter).toBeGreaterThan(0);
  });

  it.each([
    ['a deadlock', '40P01'],
    ['a serialization failure', '40001'],
  ])('when a write still meets %s after its retries, the answer is 503', (_name, code) => {
    expect(isRetryableTransactionFailure(pgError(code))).toBe(true);
    expect(toAppError(pgError(code))).toMatchObject({ status: 503 });
  });

  it('when the failure is something else, it stays what it was (a 400 for bad input, a 500 for a bug)', () => {
    expect(isConnectionFailure(pgError('23505'))).toBe(false);
    expect(toAppError(pgError('23505')).status).toBe(400);
    expect(toAppError(new Error('undefined is not a function')).status).toBe(500);
  });
});
