import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DESCRIPTION,
  PUBLIC_PAGE_HEADS,
  pageDescription,
  plainExcerpt,
} from './page-heads';

describe('page descriptions (ADR 0056)', () => {
  it('an excerpt has no markup, no runs of spaces, and is cut at a word within 160 characters', () => {
    expect(plainExcerpt('<p>Huertos&nbsp;en   el <strong>barrio</strong>.</p>')).toBe(
      'Huertos en el barrio .',
    );
    const long = plainExcerpt(`<p>${'palabra '.repeat(40)}</p>`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/palabra…$/);
    expect(plainExcerpt(null)).toBe('');
  });

  it("a page is described by its own text, else the table's line, else the platform's", () => {
    expect(pageDescription('/projects/5', '<p>Un huerto.</p>')).toBe('Un huerto.');
    expect(pageDescription('/projects')).toBe(PUBLIC_PAGE_HEADS['/projects']?.description);
    expect(pageDescription('/projects/5', '<p> </p>')).toBe(DEFAULT_DESCRIPTION);
    expect(pageDescription('/profile')).toBe(DEFAULT_DESCRIPTION);
  });
});
