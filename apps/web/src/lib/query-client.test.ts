import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { MAX_RETRIES, createQueryClient, shouldRetry } from './query-client';

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

describe('createQueryClient', () => {
  it('never treats data as stale (spec §9)', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(Infinity);
  });
});
