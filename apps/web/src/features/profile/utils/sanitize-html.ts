import DOMPurify from 'dompurify';

/**
 * A notification's HTML message (spec §2 popup) made safe to render: scripts, event handlers,
 * styles, forms and `javascript:` links are removed. Links that open elsewhere get
 * `rel="noopener noreferrer"`.
 */
export function sanitizeMessageHtml(html: string): string {
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
