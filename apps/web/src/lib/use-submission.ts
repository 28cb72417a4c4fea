import { useCallback, useRef, useState } from 'react';
import { isTransient, type ApiError, type ApiRequestOptions } from './api-client';

/** What a keyed request of one submission takes: its key and who hears of its retries. */
export type SubmissionRequest = Required<Pick<ApiRequestOptions, 'idempotencyKey' | 'onRetry'>>;

/**
 * A new `Idempotency-Key` (ADR 0070). `crypto.randomUUID` exists only in secure contexts (HTTPS,
 * localhost); an installation opened over plain HTTP on its network still gets a random v4 UUID
 * from `getRandomValues`, which every context has.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per submission of a form that creates something (ADR 0070), and whether its request is
 * being tried again.
 *
 * - `request(sent)` gives the options of a submission of `sent` (the body, or what identifies a
 *   file): its key stays the same while what is sent does, so pressing again after the retries
 *   ran out repeats the same submission, and the API answers its first result if it had one. A
 *   changed form is a new submission with a new key (the same key with another body is a 422).
 *   It is called once per submission, as it starts (not per attempt).
 * - `settle(error)` when it ends: the key is kept only after a transient failure (503, no
 *   answer), whose outcome the API may not have stored; after a success or a refusal the next
 *   press is a new submission, so a refusal is never replayed once its cause is fixed.
 * - `retrying`: the failure being retried (a 503 or a lost connection), null otherwise.
 */
export function useSubmission() {
  const [retrying, setRetrying] = useState<ApiError | null>(null);
  const last = useRef<{ key: string; sent: string } | null>(null);

  const request = useCallback((sent: unknown): SubmissionRequest => {
    const text = JSON.stringify(sent) ?? '';
    setRetrying(null);
    if (last.current?.sent !== text) last.current = { key: newIdempotencyKey(), sent: text };
    return { idempotencyKey: last.current.key, onRetry: ({ error }) => setRetrying(error) };
  }, []);

  const settle = useCallback((error: unknown) => {
    setRetrying(null);
    if (!isTransient(error)) last.current = null;
  }, []);

  return { request, settle, retrying };
}
