/**
 * What a database failure means for the request that met it (ADR 0053): a lost or unreachable
 * server, or a transaction that lost a race (deadlock, serialization failure), is the server's
 * passing trouble, answered 503 with Retry-After; never a 500, never the process's end.
 */

/** Node socket errors of a connection that dropped or could not be made. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that went away or is not accepting connections: class 08 (connection
 * exception), 57P01 admin_shutdown (pg_terminate_backend, a restart, a failover), 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up, recovering).
 */
const CONNECTION_SQLSTATES = /^(08...|57P0[123])$/;

/** node-postgres' own messages when a connection ends or cannot be had in time. */
const CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /connection error and is not queryable/i,
  /timeout exceeded when trying to connect/i,
  /Client was closed and is not queryable/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

/** SQLSTATEs of a transaction that lost a race and may succeed when run again. */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);

/** The error and its causes (Drizzle wraps the driver's error in `cause`), outermost first. */
function chain(error: unknown): unknown[] {
  const list: unknown[] = [];
  let current = error;
  while (current !== undefined && current !== null && list.length < 5) {
    list.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return list;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when the error says the database cannot be reached or the connection was lost. */
export function isConnectionFailure(error: unknown): boolean {
  return chain(error).some((e) => {
    const code = codeOf(e);
    if (code && (SOCKET_CODES.has(code) || CONNECTION_SQLSTATES.test(code))) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isConnectionFailure(inner)))
      return true;
    return e instanceof Error && CONNECTION_MESSAGES.some((m) => m.test(e.message));
  });
}

/** True for a deadlock (40P01) or a serialization failure (40001): the transaction may be run again. */
export function isRetryableTransactionFailure(error: unknown): boolean {
  return chain(error).some((e) => {
    const code = codeOf(e);
    return code !== undefined && RETRYABLE_SQLSTATES.has(code);
  });
}

/** Seconds a client is told to wait (Retry-After) after each kind of passing failure. */
export const RETRY_AFTER_CONNECTION_S = 5;
export const RETRY_AFTER_CONFLICT_S = 1;
