import { describe, expect, it } from 'vitest';
import {
  DARK_TEXT,
  LIGHT_TEXT,
  contrastRatio,
  inkOnLight,
  parseRgb,
  readableTextColor,
  rgbContrast,
} from './color';

describe('readableTextColor', () => {
  it('when the background is the default dark blue, the text is white', () => {
    expect(readableTextColor('#1226AA')).toBe(LIGHT_TEXT);
  });

  it('when the background is light (yellow, pale), the text is near-black', () => {
    expect(readableTextColor('#F2B705')).toBe(DARK_TEXT);
    expect(readableTextColor('#fff')).toBe(DARK_TEXT);
    expect(readableTextColor('rgb(232, 235, 250)')).toBe(DARK_TEXT);
  });

  it('when the colour cannot be parsed, the text is white', () => {
    expect(readableTextColor('oklch(0.5 0.2 260)')).toBe(LIGHT_TEXT);
  });

  it('the default brand colour with its text colour passes WCAG AA (4.5:1)', () => {
    const ratio = contrastRatio('#1226AA', LIGHT_TEXT);
    expect(ratio).toBeGreaterThan(4.5);
  });
});

describe('contrastRatio', () => {
  it('when a colour cannot be read, there is no ratio', () => {
    expect(contrastRatio('oklch(0.5 0.2 260)', '#fff')).toBeNull();
  });

  it('when black meets white, the ratio is the largest, 21', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21);
  });
});

describe('inkOnLight', () => {
  const white: [number, number, number] = [255, 255, 255];

  it('when the brand colour reads on white, it is used as it is', () => {
    expect(inkOnLight('#1226AA').toLowerCase()).toBe('#1226aa');
  });

  it.each(['#FFD23F', '#F2B705', '#E8EBFA', '#00FF00'])(
    'when the brand colour %s is too light, a darker shade of it reaches 4.5:1 on white',
    (color) => {
      const ink = inkOnLight(color);
      expect(rgbContrast(parseRgb(ink)!, white)).toBeGreaterThanOrEqual(4.5);
      expect(ink.toLowerCase()).not.toBe(color.toLowerCase());
    },
  );
});
