import { describe, expect, it } from 'vitest';
import {
  andInto,
  andNotInto,
  clearBit,
  countBits,
  countBoth,
  eachBit,
  emptyBits,
  fullBits,
  hasBit,
  isEmpty,
  orInto,
  setBit,
} from './bitset';

const positions = (bits: Uint32Array) => {
  const found: number[] = [];
  eachBit(bits, (position) => {
    found.push(position);
  });
  return found;
};
const of = (size: number, list: number[]) => {
  const bits = emptyBits(size);
  for (const position of list) setBit(bits, position);
  return bits;
};

describe('bitset', () => {
  it.each([0, 1, 31, 32, 33, 64, 100])('a full set of %i positions holds exactly them', (size) => {
    const bits = fullBits(size);
    expect(countBits(bits)).toBe(size);
    expect(positions(bits)).toEqual([...Array(size).keys()]);
    expect(isEmpty(bits)).toBe(size === 0);
  });

  it('sets, clears and tests positions across words, the highest bit of a word too', () => {
    const bits = of(70, [0, 31, 32, 63, 69]);
    expect(positions(bits)).toEqual([0, 31, 32, 63, 69]);
    expect(hasBit(bits, 31)).toBe(true);
    expect(hasBit(bits, 30)).toBe(false);
    clearBit(bits, 31);
    expect(positions(bits)).toEqual([0, 32, 63, 69]);
    expect(countBits(bits)).toBe(4);
  });

  it('intersects, unites and subtracts in place, and counts both without making them', () => {
    const a = of(100, [1, 5, 40, 64, 99]);
    const b = of(100, [5, 40, 41, 99]);
    expect(countBoth(a, b)).toBe(3);
    expect(positions(andInto(a.slice(), b))).toEqual([5, 40, 99]);
    expect(positions(orInto(a.slice(), b))).toEqual([1, 5, 40, 41, 64, 99]);
    expect(positions(andNotInto(a.slice(), b))).toEqual([1, 64]);
    expect(isEmpty(andNotInto(b.slice(), b))).toBe(true);
  });

  it('stops walking when the visitor answers false, and says so', () => {
    const seen: number[] = [];
    const complete = eachBit(of(64, [3, 9, 33, 60]), (position) => {
      seen.push(position);
      return seen.length < 2;
    });
    expect(seen).toEqual([3, 9]);
    expect(complete).toBe(false);
    expect(eachBit(of(64, [3]), () => undefined)).toBe(true);
  });

  it('counts like a plain count over random sets', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 20; round++) {
      const size = 1 + Math.floor(random() * 300);
      const a = Array.from({ length: size }, () => random() < 0.4);
      const b = Array.from({ length: size }, () => random() < 0.6);
      const bitsA = of(
        size,
        a.flatMap((on, i) => (on ? [i] : [])),
      );
      const bitsB = of(
        size,
        b.flatMap((on, i) => (on ? [i] : [])),
      );
      expect(countBits(bitsA)).toBe(a.filter(Boolean).length);
      expect(countBoth(bitsA, bitsB)).toBe(a.filter((on, i) => on && b[i]).length);
    }
  });
});
