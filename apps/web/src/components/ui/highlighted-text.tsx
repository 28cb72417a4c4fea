import { Fragment } from 'react';
import type { HighlightPart } from '../../lib/highlight';

/**
 * A search snippet's parts (lib/highlight.ts) as text, the words found in `<mark>`; the look of
 * the marks is the container's (`[&_mark]:…`).
 */
export function HighlightedText({ parts }: { parts: readonly HighlightPart[] }) {
  return parts.map((part, index) =>
    part.marked ? (
      <mark key={index}>{part.text}</mark>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
