import { decodeHtmlEntities } from '@plataforma/shared';
import sanitizeHtml from 'sanitize-html';

/**
 * An announcement's cleaned rich text read as plain text, for its email (ADR 0045): paragraphs,
 * headings, list items and quotes become blocks separated by a blank line, a link keeps its
 * address after its text. The email's template escapes it, so whatever the HTML held, it reaches
 * the email as text.
 */
export function richTextToPlain(html: string): string {
  const withBreaks = html
    .replace(
      /<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_all, href: string, text: string) => {
        const label = text.replace(/<[^>]*>/g, '').trim();
        const address = decodeHtmlEntities(href);
        return label && decodeHtmlEntities(label) !== address ? `${text} (${href})` : href;
      },
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<hr\b[^>]*>/gi, '\n\n')
    .replace(/<\/li>/gi, '\n')
    .replace(/<\/(p|h2|h3|blockquote|ul|ol)>/gi, '\n\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return decodeHtmlEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
