import { GLOSSARY_TERMS, type GlossaryTerm } from './terms';

/** A run of a label's text: plain, or one occurrence of a glossary term. */
export interface GlossarySegment {
  text: string;
  term?: GlossaryTerm;
}

interface Candidate {
  start: number;
  end: number;
  term: GlossaryTerm;
}

/**
 * Lower-cases and strips accents one character at a time, remembering where each normalised
 * character came from, so a match found in the normalised text maps back to the original.
 */
function normalise(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const plain = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let i = 0; i < plain.length; i += 1) origin.push(index);
    folded += plain;
    index += char.length;
  }
  origin.push(index);
  return { folded, origin };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * One pattern per spelling: whole words only (no letter or digit on either side, so "ODS" is not
 * found in "métodos"), and any run of spaces or hyphens matches any other ("aprendizaje servicio").
 */
function compileForm(form: string): RegExp {
  const words = normalise(form)
    .folded.split(/[\s\-‐‑]+/u)
    .filter(Boolean)
    .map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[\\s\\-‐‑]+')}(?![\\p{L}\\p{N}])`, 'gu');
}

const compiled = new WeakMap<readonly GlossaryTerm[], { term: GlossaryTerm; pattern: RegExp }[]>();

function compileTerms(terms: readonly GlossaryTerm[]) {
  let patterns = compiled.get(terms);
  if (!patterns) {
    patterns = terms.flatMap((term) =>
      term.forms.map((form) => ({ term, pattern: compileForm(form) })),
    );
    compiled.set(terms, patterns);
  }
  return patterns;
}

/**
 * Splits a label's text into plain runs and glossary terms (spec §1). Matching ignores case and
 * accents and needs whole words; where two terms overlap the one starting first wins, and of two
 * starting together the longer ("Objetivos de Desarrollo Sostenible" over "desarrollo sostenible").
 * Only the first occurrence of each term is marked, so a label does not repeat a tooltip.
 */
export function segmentGlossaryText(
  text: string,
  terms: readonly GlossaryTerm[] = GLOSSARY_TERMS,
): GlossarySegment[] {
  const { folded, origin } = normalise(text);
  const candidates: Candidate[] = [];
  for (const { term, pattern } of compileTerms(terms)) {
    pattern.lastIndex = 0;
    for (const match of folded.matchAll(pattern)) {
      const start = origin[match.index];
      const end = origin[match.index + match[0].length];
      if (start !== undefined && end !== undefined) candidates.push({ start, end, term });
    }
  }
  candidates.sort((a, b) => a.start - b.start || b.end - a.end);

  const chosen: Candidate[] = [];
  const seen = new Set<string>();
  let covered = 0;
  for (const candidate of candidates) {
    if (candidate.start < covered || seen.has(candidate.term.id)) continue;
    chosen.push(candidate);
    seen.add(candidate.term.id);
    covered = candidate.end;
  }

  const segments: GlossarySegment[] = [];
  let position = 0;
  for (const { start, end, term } of chosen) {
    if (start > position) segments.push({ text: text.slice(position, start) });
    segments.push({ text: text.slice(start, end), term });
    position = end;
  }
  if (position < text.length) segments.push({ text: text.slice(position) });
  return segments;
}
