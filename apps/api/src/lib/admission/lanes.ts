import { Lane, type LaneLimits, type LaneTiming } from './lane';

/**
 * The lanes of a process (ADR 0069):
 * - `main`: every request that works in the database, from the moment its body is read until
 *   its answer is sent;
 * - `session`: the bearer token's account, read when it is not cached (plugins/actor.ts): one
 *   indexed row, which every signed-in request needs first, so it never waits behind searches;
 * - `auth`: the requests that hash or check a password with argon2id (sign-in, registration,
 *   password reset and change, the first start's setup): CPU, not the database.
 */
export type LaneName = 'main' | 'session' | 'auth';

export const LANE_NAMES: readonly LaneName[] = ['main', 'session', 'auth'];

/** The wait a queue is sized for: a person still waits, a client's 30 s timeout is far. */
export const TARGET_WAIT_MS = 2_000;
/** The longest anyone waits in a queue: the database pool's own connect timeout (ADR 0053). */
export const MAX_WAIT_MS = 5_000;

export interface SizingInput {
  /** DB_POOL_SIZE: connections of this process's pool. */
  poolSize: number;
  /** API_WORKERS: processes sharing the machine's cores. */
  workers: number;
  /** The machine's cores (os.availableParallelism()). */
  cores: number;
  /** libuv's thread pool, where argon2 runs beside file reads and compression (default 4). */
  threadpool: number;
}

/**
 * Each lane's limits from the pool and the machine:
 * - a fifth of the pool (at least one connection) is kept for sessions, the rest serves `main`:
 *   a request holds one connection at a time, so the account reads always find one free;
 * - sign-ins run one per core of this process's share of the machine (a hash is 20–30 ms of one
 *   core), and never on every thread of libuv's pool, which file reads and compression need too;
 *   their queue stays short (eight per slot: a quarter of a second's work);
 * - queues hold at least one round of their slots and at most 64 per slot (sessions 1,000);
 *   in between, what the measured service time serves within TARGET_WAIT_MS.
 */
export function laneLimitsFor({
  poolSize,
  workers,
  cores,
  threadpool,
}: SizingInput): Record<LaneName, LaneLimits> {
  const session = Math.max(1, Math.ceil(poolSize / 5));
  const main = Math.max(1, poolSize - session);
  const auth = Math.max(
    1,
    Math.min(Math.floor(cores / Math.max(1, workers)), Math.max(1, threadpool - 1)),
  );
  return {
    main: { slots: main, minQueue: main, maxQueue: 64 * main, initialServiceMs: 50 },
    session: { slots: session, minQueue: 32, maxQueue: 1_000, initialServiceMs: 5 },
    auth: { slots: auth, minQueue: auth, maxQueue: 8 * auth, initialServiceMs: 50 },
  };
}

/** Limits given instead of the computed ones (tests make small lanes to fill them). */
export type LaneOverrides = Partial<Record<LaneName, Partial<LaneLimits>>>;

/** The lanes of one process. */
export function createLanes(
  limits: Record<LaneName, LaneLimits>,
  overrides: LaneOverrides = {},
  timing: LaneTiming = { targetWaitMs: TARGET_WAIT_MS, maxWaitMs: MAX_WAIT_MS },
): Record<LaneName, Lane> {
  const lane = (name: LaneName) => new Lane(name, { ...limits[name], ...overrides[name] }, timing);
  return { main: lane('main'), session: lane('session'), auth: lane('auth') };
}
