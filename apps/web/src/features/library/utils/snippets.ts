import type { TfxSnippets } from '@plataforma/shared';
import { htmlToText, sanitizeHighlight } from '../../../lib/sanitize-html';

/** One place where the words of a search were found, as safe HTML with `<mark>`. */
export interface SnippetLine {
  where: 'title' | 'summary' | 'document';
  /** "En el título", "En el resumen", "En el documento". */
  label: string;
  html: string;
}

const LABELS: Record<SnippetLine['where'], string> = {
  title: 'En el título',
  summary: 'En el resumen',
  document: 'En el documento',
};

const hasMark = (html: string | null): html is string => html !== null && /<mark>/i.test(html);

/**
 * The card's view of a search's snippets (ADR 0040): the title shown highlighted in place when
 * the snippet is the whole title, and a line for each other place that holds the words ("En el
 * documento: …" for a passage of the PDF). Every piece of HTML goes through the one cleaning of
 * lib/sanitize-html.ts and keeps only `<mark>`.
 */
export function readSnippets(
  title: string,
  snippets: TfxSnippets | null,
): { titleHtml: string | null; lines: SnippetLine[] } {
  if (!snippets) return { titleHtml: null, lines: [] };
  const lines: SnippetLine[] = [];
  let titleHtml: string | null = null;
  if (hasMark(snippets.title)) {
    const clean = sanitizeHighlight(snippets.title);
    if (htmlToText(clean).trim() === title.trim()) titleHtml = clean;
    else lines.push({ where: 'title', label: LABELS.title, html: clean });
  }
  for (const where of ['summary', 'document'] as const) {
    const html = snippets[where];
    if (hasMark(html)) lines.push({ where, label: LABELS[where], html: sanitizeHighlight(html) });
  }
  return { titleHtml, lines };
}
