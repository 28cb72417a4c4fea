import sanitizeHtml from 'sanitize-html';

/**
 * The HTML a rich text may keep (ADR 0035): paragraphs, two heading levels under the page's own
 * title, emphasis, lists, quotes, rules and links. Anything else is removed when the text is
 * written (the web also cleans what it shows: a second lock). Links may go to http(s), mailto: and
 * tel: addresses or to a path of the site; `javascript:`, `data:` and `//host` addresses are dropped.
 */
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'strong',
    'em',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The page's title is its only h1; pasted h1s become sections, h4-h6 sub-sections.
  transformTags: {
    h1: 'h2',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
  },
  // Text of removed tags stays (a <span> or <div> loses only its markup); these lose everything.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'template', 'iframe', 'object', 'title'],
};

/** Empty paragraphs at the end: what an editor leaves after the last line, never content. */
const TRAILING_EMPTY_PARAGRAPHS = /(?:<p>(?:\s|&nbsp;|<br \/>)*<\/p>\s*)+$/;

/** Cleans rich text HTML to the allow-list above, without empty paragraphs at its end. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim().replace(TRAILING_EMPTY_PARAGRAPHS, '');
}

/** Whether cleaned HTML has any readable text (a text of empty paragraphs has none). */
export function hasReadableText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().length > 0;
}
