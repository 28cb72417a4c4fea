import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import montserrat from '@capsizecss/metrics/montserrat';
import { describe, expect, it } from 'vitest';

/**
 * styles.css sets text in a resized Arial until Montserrat arrives, so the swap moves no line
 * (no layout shift, ADR 0056). Its overrides must be the ones capsize computes from both fonts'
 * metrics; a font or a value changed by hand fails here.
 */
describe("Montserrat's fallback", () => {
  it("the stylesheet's @font-face has capsize's overrides for Montserrat over Arial", () => {
    const css = readFileSync(resolve(import.meta.dirname, '../../../styles.css'), 'utf8');
    const face = /@font-face\s*{[^}]*font-family:\s*'Montserrat Fallback'[^}]*}/.exec(css)?.[0];
    expect(face).toBeDefined();
    const { fontFaces } = createFontStack([montserrat, arial]);
    for (const property of [
      'ascent-override',
      'descent-override',
      'line-gap-override',
      'size-adjust',
    ]) {
      const expected = new RegExp(`${property}:\\s*([\\d.]+%)`).exec(fontFaces)?.[1];
      expect(expected, property).toBeDefined();
      expect(face, property).toContain(`${property}: ${expected}`);
    }
    expect(face).toContain("local('Arial')");
    expect(css).toMatch(/--font-sans: 'Montserrat', 'Montserrat Fallback'/);
  });
});
