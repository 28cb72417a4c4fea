import type { UploadedFile } from '@plataforma/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFile } from '../../lib/upload';
import { useSubmission } from '../../lib/use-submission';

/** The upload under way: which file and how much of it is sent (0 to 100). */
export interface UploadUnderWay {
  name: string;
  percent: number;
}

export type UploadOutcome =
  | { kind: 'stored'; file: UploadedFile }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown };

/** Whole percent sent; 0 while the size is not known yet. */
export function toPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded * 100) / total)));
}

/**
 * One upload at a time with its progress, and cancel, which really aborts the request. Starting
 * another upload cancels the one under way, and leaving the page (unmounting) cancels it too, so
 * no answer ever lands on a form that moved on.
 *
 * Each upload carries a key (ADR 0070): a 503 or a lost connection is sent again with it, and
 * `retrying` says so; the same file chosen again after the retries ran out keeps its key.
 */
export function useFileUpload() {
  const [underWay, setUnderWay] = useState<UploadUnderWay | null>(null);
  const controller = useRef<AbortController | null>(null);
  const { request, settle, retrying } = useSubmission();

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: File): Promise<UploadOutcome> => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setUnderWay({ name: file.name, percent: 0 });
      const { idempotencyKey, onRetry } = request([
        file.name,
        file.size,
        file.lastModified,
        file.type,
      ]);
      let failure: unknown = null;
      try {
        const stored = await uploadFile(file, {
          signal: own.signal,
          idempotencyKey,
          onRetry: (notice) => {
            if (!own.signal.aborted) onRetry(notice);
          },
          onProgress: ({ loaded, total }) => {
            if (!own.signal.aborted)
              setUnderWay({ name: file.name, percent: toPercent(loaded, total) });
          },
        });
        return own.signal.aborted ? { kind: 'cancelled' } : { kind: 'stored', file: stored };
      } catch (error) {
        failure = error;
        return own.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed', error };
      } finally {
        // A newer upload owns the state now; only the latest one clears it.
        if (controller.current === own) {
          controller.current = null;
          setUnderWay(null);
          settle(failure);
        }
      }
    },
    [request, settle],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
  }, []);

  return { underWay, start, cancel, retrying };
}
