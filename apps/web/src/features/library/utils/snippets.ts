import type { TfxSnippets } from '@plataforma/shared';
import {
  hasHighlight,
  highlightText,
  parseHighlight,
  type HighlightPart,
} from '../../../lib/highlight';

/** One place where the words of a search were found, read as text with `<mark>` parts. */
export interface SnippetLine {
  where: 'title' | 'summary' | 'document';
  /** "En el título", "En el resumen", "En el documento". */
  label: string;
  parts: HighlightPart[];
}

const LABELS: Record<SnippetLine['where'], string> = {
  title: 'En el título',
  summary: 'En el resumen',
  document: 'En el documento',
};

/**
 * The card's view of a search's snippets (ADR 0040): the title shown highlighted in place when
 * the snippet is the whole title, and a line for each other place that holds the words ("En el
 * documento: …" for a passage of the PDF). Every snippet is read by lib/highlight.ts and
 * rendered as text: only its `<mark>` parts are marked.
 */
export function readSnippets(
  title: string,
  snippets: TfxSnippets | null,
): { titleParts: HighlightPart[] | null; lines: SnippetLine[] } {
  if (!snippets) return { titleParts: null, lines: [] };
  const lines: SnippetLine[] = [];
  let titleParts: HighlightPart[] | null = null;
  const titleSnippet = snippets.title ? parseHighlight(snippets.title) : [];
  if (hasHighlight(titleSnippet)) {
    if (highlightText(titleSnippet).trim() === title.trim()) titleParts = titleSnippet;
    else lines.push({ where: 'title', label: LABELS.title, parts: titleSnippet });
  }
  for (const where of ['summary', 'document'] as const) {
    const snippet = snippets[where];
    const parts = snippet ? parseHighlight(snippet) : [];
    if (hasHighlight(parts)) lines.push({ where, label: LABELS[where], parts });
  }
  return { titleParts, lines };
}
