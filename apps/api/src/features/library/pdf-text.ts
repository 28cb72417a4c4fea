import { Piscina } from 'piscina';
import type { PdfText } from './pdf-text-read';

export { MAX_DOCUMENT_TEXT, type PdfText } from './pdf-text-read';

/**
 * The text of a PDF for the library's search (ADR 0036), read in a worker thread (ADR 0042):
 * pdf.js parses and lays out every page synchronously, so a PDF of hundreds of pages read on the
 * API's thread would hold every request meanwhile. A pool of threads (piscina) reads them, each
 * under a time limit and a heap limit; the API's thread only copies the bytes over and waits.
 */

/** Longest a PDF may take to read; a 20-page thesis takes well under a second (`npm run bench`). */
export const PDF_TEXT_TIME_LIMIT_MS = 60_000;
/** As many threads as jobs the queue runs at once (lib/jobs/worker.ts): 2 cores here. */
const THREADS = 2;
/** An idle thread is ended after this; the next PDF starts one again (about 0.2 s). */
const IDLE_MS = 30_000;
/** A PDF that needs more than this to read is refused rather than let grow the process. */
const HEAP_LIMIT_MB = 512;

/** Why a PDF could not be read in the thread: not a fault of the storage or the database. */
export class PdfTextLimitError extends Error {
  override name = 'PdfTextLimitError';
}

/**
 * The thread's module. From the sources (tests, `tsx` in development) it is the TypeScript file
 * beside this one, loaded with tsx's loader; in the bundle (`npm run build`) esbuild made it
 * `dist/pdf-text.worker.js`, beside `server.js` and `seed-cli.js` that this code is bundled into
 * (apps/api/scripts/build.mjs).
 */
function workerModule(): { filename: string; execArgv?: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const file = new URL(
    fromSources ? './pdf-text.worker.ts' : './pdf-text.worker.js',
    import.meta.url,
  );
  return fromSources
    ? { filename: file.href, execArgv: ['--import', 'tsx'] }
    : { filename: file.href };
}

let pool: Piscina | undefined;

/** The pool, started on first use. Idle threads do not keep the process alive (piscina unrefs them). */
function readers(): Piscina {
  pool ??= new Piscina({
    ...workerModule(),
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
  });
  return pool;
}

export interface ExtractPdfTextOptions {
  /** Defaults to {@link PDF_TEXT_TIME_LIMIT_MS}. */
  timeoutMs?: number;
  /** Aborting it ends the reading (its thread is terminated). */
  signal?: AbortSignal;
}

/**
 * Reads a PDF's text in the pool's thread: `indexed` with its text, or `empty` for a damaged,
 * encrypted or image-only PDF (pdf-text-read.ts).
 *
 * @throws PdfTextLimitError when the reading takes longer than the time limit or more memory
 * than the heap limit: its thread is ended, and the same PDF would do the same again.
 * @throws the signal's reason when `signal` aborts it.
 */
export async function extractPdfText(
  bytes: Uint8Array,
  { timeoutMs = PDF_TEXT_TIME_LIMIT_MS, signal }: ExtractPdfTextOptions = {},
): Promise<PdfText> {
  // A copy whose memory moves to the thread (pdf.js also takes ownership of what it is given).
  const copy = new Uint8Array(bytes);
  const limit = AbortSignal.timeout(timeoutMs);
  try {
    return (await readers().run(
      { bytes: copy },
      {
        signal: signal ? AbortSignal.any([signal, limit]) : limit,
        transferList: [copy.buffer],
      },
    )) as PdfText;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (limit.aborted) {
      throw new PdfTextLimitError(`Reading the PDF took longer than ${timeoutMs / 1000} s`);
    }
    if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new PdfTextLimitError(`Reading the PDF needed more than ${HEAP_LIMIT_MB} MB`);
    }
    throw error;
  }
}

/** Readings the pool's threads finished since the process started, and its threads now. */
export function pdfTextReaderStats(): { completed: number; threads: number } {
  return { completed: pool?.completed ?? 0, threads: pool?.threads.length ?? 0 };
}

/** Ends the pool's threads (a tool that wants to exit at once); the next reading starts it again. */
export async function closePdfTextReaders(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
