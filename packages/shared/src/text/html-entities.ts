const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  // Text read back is for reading (a card, an email's plain part): a plain space will do.
  nbsp: ' ',
};

/**
 * The character references of escaped text read back: the named ones HTML escaping writes
 * (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;`) and every numeric one (`&#39;`,
 * `&#x27;`). Any other reference is left as it is. The text's own escaping is all this decodes;
 * HTML at large is read by a parser (sanitize-html, the browser).
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    const numeric = /^#x/i.test(name)
      ? parseInt(name.slice(2), 16)
      : name.startsWith('#')
        ? parseInt(name.slice(1), 10)
        : undefined;
    if (numeric === undefined) return NAMED[name.toLowerCase()] ?? whole;
    return numeric <= 0x10ffff ? String.fromCodePoint(numeric) : whole;
  });
}
