import { validationError } from '../errors';
import type { ContentType, ScalarAttribute } from './types';

/*
 * What the query parsers (parse.ts, parse-filters.ts) share: the path of an error, the shapes qs
 * gives a value, the scalar values a query names, and the attributes a client may name.
 */

export type Path = (string | number)[];

/** Maximum length of one string value in a query. */
const MAX_VALUE_LENGTH = 10_000;

/** Throws the 400 of a query, naming where in it the problem is. */
export const fail = (message: string, path: Path): never => {
  throw validationError(message, path);
};

/** An object as qs parses one (not null, not an array). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** qs turns `a[0]=x` into an array but sparse or long lists into objects with numeric keys. */
export function asArray(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value as unknown[];
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
      return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]);
    }
  }
  return undefined;
}

/** A string value of a query, refused when it holds a NUL byte or is too long. */
export function checkString(value: string, path: Path): string {
  if (value.includes('\0')) fail('Invalid value: NUL bytes are not allowed', path);
  if (value.length > MAX_VALUE_LENGTH)
    fail(`Invalid value: longer than ${MAX_VALUE_LENGTH} characters`, path);
  return value;
}

/** Parses the Strapi boolean spellings used in query strings. */
export function parseBoolean(value: unknown, path: Path): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return fail(`Invalid value for "${path.join('.')}": expected true or false`, path);
}

export const INT32_MAX = 2_147_483_647;

/** Parses an entry id as a route parameter or filter value: a positive 32-bit integer. */
export function parseId(value: unknown, path: Path = ['id']): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (
    typeof text !== 'string' ||
    !/^\d{1,10}$/.test(text) ||
    Number(text) > INT32_MAX ||
    Number(text) < 1
  ) {
    return fail(`Invalid id: expected a positive integer`, path);
  }
  return Number(text);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DATETIME_RE =
  /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

/** A date written YYYY-MM-DD that is a day of the calendar (2025-02-30 is not). */
export function isValidDate(text: string): boolean {
  const match = DATE_RE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Looks up an attribute a client named; private ones are reported exactly like unknown ones. */
export function visibleAttribute(
  type: ContentType,
  name: string,
  path: Path,
  options: ParseOptions,
) {
  const attribute = type.attributes.get(name);
  if (!attribute || (attribute.visibility === 'private' && !options.trusted)) {
    return fail(`Invalid key ${name}`, path);
  }
  return attribute;
}

export interface ParseOptions {
  /** Policy scopes: may name private attributes. */
  trusted?: boolean;
}

/** The id, filterable and sortable on every type though it is not a declared attribute. */
export const ID_ATTRIBUTE: ScalarAttribute = {
  name: 'id',
  kind: 'scalar',
  type: 'integer',
  column: 'id',
  sqlType: 'int4',
  nullable: false,
  required: false,
  visibility: 'public',
  writable: false,
};
