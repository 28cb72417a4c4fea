import type { DOMPurify as Purifier } from 'dompurify';
import { validationError } from '../../lib/errors';

/**
 * What may stand before the root element of an SVG document: a byte-order mark, an XML
 * declaration, comments and a DOCTYPE (its internal subset is matched here so the file is
 * recognised as SVG, and then refused with a clear message by `sanitizeSvg`).
 */
const PROLOG =
  /^\uFEFF?\s*(?:<\?xml\s[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE\s+svg\b[^>[]*(?:\[[\s\S]*?\]\s*)?>)\s*)*(?=<svg[\s>/])/;

/** Whether text is an SVG document (its root element is `<svg>`). */
export function looksLikeSvg(text: string): boolean {
  return PROLOG.test(text);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Embedded raster images are kept inside `<image>`: they load nothing and run nothing. */
const EMBEDDED_IMAGE = /^\s*data:image\/(?:png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/=\s]*$/i;

/**
 * CSS that could load something from elsewhere: `url()` of anything but a fragment, `@import`,
 * image functions, and backslashes (CSS escapes can spell `url(` in ways a pattern would miss).
 */
const EXTERNAL_CSS = /\\|@import|url\s*\(\s*(?!['"]?\s*#)|image-set\s*\(|\bimage\s*\(|\bsrc\s*\(/i;

let purifier: Promise<{ purify: Purifier; serialize: (node: Node) => string }> | undefined;

/** DOMPurify on its own jsdom window (loaded on the first SVG: jsdom takes a second to load). */
function getPurifier() {
  purifier ??= (async () => {
    const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([
      import('dompurify'),
      import('jsdom'),
    ]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window);
    const serializer = new window.XMLSerializer();
    return { purify, serialize: (node: Node) => serializer.serializeToString(node) };
  })();
  return purifier;
}

const refused = (reason: string) =>
  validationError(`The SVG file was refused: ${reason}`, ['files']);

/**
 * Removes from an SVG everything that could run or load something: scripts, event handlers,
 * `foreignObject` (HTML inside SVG), links and references to anything outside the document, and
 * CSS that loads resources. DOMPurify's SVG profile does the first part; the references are
 * checked on the DOM it returns. The result is serialised as XML, so it stays a valid SVG file.
 * Served files also carry a CSP that forbids loading anything (ADR 0011): this is the first of
 * two locks.
 *
 * @throws AppError (400) when the text is not UTF-8 SVG or declares entities
 */
export async function sanitizeSvg(bytes: Buffer): Promise<Buffer> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refused('it is not UTF-8 text');
  }
  const prolog = PROLOG.exec(text);
  if (!prolog) throw refused('its root element is not <svg>');
  // Entity declarations are the way to XML bombs and to external entities; no drawing needs them.
  if (/<!ENTITY/i.test(text)) throw refused('it declares XML entities');

  const { purify, serialize } = await getPurifier();
  const body = purify.sanitize(text.slice(prolog[0].length), {
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> is left out of DOMPurify's profile because it can point elsewhere; ours may point
    // only inside the document (checked below).
    ADD_TAGS: ['use'],
    FORBID_TAGS: ['foreignObject', 'foreignobject', 'script'],
    RETURN_DOM: true,
  });
  const root = (body as Element).firstElementChild;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) {
    throw refused('its root element is not <svg>');
  }
  removeExternalReferences(root);
  return Buffer.from(serialize(root), 'utf8');
}

function removeExternalReferences(root: Element): void {
  for (const element of [root, ...root.querySelectorAll('*')]) {
    if (element.localName === 'style' && EXTERNAL_CSS.test(element.textContent ?? '')) {
      element.remove();
      continue;
    }
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value;
      const isReference = attribute.localName.toLowerCase() === 'href' || name === 'src';
      const allowed = isReference
        ? value.trim().startsWith('#') ||
          (element.localName === 'image' && EMBEDDED_IMAGE.test(value))
        : !name.startsWith('on') && !EXTERNAL_CSS.test(value);
      if (!allowed) element.removeAttributeNode(attribute);
    }
  }
}
