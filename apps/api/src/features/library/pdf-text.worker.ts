import { readPdfText, type PdfText } from './pdf-text-read';

/**
 * The worker thread's side of `extractPdfText()` (pdf-text.ts, ADR 0042): piscina imports this
 * module in a thread of its pool and calls the default export with each task. pdf.js parses and
 * lays out the document here, so a long PDF takes this thread's time, never the API's event loop.
 */
export default function extractInWorker({ bytes }: { bytes: Uint8Array }): Promise<PdfText> {
  return readPdfText(bytes);
}
