import { describe, expect, it } from 'vitest';
import { bytesOfStrapiSize, fileSizeText } from './file-size';

describe('file sizes (spec §5: KB to one decimal)', () => {
  it('divides bytes by 1,024 and writes one decimal the Spanish way', () => {
    expect(fileSizeText(12_345)).toBe('12,1 KB');
    expect(fileSizeText(0)).toBe('0,0 KB');
    expect(fileSizeText(40)).toBe('0,0 KB');
    expect(fileSizeText(1024)).toBe('1,0 KB');
    expect(fileSizeText(15 * 1024 * 1024)).toBe('15.360,0 KB');
  });

  it('reads the bytes back from the size Strapi stores, not rounding a rounded figure again', () => {
    // 12,345 bytes are stored as 12.35 (KB of 1,000): once rounded, it would read "12,4 KB".
    expect(bytesOfStrapiSize(12.35)).toBe(12_350);
    expect(fileSizeText(bytesOfStrapiSize(12.35))).toBe('12,1 KB');
    expect(bytesOfStrapiSize(0.1 + 0.2)).toBe(300);
  });
});
