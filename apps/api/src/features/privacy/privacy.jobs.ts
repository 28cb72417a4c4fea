import { z } from 'zod';
import { enqueueJob, type JobDefinition } from '../../lib/jobs';
import { assertValidKey } from '../../lib/storage';
import type { Transaction } from '../../db/handles';

/**
 * Removing stored bytes whose rows a transaction deleted (ADR 0054): queued in that transaction,
 * so the bytes go only once the rows are gone for good, and still go if the process stops right
 * after the commit. Deleting a missing key is harmless, so running it twice is too.
 */
export const REMOVE_STORED_FILES = 'storage.remove';

const payload = z.object({ keys: z.array(z.string().min(1).max(400)).min(1).max(10_000) });

export function enqueueStoredFilesRemoval(tx: Transaction, keys: string[]): Promise<number> | null {
  if (keys.length === 0) return null;
  return enqueueJob(tx, { kind: REMOVE_STORED_FILES, payload: { keys } });
}

export const removeStoredFilesJob: JobDefinition<z.infer<typeof payload>> = {
  kind: REMOVE_STORED_FILES,
  payload,
  async run({ payload: { keys }, storage, progress }) {
    let done = 0;
    for (const key of keys) {
      assertValidKey(key);
      await storage.delete(key);
      done += 1;
      if (done % 100 === 0) await progress(done, keys.length);
    }
    return { removed: keys.length };
  },
};
