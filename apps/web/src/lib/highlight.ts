import { decodeHtmlEntities } from '@plataforma/shared';

/**
 * A search snippet read as text with highlighted words (ADR 0038, ADR 0060). The API escapes the
 * text before `ts_headline` wraps the words found in `<mark>` (apps/api/src/lib/text-search.ts),
 * so a snippet is escaped text and those two tags, nothing else. Reading it into parts lets React
 * render it as text: no HTML is ever put into the page, so no sanitiser (and no DOMPurify) is
 * needed where the catalogue's and the library's cards show what a search found. Anything else
 * that looks like a tag stays visible text.
 */
export interface HighlightPart {
  text: string;
  /** One of the words the search found. */
  marked: boolean;
}

export function parseHighlight(snippet: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let marked = false;
  for (const piece of snippet.split(/(<\/?mark>)/i)) {
    const tag = piece.toLowerCase();
    if (tag === '<mark>' || tag === '</mark>') {
      marked = tag === '<mark>';
      continue;
    }
    if (piece !== '') parts.push({ text: decodeHtmlEntities(piece), marked });
  }
  return parts;
}

/** The snippet's text, as a person reads it. */
export const highlightText = (parts: readonly HighlightPart[]): string =>
  parts.map((part) => part.text).join('');

/** Whether the snippet holds any of the words found. */
export const hasHighlight = (parts: readonly HighlightPart[]): boolean =>
  parts.some((part) => part.marked && part.text.trim() !== '');
