import { EMAIL_PATTERN } from '@plataforma/shared';

/** What a pasted text or a file of addresses holds. */
export interface ExtractedEmails {
  /** Lower case, in the order found, each once. */
  valid: string[];
  /** Words with an @ that are no address, as written, each once. */
  invalid: string[];
  /** Addresses found more than once (the later ones dropped). */
  repeated: number;
}

/**
 * The addresses of a text: a pasted list or a .csv/.txt file read in the browser (ADR 0046). Any
 * separator goes (new lines, commas, semicolons, tabs, spaces) and `Name <address>`, quotes and
 * `mailto:` are understood, so a spreadsheet's export with names and other columns works: what has
 * an @ is an address to check, the rest (names, headers) is not about addresses and is left out.
 * Addresses are compared in lower case, as accounts store them.
 */
export function extractEmails(text: string): ExtractedEmails {
  const valid: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  const seenInvalid = new Set<string>();
  let repeated = 0;
  const words = text.replace(/[<>"'()[\]]/g, ' ').split(/[\s,;|]+/);
  for (const word of words) {
    const candidate = word.replace(/^mailto:/i, '').replace(/[.:]+$/, '');
    if (!candidate.includes('@')) continue;
    const address = candidate.toLowerCase();
    if (!EMAIL_PATTERN.test(address)) {
      if (!seenInvalid.has(candidate)) {
        seenInvalid.add(candidate);
        invalid.push(candidate);
      }
      continue;
    }
    if (seen.has(address)) {
      repeated += 1;
      continue;
    }
    seen.add(address);
    valid.push(address);
  }
  return { valid, invalid, repeated };
}

/** What adding a file's addresses to a list did. */
export interface MergedEmails {
  /** The list with the new addresses added, one a line. */
  text: string;
  added: number;
  /** Addresses of the file the list already held (or the file held twice). */
  alreadyListed: number;
  invalid: string[];
}

/** Adds the addresses of `fileText` that `text` does not hold yet to its end, one a line. */
export function mergeEmails(text: string, fileText: string): MergedEmails {
  const listed = new Set(extractEmails(text).valid);
  const found = extractEmails(fileText);
  const added = found.valid.filter((address) => !listed.has(address));
  const base = text.trimEnd();
  return {
    text: added.length === 0 ? text : `${base}${base === '' ? '' : '\n'}${added.join('\n')}\n`,
    added: added.length,
    alreadyListed: found.valid.length - added.length + found.repeated,
    invalid: found.invalid,
  };
}
