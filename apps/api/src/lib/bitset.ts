/**
 * Sets of positions 0..size-1 as 32-bit words: what the in-memory catalogue counts facets with
 * (ADR 0059). Intersections and counts run over a few hundred words for 10,000 projects, where
 * PostgreSQL would aggregate thousands of rows.
 */
export type Bits = Uint32Array;

const wordsFor = (size: number) => (size + 31) >>> 5;

/** A set of no positions, for `size` of them. */
export function emptyBits(size: number): Bits {
  return new Uint32Array(wordsFor(size));
}

/** Every position from 0 to size-1. */
export function fullBits(size: number): Bits {
  const bits = new Uint32Array(wordsFor(size)).fill(0xffffffff);
  const rest = size & 31;
  if (rest !== 0) bits[bits.length - 1] = (1 << rest) - 1;
  return bits;
}

export function setBit(bits: Bits, position: number): void {
  bits[position >>> 5]! |= 1 << (position & 31);
}

export function clearBit(bits: Bits, position: number): void {
  bits[position >>> 5]! &= ~(1 << (position & 31));
}

export function hasBit(bits: Bits, position: number): boolean {
  return (bits[position >>> 5]! & (1 << (position & 31))) !== 0;
}

/** `target` becomes its intersection with `other` (same size). */
export function andInto(target: Bits, other: Bits): Bits {
  for (let i = 0; i < target.length; i++) target[i]! &= other[i]!;
  return target;
}

/** `target` becomes its union with `other` (same size). */
export function orInto(target: Bits, other: Bits): Bits {
  for (let i = 0; i < target.length; i++) target[i]! |= other[i]!;
  return target;
}

/** `target` loses the positions `other` holds (same size). */
export function andNotInto(target: Bits, other: Bits): Bits {
  for (let i = 0; i < target.length; i++) target[i]! &= ~other[i]!;
  return target;
}

/** Set bits of one word (the classic SWAR count). */
function wordCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** How many positions the set holds. */
export function countBits(bits: Bits): number {
  let count = 0;
  for (let i = 0; i < bits.length; i++) count += wordCount(bits[i]!);
  return count;
}

/** How many positions both sets hold, without making their intersection. */
export function countBoth(a: Bits, b: Bits): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    const word = a[i]! & b[i]!;
    if (word !== 0) count += wordCount(word);
  }
  return count;
}

/** Whether the set holds no position. */
export function isEmpty(bits: Bits): boolean {
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) return false;
  return true;
}

/**
 * Calls `visit` with each position of the set in ascending order until it answers false; answers
 * whether every position was visited.
 */
export function eachBit(bits: Bits, visit: (position: number) => boolean | void): boolean {
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i]!;
    while (word !== 0) {
      const low = word & -word;
      const position = (i << 5) + (31 - Math.clz32(low));
      if (visit(position) === false) return false;
      word ^= low;
    }
  }
  return true;
}
