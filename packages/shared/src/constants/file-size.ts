/**
 * How a file's size is written (spec §5 "File size is shown in KB to one decimal"): kilobytes of
 * 1,024 bytes, one decimal, the Spanish way. A 12,345-byte file is "12,1 KB".
 */

const ONE_DECIMAL = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A size in bytes as people read it: `fileSizeText(12_345)` is "12,1 KB". */
export function fileSizeText(bytes: number): string {
  return `${ONE_DECIMAL.format(bytes / 1024)} KB`;
}

/**
 * The bytes behind a Strapi file's `size`, which is in kilobytes of 1,000 bytes with two decimals
 * (`12.35` for 12,345 bytes): exact to within 5 bytes, so its text is the same as the bytes' but
 * on a rounding edge.
 */
export function bytesOfStrapiSize(kilobytes: number): number {
  return Math.round(kilobytes * 1000);
}
