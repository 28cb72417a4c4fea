import { z } from 'zod';

/** The pieces of a custom route's query string (the search routes share them). */

export const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !v.includes('\0'), 'NUL bytes are not allowed');
/** A query parameter that may be repeated (`type=a&type=b`): always a list. */
export const many = <T extends z.ZodType>(item: T) =>
  z
    .union([z.array(item).max(50), item])
    .optional()
    .transform((v): z.output<T>[] =>
      v === undefined ? [] : Array.isArray(v) ? (v as z.output<T>[]) : [v as z.output<T>],
    );
export const booleanText = z.enum(['true', 'false']).transform((v) => v === 'true');
export const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);
export const pageSize = ({ default: byDefault, max }: { default: number; max: number }) =>
  z.coerce.number().int().min(1).max(max).default(byDefault);
