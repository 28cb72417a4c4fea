import DOMPurify from 'dompurify';

export interface SanitizeOptions {
  /** Keep only these tags (without attributes): `['mark']` for a search snippet. */
  onlyTags?: readonly string[];
}

/**
 * HTML from the server made safe to render (a notification's message, spec §2 popup; a legal
 * text, ADR 0035): scripts, event handlers, styles, forms and `javascript:` links are removed.
 * Links that open elsewhere get `rel="noopener noreferrer"`. Legal texts are also cleaned by the
 * server when written: this is their second lock.
 */
export function sanitizeHtml(html: string, { onlyTags }: SanitizeOptions = {}): string {
  if (onlyTags) {
    // A search snippet (ADR 0038): its highlight tags and text, nothing else, no attributes.
    return DOMPurify.sanitize(html, { ALLOWED_TAGS: [...onlyTags], ALLOWED_ATTR: [] });
  }
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const link of template.content.querySelectorAll('a[target]')) {
    if (link.getAttribute('target') === '_blank') link.setAttribute('rel', 'noopener noreferrer');
    else link.removeAttribute('target');
  }
  return template.innerHTML;
}

/**
 * A search snippet made safe to render: the words found in `<mark>` and nothing else (the
 * library's `ts_headline` snippets, ADR 0036). Any other tag is dropped with its attributes, its
 * text kept; scripts and styles go with their content.
 */
export function sanitizeHighlight(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: ['mark'], ALLOWED_ATTR: [] });
}

/** The text a piece of HTML shows, without its tags (entities decoded). */
export function htmlToText(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = DOMPurify.sanitize(html, { ALLOWED_TAGS: ['mark'], ALLOWED_ATTR: [] });
  return template.content.textContent ?? '';
}
