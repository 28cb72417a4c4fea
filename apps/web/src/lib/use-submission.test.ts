import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_STATUS } from './api-client';
import { newIdempotencyKey, useSubmission } from './use-submission';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const full = new ApiError(503, 'Hay mucha gente ahora mismo.', 'ServiceUnavailableError');
const offline = new ApiError(NETWORK_ERROR_STATUS, 'Sin conexión', 'NetworkError');
const refused = new ApiError(400, 'El plazo ha terminado', 'ValidationError');

describe('useSubmission (ADR 0070)', () => {
  it('after the retries ran out (503 or no answer), the same body is sent again with the same key', () => {
    const { result } = renderHook(() => useSubmission());
    for (const failure of [full, offline]) {
      const first = result.current.request({ interest: 'Huertos' }).idempotencyKey;
      act(() => result.current.settle(failure));
      expect(result.current.request({ interest: 'Huertos' }).idempotencyKey).toBe(first);
      act(() => result.current.settle(null));
    }
  });

  it('a changed form is a new submission with a new key', () => {
    const { result } = renderHook(() => useSubmission());
    const first = result.current.request({ interest: 'Huertos' }).idempotencyKey;
    act(() => result.current.settle(full));
    expect(result.current.request({ interest: 'Huertos urbanos' }).idempotencyKey).not.toBe(first);
  });

  it('after a success or a refusal, the next press is a new submission even with the same body', () => {
    const { result } = renderHook(() => useSubmission());
    for (const outcome of [null, refused]) {
      const first = result.current.request({ subject: 'Aviso' }).idempotencyKey;
      act(() => result.current.settle(outcome));
      expect(result.current.request({ subject: 'Aviso' }).idempotencyKey).not.toBe(first);
    }
  });

  it('says which failure is being tried again until the submission settles', () => {
    const { result } = renderHook(() => useSubmission());
    const { onRetry } = result.current.request({});
    act(() => onRetry({ error: full, delayMs: 0 }));
    expect(result.current.retrying).toBe(full);
    act(() => result.current.settle(full));
    expect(result.current.retrying).toBeNull();
  });
});

describe('newIdempotencyKey', () => {
  it('is a random v4 UUID, also where crypto.randomUUID is missing (plain HTTP)', () => {
    expect(newIdempotencyKey()).toMatch(UUID);
    // An own property shadows the prototype's method; removing it (or putting back an own one)
    // restores what the environment had.
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const keys = [newIdempotencyKey(), newIdempotencyKey()];
      expect(keys[0]).toMatch(UUID);
      expect(keys[0]).not.toBe(keys[1]);
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else Reflect.deleteProperty(crypto, 'randomUUID');
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});
