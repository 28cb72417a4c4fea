import type { ReactNode } from 'react';
import { RICH_TEXT_CLASSES } from '../../../components/ui/rich-text';
import { formatLongDate } from '../../../lib/dates';
import type { PlaceholderValues } from '../types';
import { fillPlaceholders } from '../utils/fill-placeholders';

interface LegalDocumentProps {
  title: string;
  /** The text's HTML as stored (cleaned and filled here). */
  content: string;
  version: number;
  /** When this version was written. */
  date: string;
  placeholders: PlaceholderValues;
  /** Shown between the heading and the text (the notice of an earlier version). */
  notice?: ReactNode;
}

/**
 * A legal text as people read it (ADR 0035): its title as the page's heading, its version and
 * date, and the text with the branding's names filled in.
 */
export function LegalDocument({
  title,
  content,
  version,
  date,
  placeholders,
  notice,
}: LegalDocumentProps) {
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-2 border-b border-slate-200 pb-5">
        <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
          {title}
        </h1>
        <p className="text-sm text-slate-700">
          Versión {version} · <time dateTime={date}>{formatLongDate(date)}</time>
        </p>
      </header>
      {notice}
      <div
        className={RICH_TEXT_CLASSES}
        // Cleaned with DOMPurify, then filled with text nodes (utils/fill-placeholders).
        dangerouslySetInnerHTML={{ __html: fillPlaceholders(content, placeholders) }}
      />
    </article>
  );
}
