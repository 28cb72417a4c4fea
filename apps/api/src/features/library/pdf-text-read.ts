import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text of a PDF for the library's search (ADR 0036), read with unpdf (Mozilla's pdf.js built
 * for servers). A damaged, encrypted or image-only PDF has no indexable text: it answers `empty`
 * and the work stays listed; it is never an error for whoever uploaded it.
 *
 * This reads on the calling thread: only the worker thread of `pdf-text.worker.ts` calls it, and
 * everyone else calls `extractPdfText()` (pdf-text.ts), which hands the bytes to that thread
 * (ADR 0042).
 */

/**
 * Beyond this the text is cut: a tsvector holds at most 1 MB, and the first pages of a thesis
 * (abstract, introduction, chapters) are what a search needs.
 */
export const MAX_DOCUMENT_TEXT = 400_000;

export interface PdfText {
  status: 'indexed' | 'empty';
  text: string;
  pages: number;
}

/** Reads the text of a PDF here, on this thread (see above: call `extractPdfText()` instead). */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of the buffer it is given: pass a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch {
    // InvalidPDFException, PasswordException...: kept, without indexable text.
    return { status: 'empty', text: '', pages: 0 };
  }
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: true });
    const clean = text
      .replace(/\0/g, '')
      .replace(/[ \t]+/g, ' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim()
      .slice(0, MAX_DOCUMENT_TEXT);
    // Fewer than a handful of letters is a scanned document (or a cover page only).
    const letters = clean.replace(/[^\p{L}]/gu, '').length;
    return letters >= 20
      ? { status: 'indexed', text: clean, pages: totalPages }
      : { status: 'empty', text: '', pages: totalPages };
  } catch {
    return { status: 'empty', text: '', pages: 0 };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}
