import DOMPurify from 'dompurify';

/**
 * How HTML is cleaned where there is no DOM for DOMPurify: the API process drawing a page
 * (ADR 0060) gives its own allow-list sanitiser, the one it cleans rich text with when written.
 */
export interface ServerHtml {
  /** The rich text allow-list. */
  sanitize(html: string): string;
  /** The text of a piece of HTML, tags removed and entities decoded. */
  toText(html: string): string;
}

let serverHtml: ServerHtml | undefined;

/** Set once by the server renderer; browsers use DOMPurify. */
export function setServerHtml(next: ServerHtml): void {
  serverHtml = next;
}

/**
 * Without a DOM (the server) and without a server sanitiser, HTML is shown as its text: nothing
 * unclean is ever let through because DOMPurify cannot run.
 */
function withoutDom(): ServerHtml | undefined {
  if (DOMPurify.isSupported) return undefined;
  return (
    serverHtml ?? {
      sanitize: (html) => escapeText(html),
      toText: (html) => html,
    }
  );
}

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * HTML from the server made safe to render (a notification's message, spec §2 popup; a legal
 * text, ADR 0035): scripts, event handlers, styles, forms and `javascript:` links are removed.
 * Links that open elsewhere get `rel="noopener noreferrer"`. Legal texts are also cleaned by the
 * server when written: this is their second lock.
 */
export function sanitizeHtml(html: string): string {
  const server = withoutDom();
  if (server) return server.sanitize(html);
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

/** The text a piece of HTML shows, without its tags (entities decoded). */
export function htmlToText(html: string): string {
  const server = withoutDom();
  if (server) return server.toText(html);
  const template = document.createElement('template');
  template.innerHTML = DOMPurify.sanitize(html, { ALLOWED_TAGS: ['mark'], ALLOWED_ATTR: [] });
  return template.content.textContent ?? '';
}
