import type { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { FILE_SIZE_LIMIT_BYTES } from '@plataforma/shared';
import { files, tfxes } from '../../db/schema';
import { enqueueJob, PermanentJobError, type JobDefinition } from '../../lib/jobs';
import type { Transaction } from '../../db/handles';
import { extractPdfText, PdfTextLimitError, type PdfText } from './pdf-text';
import { sweepOldVisits } from './library.visits';

/**
 * The library's background work (ADR 0036, ADR 0037): reading the text of a work's PDF for the
 * full-text search, after the upload, so that neither the upload nor the work's save waits for it.
 */

export const EXTRACT_TFX_TEXT = 'tfx.extract-text';

/** The key of a work's extraction (as migration 0014 writes it): a newer PDF replaces the job. */
export const extractTextKey = (tfxId: number) => `${EXTRACT_TFX_TEXT}:${tfxId}`;

/** Queues the reading of a work's PDF, in the transaction that changed the work's file. */
export function enqueueTextExtraction(tx: Transaction, tfxId: number): Promise<number> {
  return enqueueJob(tx, {
    kind: EXTRACT_TFX_TEXT,
    key: extractTextKey(tfxId),
    payload: { tfxId },
  });
}

/** Bytes read from storage beyond this are not a PDF the upload accepted: read as no text. */
const MAX_PDF_BYTES = FILE_SIZE_LIMIT_BYTES * 2;

async function readAll(body: Readable, limit: number): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > limit) {
      body.destroy();
      return undefined;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

const NO_TEXT: PdfText = { status: 'empty', text: '', pages: 0 };

/** A PDF that cannot be read within the reader's limits will not be on the next attempt either. */
async function readText(bytes: Uint8Array, signal: AbortSignal): Promise<PdfText> {
  try {
    return await extractPdfText(bytes, { signal });
  } catch (error) {
    if (error instanceof PdfTextLimitError) throw new PermanentJobError(error.message);
    throw error;
  }
}

/**
 * `tfx.extract-text` {tfxId}: reads the work's PDF through the storage (in a worker thread,
 * pdf-text.ts) and writes its text and `text_status` (`indexed`, or `empty` for a damaged,
 * encrypted or image-only PDF, or bytes that are gone), only while the work still has the file
 * that was read: when a newer upload replaced it, its own job (the same key, enqueued again)
 * writes the newer text and this one writes nothing. A work without a file is left as it is
 * (`none`). Storage errors are retried; a PDF beyond the reader's time or memory limit is not.
 *
 * When the job fails for good (ADR 0042), the work's `text_status` goes from `pending` to
 * `empty` in the transaction that records the failure: staff see "sin texto indexable" instead
 * of a reading that never ends, and the job keeps the error. A newer PDF queues a new reading.
 */
export const extractTfxTextJob: JobDefinition<{ tfxId: number }> = {
  kind: EXTRACT_TFX_TEXT,
  payload: z.object({ tfxId: z.number().int().positive() }),
  async run({ payload, db, storage, progress, signal }) {
    const [work] = await db
      .select({ fileId: tfxes.fileId, storageKey: files.storageKey })
      .from(tfxes)
      .leftJoin(files, eq(files.id, tfxes.fileId))
      .where(eq(tfxes.id, payload.tfxId))
      .limit(1);
    if (!work) return { skipped: 'the work no longer exists' };
    if (work.fileId === null) {
      // The file was removed after the job was queued: nothing to read, nothing pending.
      await db
        .update(tfxes)
        .set({ text_status: 'none', document_text: null })
        .where(and(eq(tfxes.id, payload.tfxId), isNull(tfxes.fileId)));
      return { skipped: 'the work has no file' };
    }
    await progress(0, 1);
    const stored = work.storageKey ? await storage.get(work.storageKey) : undefined;
    const bytes = stored ? await readAll(stored.body, MAX_PDF_BYTES) : undefined;
    const text = bytes ? await readText(bytes, signal) : NO_TEXT;
    const written = await db
      .update(tfxes)
      .set({
        text_status: text.status,
        document_text: text.status === 'indexed' ? text.text : null,
      })
      .where(and(eq(tfxes.id, payload.tfxId), eq(tfxes.fileId, work.fileId)))
      .returning({ id: tfxes.id });
    await progress(1, 1);
    return {
      fileId: work.fileId,
      status: text.status,
      pages: text.pages,
      characters: text.text.length,
      written: written.length === 1,
    };
  },
  async onFailure({ tx, payload }) {
    // Only a reading still pending: the job was not replaced (a replaced job has not failed), so
    // the work still has the file this job was reading.
    await tx
      .update(tfxes)
      .set({ text_status: 'empty', document_text: null })
      .where(and(eq(tfxes.id, payload.tfxId), eq(tfxes.text_status, 'pending')));
  },
};

export const SWEEP_LIBRARY_VISITS = 'library.sweep-visits';

/** A day: the visits kept are counted in days, and one sweep a day keeps the table at a few days. */
const SWEEP_EVERY_SECONDS = 24 * 60 * 60;

/**
 * `library.sweep-visits` (ADR 0042): deletes the once-per-visitor-per-day rows of
 * `library_visits` older than two days (library.visits.ts), once a day, as a recurring job of the
 * queue: one row, whatever the number of API processes, due again a day after each run.
 */
export const sweepLibraryVisitsJob: JobDefinition<Record<string, never>> = {
  kind: SWEEP_LIBRARY_VISITS,
  payload: z.object({}).strict(),
  repeat: { everySeconds: SWEEP_EVERY_SECONDS, payload: {} },
  async run({ db, progress }) {
    const deleted = await sweepOldVisits(db, { onBatch: (done) => progress(done) });
    return { deleted };
  },
};
