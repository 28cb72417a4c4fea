import { LEGAL_PLACEHOLDERS, type LegalPlaceholder } from '@plataforma/shared';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import type { PlaceholderValues } from '../types';

const PLACEHOLDERS = Object.keys(LEGAL_PLACEHOLDERS) as LegalPlaceholder[];
const PATTERN = new RegExp(`(${PLACEHOLDERS.map((p) => p.replace(/[{}]/g, '\\$&')).join('|')})`);

const isPlaceholder = (part: string): part is LegalPlaceholder =>
  (PLACEHOLDERS as string[]).includes(part);

/**
 * A legal text ready to show (ADR 0035): cleaned (lib/sanitize-html) and with `{universidad}`,
 * `{plataforma}` and `{correo}` replaced by the branding's values, so the default texts name
 * this installation's university. The values are inserted as text nodes, never parsed as HTML; a
 * value with a link (the contact email) becomes a link unless it is already inside one. In a
 * link's address the placeholder becomes the value's address.
 */
export function fillPlaceholders(html: string, values: PlaceholderValues): string {
  const template = document.createElement('template');
  template.innerHTML = sanitizeHtml(html);
  const root = template.content;

  for (const link of root.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    const filled = href
      .split(PATTERN)
      .map((part) => (isPlaceholder(part) ? (values[part].href ?? values[part].text) : part))
      .join('');
    if (filled !== href) link.setAttribute('href', filled);
  }

  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const textNodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) textNodes.push(node as Text);
  for (const node of textNodes) {
    const parts = (node.nodeValue ?? '').split(PATTERN);
    if (parts.length === 1) continue;
    const insideLink = node.parentElement?.closest('a') !== null;
    const fragment = document.createDocumentFragment();
    for (const part of parts) {
      if (!isPlaceholder(part)) {
        if (part) fragment.append(part);
        continue;
      }
      const { text, href } = values[part];
      if (href && !insideLink) {
        const link = document.createElement('a');
        link.setAttribute('href', href);
        link.textContent = text;
        fragment.append(link);
      } else {
        fragment.append(text);
      }
    }
    node.replaceWith(fragment);
  }
  return template.innerHTML;
}
