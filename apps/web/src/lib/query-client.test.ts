import { describe, expect, it, vi } from 'vitest';
import { ApiError, RETRY_LIMITS } from './api-client';
import { MAX_RETRIES, createQueryClient, queryRetryDelay, shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('when the answer is a 4xx, it never retries', () => {
    expect(shouldRetry(0, new ApiError(404, 'Not Found', 'NotFoundError'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'Unauthorized', 'UnauthorizedError'))).toBe(false);
  });

  it(`when the failure may be transient (network, 5xx, 429), it retries up to ${MAX_RETRIES} times`, () => {
    for (const error of [
      new ApiError(0, 'offline', 'NetworkError'),
      new ApiError(503, 'Unavailable', 'ServiceUnavailableError'),
      new ApiError(429, 'Too many', 'RateLimitError'),
    ]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(MAX_RETRIES - 1, error)).toBe(true);
      expect(shouldRetry(MAX_RETRIES, error)).toBe(false);
    }
  });
});

describe('a read the API turned away (ADR 0070)', () => {
  const unavailable = (retryAfterSeconds?: number) =>
    new ApiError(503, 'Unavailable', 'ServiceUnavailableError', {}, { retryAfterSeconds });

  it('waits at least the Retry-After before asking again', () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(queryRetryDelay(0, unavailable(2))).toBe(2_000);
    expect(queryRetryDelay(0, unavailable())).toBe(0);
    random.mockRestore();
  });

  it('does not wait out a Retry-After longer than its own longest wait: the error says it', () => {
    expect(shouldRetry(0, unavailable(RETRY_LIMITS.capMs / 1000))).toBe(true);
    expect(shouldRetry(0, unavailable(RETRY_LIMITS.capMs / 1000 + 1))).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('never treats data as stale (spec §9)', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(Infinity);
  });
});
