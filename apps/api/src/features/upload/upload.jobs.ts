import { isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { files } from '../../db/schema';
import type { JobDefinition } from '../../lib/jobs';
import { PRIVATE_PREFIX, PUBLIC_PREFIX, type FileStorage } from '../../lib/storage';
import type { Database } from '../../db/client';
import { storageKeysOf } from './upload.service';

export const REAP_ORPHAN_UPLOADS = 'storage.reap-orphans';

/** A day: the reaper runs daily, and leaves alone anything written in the last day. */
const DAY_S = 24 * 60 * 60;

/**
 * Bytes younger than this are never reaped: an upload stores its bytes before its row commits,
 * and a removal job may still be on its way for bytes whose row just went.
 */
export const ORPHAN_GRACE_MS = DAY_S * 1000;

/**
 * Removes stored objects that no `files` row names (its key or one of its formats'), written
 * more than a day ago. They are what a process killed between storing an upload's bytes and
 * committing its row leaves behind (ADR 0053); nothing else writes to the storage.
 */
export async function reapOrphanUploads(
  db: Database,
  storage: FileStorage,
  {
    now = new Date(),
    onProgress,
  }: { now?: Date; onProgress?: (checked: number) => Promise<void> } = {},
): Promise<{ checked: number; removed: number }> {
  const named = new Set<string>();
  const rows = await db
    .select({ storageKey: files.storageKey, formats: files.formats })
    .from(files)
    .where(isNotNull(files.storageKey));
  for (const row of rows) for (const key of storageKeysOf(row)) named.add(key);

  const before = now.getTime() - ORPHAN_GRACE_MS;
  let checked = 0;
  let removed = 0;
  for (const prefix of [PUBLIC_PREFIX, PRIVATE_PREFIX]) {
    for await (const entry of storage.list(prefix)) {
      checked += 1;
      if (!named.has(entry.key) && entry.modifiedAt.getTime() < before) {
        await storage.delete(entry.key);
        removed += 1;
      }
      if (checked % 1000 === 0) await onProgress?.(checked);
    }
  }
  return { checked, removed };
}

/** `storage.reap-orphans`: the reaper, once a day, as a recurring job of the queue (ADR 0042). */
export const reapOrphanUploadsJob: JobDefinition<Record<string, never>> = {
  kind: REAP_ORPHAN_UPLOADS,
  payload: z.object({}).strict(),
  repeat: { everySeconds: DAY_S, payload: {} },
  async run({ db, storage, progress }) {
    return reapOrphanUploads(db, storage, { onProgress: (checked) => progress(checked) });
  },
};
