import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, jobs, tfxes, tfxSearch } from '../../db/schema';
import { enqueueJob } from '../../lib/jobs';
import { LocalStorage, type FileStorage } from '../../lib/storage';
import { getTestApp, TEST_CONFIG } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  aStudentWithProfile,
  createWork,
  enableTfxUploads,
  imageOnlyPdf,
  ownWork,
  pdfWithText,
  uploadFile,
} from '../../../test/helpers/library';
import { EXTRACT_TFX_TEXT, extractTfxTextJob, extractTextKey } from './library.jobs';
import { extractPdfText, PdfTextLimitError, pdfTextReaderStats } from './pdf-text';

/**
 * The reading of a work's PDF for the search (ADR 0036, ADR 0037): real PDFs made with pdf-lib,
 * uploaded through POST /api/upload, read by the job queue through the storage.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await getTestApp();
  await enableTfxUploads();
});

async function db() {
  return (await getTestDatabase()).db;
}

/** A student's work with this PDF, its text read by the queue. */
async function workWithPdf(pdf: Buffer, values: Record<string, unknown> = {}) {
  const author = await aStudentWithProfile(app);
  const fileId = await uploadFile(app, author.headers, pdf);
  const created = await createWork(app, author.headers, ownWork({ file: fileId, ...values }));
  expect(created.status, created.text).toBe(200);
  await app.jobs.flush();
  const id = created.body.data.id;
  const [row] = await (await db()).select().from(tfxes).where(eq(tfxes.id, id));
  const [job] = await (
    await db()
  )
    .select()
    .from(jobs)
    .where(eq(jobs.key, extractTextKey(id)));
  return { author, fileId, id, row: row!, job: job! };
}

/** Whether the work is found by these words in the library's Spanish text search. */
async function found(id: number, words: string): Promise<boolean> {
  const rows = await (
    await db()
  )
    .select({ id: tfxSearch.id })
    .from(tfxSearch)
    .where(
      and(
        eq(tfxSearch.id, id),
        sql`${tfxSearch.vector} @@ websearch_to_tsquery('public.es', ${words})`,
      ),
    );
  return rows.length === 1;
}

/** Twenty pages of a thesis; the words searched appear only inside the PDF. */
function thesisPages(): string[] {
  return Array.from({ length: 20 }, (_, page) =>
    page === 13
      ? 'Las cianobacterias del humedal realizan la fotosíntesis incluso en invierno.\nConclusión del capítulo sobre el zooplancton lagunar.'
      : `Página ${page + 1}. Texto corrido de la memoria con datos de muestreo y discusión.`,
  );
}

describe('the text of a work’s PDF', () => {
  it('when a work with a PDF is created, a word found only inside the PDF becomes searchable, stemmed and without accents', async () => {
    const { id, row, job } = await workWithPdf(await pdfWithText(thesisPages()), {
      title: 'Calidad del agua en humedales',
      summary: 'Un estudio de campo.',
    });
    expect(row.text_status).toBe('indexed');
    expect(row.document_text).toContain('cianobacterias del humedal');
    expect(row.title + (row.summary ?? '')).not.toMatch(/cianobacteria|fotos[ií]ntesis/i);
    expect(job).toMatchObject({ status: 'done', attempts: 1, progressDone: 1, progressTotal: 1 });
    expect(job.result).toMatchObject({ status: 'indexed', pages: 20, written: true });
    expect(await found(id, 'cianobacterias')).toBe(true);
    // The Spanish configuration: singular finds the plural, no accents finds the accented word.
    expect(await found(id, 'cianobacteria')).toBe(true);
    expect(await found(id, 'fotosintesis')).toBe(true);
    expect(await found(id, 'zooplancton lagunar')).toBe(true);
    expect(await found(id, 'dinosaurio')).toBe(false);
  });

  it('when the PDF is damaged, the work is kept with no indexable text and the job is done, not failed', async () => {
    const whole = await pdfWithText(['Un texto que nunca se podrá leer del documento dañado']);
    const damaged = Buffer.concat([whole.subarray(0, 60), Buffer.from('basura\0\0\0')]);
    const { row, job } = await workWithPdf(damaged);
    expect(row).toMatchObject({ text_status: 'empty', document_text: null });
    expect(job).toMatchObject({ status: 'done', lastError: null });
  });

  it('when the PDF holds only pictures (a scan), the work has no indexable text', async () => {
    const { row, job } = await workWithPdf(await imageOnlyPdf());
    expect(row).toMatchObject({ text_status: 'empty', document_text: null });
    expect(job).toMatchObject({ status: 'done' });
  });

  it('when a newer PDF replaced the one being read, the reading writes nothing', async () => {
    const { id, fileId, row } = await workWithPdf(
      await pdfWithText(['El primer documento habla de salinas y flamencos']),
    );
    expect(row.document_text).toContain('flamencos');
    const author = await aStudentWithProfile(app);
    const newer = await uploadFile(
      app,
      author.headers,
      await pdfWithText(['El segundo documento habla de dunas']),
    );
    // The reading of the first file is slow; meanwhile the work gets the newer file. The update
    // waits until the job has read the work's row and asks for the bytes: on PostgreSQL's pool the
    // two statements would otherwise race, and the job could read the newer file's id.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked: () => void = () => undefined;
    const askedForBytes = new Promise<void>((resolve) => (asked = resolve));
    const local = new LocalStorage(TEST_CONFIG.uploadDir);
    const slow: FileStorage = {
      ...local,
      provider: local.provider,
      get: async (key) => {
        asked();
        await released;
        return local.get(key);
      },
      put: (key, source, type) => local.put(key, source, type),
      delete: (key) => local.delete(key),
      list: (prefix) => local.list(prefix),
      publicUrl: (key) => local.publicUrl(key),
    };
    const reading = runExtraction(id, slow);
    await askedForBytes;
    await (await db()).update(tfxes).set({ fileId: newer }).where(eq(tfxes.id, id));
    release();
    expect(await reading).toMatchObject({ fileId, written: false });
    const [after] = await (await db()).select().from(tfxes).where(eq(tfxes.id, id));
    expect(after!.document_text).toContain('flamencos');
  });

  it('when the stored bytes are gone, the work has no indexable text; when the storage fails, the job throws and is retried', async () => {
    const { id } = await workWithPdf(
      await pdfWithText(['Un documento cuyos bytes desaparecerán del almacenamiento']),
    );
    await (await db()).update(tfxes).set({ text_status: 'pending' }).where(eq(tfxes.id, id));
    const local = new LocalStorage(TEST_CONFIG.uploadDir);
    const gone: FileStorage = {
      provider: local.provider,
      get: async () => undefined,
      put: async () => undefined,
      delete: async () => undefined,
      list: (prefix) => local.list(prefix),
      publicUrl: (key) => local.publicUrl(key),
    };
    expect(await runExtraction(id, gone)).toMatchObject({ status: 'empty', written: true });
    const [row] = await (await db()).select().from(tfxes).where(eq(tfxes.id, id));
    expect(row).toMatchObject({ text_status: 'empty', document_text: null });

    const failing: FileStorage = {
      ...gone,
      get: async () => {
        throw new Error('S3 no responde');
      },
    };
    await expect(runExtraction(id, failing)).rejects.toThrow('S3 no responde');
    const streamFailing: FileStorage = {
      ...gone,
      get: async () => ({
        size: 10,
        body: new Readable({
          read() {
            this.destroy(new Error('conexión cortada'));
          },
        }),
      }),
    };
    await expect(runExtraction(id, streamFailing)).rejects.toThrow('conexión cortada');
  });

  it('when the work is gone, or its file was removed, the job ends without error', async () => {
    expect(await runExtraction(2_000_000_000, new LocalStorage(TEST_CONFIG.uploadDir))).toEqual({
      skipped: 'the work no longer exists',
    });
    const { id } = await workWithPdf(await pdfWithText(['Un documento que luego se quita']));
    const removed = await app.entities.update(
      'api::tfx.tfx',
      id,
      { data: { file: null } },
      {},
      { kind: 'user', userId: (await aStudentWithProfile(app)).user.id, role: 'admin' },
    );
    expect(removed.data?.attributes).toMatchObject({ text_status: 'none' });
    const [row] = await (await db()).select().from(tfxes).where(eq(tfxes.id, id));
    expect(row).toMatchObject({ text_status: 'none', document_text: null });
    expect(await runExtraction(id, new LocalStorage(TEST_CONFIG.uploadDir))).toEqual({
      skipped: 'the work has no file',
    });
  });
});

describe('the reading of a PDF, in a worker thread (ADR 0042)', () => {
  it('when a work with a PDF is created, its text is read by the reader’s thread and written as before', async () => {
    const before = pdfTextReaderStats().completed;
    const { id, row, job } = await workWithPdf(
      await pdfWithText(['Las salinas de Torrevieja tienen artemias de color rosado todo el año']),
    );
    expect(row).toMatchObject({ text_status: 'indexed' });
    expect(row.document_text).toContain('artemias de color rosado');
    expect(job).toMatchObject({ status: 'done', result: { status: 'indexed', written: true } });
    expect(await found(id, 'artemia')).toBe(true);
    // One more reading finished in the pool's threads: the API's thread only waited for it.
    expect(pdfTextReaderStats().completed).toBe(before + 1);
  });

  it('when a reading takes longer than its time limit, its thread is ended with PdfTextLimitError, and the next PDF is read', async () => {
    const pdf = await pdfWithText(thesisPages());
    await expect(extractPdfText(pdf, { timeoutMs: 1 })).rejects.toBeInstanceOf(PdfTextLimitError);
    expect(await extractPdfText(pdf)).toMatchObject({ status: 'indexed', pages: 20 });
  });
});

describe('a reading that fails for good (ADR 0042)', () => {
  it('when every attempt throws, the work stays pending between attempts and has no indexable text once the last one fails', async () => {
    const { id, fileId } = await workWithPdf(
      await pdfWithText(['Un documento que el almacenamiento nunca podrá devolver']),
    );
    // The file's key is one no storage accepts: every attempt throws, as a storage that is down.
    await (
      await db()
    )
      .update(files)
      .set({ storageKey: 'private/../fuera-del-almacen.pdf' })
      .where(eq(files.id, fileId));
    await (
      await db()
    ).transaction(async (tx) => {
      await tx
        .update(tfxes)
        .set({ text_status: 'pending', document_text: null })
        .where(eq(tfxes.id, id));
      await enqueueJob(tx, {
        kind: EXTRACT_TFX_TEXT,
        key: extractTextKey(id),
        payload: { tfxId: id },
        maxAttempts: 2,
      });
    });
    const jobOf = async () =>
      (
        await (
          await db()
        )
          .select()
          .from(jobs)
          .where(eq(jobs.key, extractTextKey(id)))
      )[0]!;
    const workOf = async () =>
      (await (await db()).select().from(tfxes).where(eq(tfxes.id, id)))[0]!;

    await app.jobs.flush();
    expect(await jobOf()).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await jobOf()).lastError).toContain('Invalid storage key');
    expect(await workOf()).toMatchObject({ text_status: 'pending' });

    await (
      await db()
    )
      .update(jobs)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(jobs.key, extractTextKey(id)));
    await app.jobs.flush();
    expect(await jobOf()).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await workOf()).toMatchObject({ text_status: 'empty', document_text: null });
  });

  it('when the failed reading was of a work whose text is no longer pending, the work is left as it is', async () => {
    const { id } = await workWithPdf(await pdfWithText(['Un documento leído sin problemas']));
    await (
      await db()
    ).transaction((tx) =>
      extractTfxTextJob.onFailure!({
        tx,
        payload: { tfxId: id },
        job: { id: 0, kind: EXTRACT_TFX_TEXT, attempts: 5, maxAttempts: 5 },
        error: 'Error: otro fallo',
        log: pino({ level: 'silent' }),
      }),
    );
    const [row] = await (await db()).select().from(tfxes).where(eq(tfxes.id, id));
    expect(row).toMatchObject({ text_status: 'indexed' });
    expect(row!.document_text).toContain('sin problemas');
  });
});

/** Runs the extraction of a work directly, with a storage of the test's choosing. */
async function runExtraction(tfxId: number, storage: FileStorage) {
  return extractTfxTextJob.run({
    job: { id: 0, kind: extractTfxTextJob.kind, attempt: 1, maxAttempts: 5 },
    payload: { tfxId },
    db: await db(),
    storage,
    log: pino({ level: 'silent' }),
    progress: async () => undefined,
    signal: new AbortController().signal,
  });
}
