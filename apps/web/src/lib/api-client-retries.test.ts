import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFull, jsonResponse, refusal } from '../../test/api';
import {
  ApiError,
  NETWORK_ERROR_STATUS,
  RETRY_LIMITS,
  apiRequest,
  retryDelay,
  type RetryNotice,
} from './api-client';

/**
 * ADR 0070: a request with an Idempotency-Key is tried again on a 503 or a lost connection, with
 * back-off and Retry-After, within a bound; without a key nothing is repeated. Time is faked: the
 * tests say what happens and in which order, not how long each wait is.
 */

type Answer = () => Response | Promise<Response>;

/** A fetch that gives `answers` in turn (the last one from then on) and records each request. */
function serveInTurn(...answers: Answer[]) {
  const seen: { key: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ key: (init?.headers as Record<string, string>)['Idempotency-Key'] });
      const answer = answers[Math.min(seen.length, answers.length) - 1]!;
      return answer();
    }),
  );
  return seen;
}

const created = () => jsonResponse({ data: { id: 71 } }, 201);
const connectionLost: Answer = () => {
  throw new TypeError('fetch failed');
};

/** The request's outcome without an unhandled rejection while timers run. */
function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

const KEY = '3f0c8a52-6a3e-4c1e-9a51-0d7f6b2a9e11';
const apply = (options: Parameters<typeof apiRequest>[1] = {}) =>
  apiRequest('/api/applys', { method: 'POST', body: { data: {} }, auth: false, ...options });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('apiRequest with an idempotency key', () => {
  it('sends the key as Idempotency-Key, and the same key on every attempt', async () => {
    const seen = serveInTurn(() => apiFull(null), connectionLost, created);
    const outcome = settle(apply({ idempotencyKey: KEY }));
    await vi.runAllTimersAsync();
    expect((await outcome).value).toEqual({ data: { id: 71 } });
    expect(seen.map((request) => request.key)).toEqual([KEY, KEY, KEY]);
  });

  it('when the API is full (503 with Retry-After), it waits at least that long, then sends again', async () => {
    const seen = serveInTurn(() => apiFull(2), created);
    const notices: RetryNotice[] = [];
    const outcome = settle(apply({ idempotencyKey: KEY, onRetry: (n) => notices.push(n) }));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toHaveLength(1);
    expect(notices.map((n) => n.error.status)).toEqual([503]);
    // Not before the API said: still one request just short of its Retry-After.
    await vi.advanceTimersByTimeAsync(1_999);
    expect(seen).toHaveLength(1);
    await vi.runAllTimersAsync();
    expect(seen).toHaveLength(2);
    expect((await outcome).value).toEqual({ data: { id: 71 } });
  });

  it('when the connection is lost, it tries again and the form is told first', async () => {
    const seen = serveInTurn(connectionLost, created);
    const events: string[] = [];
    const outcome = settle(
      apply({
        idempotencyKey: KEY,
        onRetry: ({ error }) => events.push(`retry after ${error.status}`),
      }),
    ).then((result) => {
      events.push('answered');
      return result;
    });
    await vi.runAllTimersAsync();
    expect((await outcome).value).toEqual({ data: { id: 71 } });
    expect(events).toEqual([`retry after ${NETWORK_ERROR_STATUS}`, 'answered']);
    expect(seen).toHaveLength(2);
  });

  it('when the API refuses (422: the key with another body), it is not tried again', async () => {
    const seen = serveInTurn(() =>
      refusal('Esta clave ya se usó con otros datos.', 422, 'UnprocessableEntityError'),
    );
    const outcome = settle(apply({ idempotencyKey: KEY }));
    await vi.runAllTimersAsync();
    const { error } = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect(seen).toHaveLength(1);
  });

  it('when the API stays full, the last 503 reaches the caller after a bounded number of attempts', async () => {
    const seen = serveInTurn(() => apiFull(1));
    const notices: RetryNotice[] = [];
    const outcome = settle(apply({ idempotencyKey: KEY, onRetry: (n) => notices.push(n) }));
    await vi.runAllTimersAsync();
    const { error } = await outcome;
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).toBe(
      'Hay mucha gente ahora mismo. Vuelve a intentarlo en unos segundos.',
    );
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.length).toBeLessThanOrEqual(RETRY_LIMITS.attempts);
    // Each retry was announced; the last failure was not (nothing follows it).
    expect(notices).toHaveLength(seen.length - 1);
  });

  it('when the API asks for a wait longer than the whole budget, it gives up at once', async () => {
    const seen = serveInTurn(() => apiFull(RETRY_LIMITS.budgetMs / 1000 + 1));
    const outcome = settle(apply({ idempotencyKey: KEY }));
    await vi.runAllTimersAsync();
    expect(((await outcome).error as ApiError).status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it('when the request is aborted while it waits to try again, it stops with an AbortError', async () => {
    const seen = serveInTurn(() => apiFull(5), created);
    const controller = new AbortController();
    const outcome = settle(apply({ idempotencyKey: KEY, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toHaveLength(1);
    controller.abort();
    await vi.runAllTimersAsync();
    const { error } = await outcome;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(seen).toHaveLength(1);
  });
});

describe('apiRequest without an idempotency key', () => {
  it('a POST that meets a 503 or a lost connection is sent once and fails', async () => {
    for (const answer of [() => apiFull(1), connectionLost]) {
      const seen = serveInTurn(answer, created);
      const outcome = settle(apply());
      await vi.runAllTimersAsync();
      expect((await outcome).error).toBeInstanceOf(ApiError);
      expect(seen).toEqual([{ key: undefined }]);
    }
  });
});

describe('retryDelay', () => {
  it('is never sooner than Retry-After, and the random part never exceeds the cap', () => {
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValue(0);
    expect(retryDelay(0, 3)).toBe(3_000);
    random.mockReturnValue(0.999_999);
    expect(retryDelay(10)).toBeLessThan(RETRY_LIMITS.capMs);
    expect(retryDelay(0)).toBeLessThan(retryDelay(2));
    random.mockRestore();
  });
});
