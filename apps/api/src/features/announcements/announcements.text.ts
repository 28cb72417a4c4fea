import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

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
        const address = decodeEntities(href);
        return label && decodeEntities(label) !== address ? `${text} (${href})` : href;
      },
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<hr\b[^>]*>/gi, '\n\n')
    .replace(/<\/li>/gi, '\n')
    .replace(/<\/(p|h2|h3|blockquote|ul|ol)>/gi, '\n\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
