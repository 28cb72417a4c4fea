import { z, type ZodType } from 'zod';
import type { ApiErrorCode } from '@plataforma/shared';
import { AppError, refusal } from '../errors';
import { isValidDate } from './parse';
import { sanitizeRichText } from '../html/rich-text';
import type { ContentType, RelationAttribute, ScalarAttribute } from './types';

/** Longest text accepted in a `text` attribute (descriptions, messages). */
export const MAX_TEXT_LENGTH = 50_000;
const MAX_LIST_ITEMS = 200;
const INT32 = 2_147_483_647;

const noNul = (value: string) => !value.includes('\0');
const safeString = () => z.string().refine(noNul, 'must not contain NUL bytes');

/**
 * A text of at most `max` characters, refused as the engine refuses a text longer than its
 * column: for a content type's `validate`, when a form shows a narrower limit than the column's.
 */
export const limitedText = (max: number) =>
  safeString().max(max, `must be at most ${max} characters`);

const datetimeSchema = safeString()
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) &&
      !Number.isNaN(Date.parse(v)),
    'must be an ISO 8601 date-time',
  )
  .transform((v) => new Date(v).toISOString());
const dateSchema = safeString().refine(isValidDate, 'must be a date (YYYY-MM-DD)');

/** The zod schema a written value of a scalar attribute must satisfy. */
export function scalarSchema(attribute: ScalarAttribute): ZodType {
  const schema = columnSchema(attribute);
  // Cleaned as it is read, so the lifecycle hooks and the policies see what will be stored.
  return attribute.richText
    ? schema.transform((value) => (typeof value === 'string' ? sanitizeRichText(value) : value))
    : schema;
}

function columnSchema(attribute: ScalarAttribute): ZodType {
  let schema: ZodType;
  if (attribute.schema) {
    schema = attribute.schema;
  } else {
    switch (attribute.type) {
      case 'string':
        schema = limitedText(attribute.maxLength ?? 255);
        break;
      case 'text':
        schema = limitedText(MAX_TEXT_LENGTH);
        break;
      case 'enumeration':
        schema = z.enum(attribute.enumValues as [string, ...string[]], {
          error: `must be one of: ${(attribute.enumValues ?? []).join(', ')}`,
        });
        break;
      case 'integer':
        schema = z
          .number({ error: 'must be a number' })
          .int('must be an integer')
          .min(-INT32)
          .max(INT32);
        break;
      case 'decimal':
        schema = z.number({ error: 'must be a number' }).finite();
        break;
      case 'boolean':
        schema = z.boolean({ error: 'must be a boolean' });
        break;
      case 'datetime':
        schema = datetimeSchema;
        break;
      case 'date':
        schema = dateSchema;
        break;
      case 'json':
        schema = z.json();
        break;
      case 'list':
        schema = z
          .array(
            attribute.itemType === 'integer'
              ? z.number().int().min(-INT32).max(INT32)
              : safeString().min(1).max(255),
          )
          .max(MAX_LIST_ITEMS, `must have at most ${MAX_LIST_ITEMS} items`);
        break;
    }
  }
  return attribute.nullable ? schema.nullable() : schema;
}

const idSchema = z.union([
  z.number().int().min(1).max(INT32),
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .refine((n) => n >= 1 && n <= INT32),
  z
    .object({
      id: z.union([
        z.number().int().min(1).max(INT32),
        z
          .string()
          .regex(/^\d{1,10}$/)
          .transform(Number),
      ]),
    })
    .transform((o) => o.id),
]);
const idList = z.array(idSchema).max(1000);
const relationOps = z
  .object({ set: idList.optional(), connect: idList.optional(), disconnect: idList.optional() })
  .strict();

/** A write of one relation: the ids to set (replacing), connect (add) and disconnect (remove). */
export interface RelationChange {
  set?: number[];
  connect?: number[];
  disconnect?: number[];
}

export interface ValidatedInput {
  /** Scalar and component values by attribute name. */
  values: Map<string, unknown>;
  /** Relation changes by attribute name (to-one relations are a `set` of zero or one id). */
  relations: Map<string, { attribute: RelationAttribute; change: RelationChange }>;
  /** The same data as plain wire values, for policies. */
  data: Record<string, unknown>;
}

interface Issue {
  path: string[];
  message: string;
  name: 'ValidationError';
  /** Worded in Spanish for people (a value out of its range). */
  spanish?: boolean;
  /** What the problem is, for clients to match on (`required`...). */
  code?: ApiErrorCode;
}

/**
 * Validates the `data` of a create (all required attributes present) or an update (partial): only
 * writable attributes, each checked with its schema; relation values as ids, lists of ids or
 * `{connect, disconnect, set}`. Every problem is reported at once, Strapi style.
 */
export function validateInput(
  type: ContentType,
  body: unknown,
  mode: 'create' | 'update',
): ValidatedInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('data' in body)) {
    throw new AppError('VALIDATION', 'Missing "data" payload in the request body');
  }
  const data = body.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new AppError('VALIDATION', 'Invalid "data" payload: expected an object');
  }
  const issues: Issue[] = [];
  const values = new Map<string, unknown>();
  const relations = new Map<string, { attribute: RelationAttribute; change: RelationChange }>();
  const clean: Record<string, unknown> = {};

  for (const [name, raw] of Object.entries(data as Record<string, unknown>)) {
    const attribute = type.attributes.get(name);
    const isPublishedAt = name === 'publishedAt' && type.draftAndPublish;
    if (
      !attribute ||
      attribute.visibility === 'private' ||
      (!attribute.writable && !isPublishedAt)
    ) {
      issues.push({
        path: [name],
        message: attribute ? `${name} cannot be written` : `Invalid key ${name}`,
        name: 'ValidationError',
        ...(attribute ? {} : { code: 'unknown_key' as const }),
      });
      continue;
    }
    if (raw === undefined) continue;
    if (attribute.kind === 'relation') {
      const change = relationChange(attribute, raw);
      if (typeof change === 'string') {
        issues.push({ path: [name], message: `${name} ${change}`, name: 'ValidationError' });
      } else {
        relations.set(name, { attribute, change });
        clean[name] = change;
      }
      continue;
    }
    const schema =
      attribute.kind === 'component' ? attribute.schema.nullable() : scalarSchema(attribute);
    const result = schema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) {
        issues.push({
          path: [name, ...issue.path.map(String)],
          message: `${[name, ...issue.path.map(String)].join('.')} ${issue.message}`,
          name: 'ValidationError',
        });
      }
      continue;
    }
    const outside = attribute.kind === 'scalar' ? outOfBounds(attribute, result.data) : undefined;
    if (outside !== undefined) {
      issues.push({ path: [name], message: outside, name: 'ValidationError', spanish: true });
      continue;
    }
    values.set(name, result.data);
    clean[name] = result.data;
  }

  const reported = new Set(issues.map((issue) => issue.path[0]));
  if (mode === 'create') {
    for (const attribute of type.attributes.values()) {
      if (reported.has(attribute.name)) continue;
      const isMissing = (value: unknown) => value === undefined || value === null;
      if (
        attribute.kind === 'scalar' &&
        attribute.required &&
        attribute.writable &&
        isMissing(values.get(attribute.name))
      ) {
        issues.push({
          path: [attribute.name],
          message: `${attribute.name} must be defined.`,
          name: 'ValidationError',
          code: 'required',
        });
      }
      if (attribute.kind === 'relation' && attribute.fk?.notNull && attribute.writable) {
        const change = relations.get(attribute.name)?.change;
        if (!change || (change.set?.length ?? change.connect?.length ?? 0) === 0) {
          issues.push({
            path: [attribute.name],
            message: `${attribute.name} must be defined.`,
            name: 'ValidationError',
            code: 'required',
          });
        }
      }
    }
  } else {
    for (const attribute of type.attributes.values()) {
      if (
        attribute.kind === 'scalar' &&
        !attribute.nullable &&
        values.has(attribute.name) &&
        values.get(attribute.name) === null
      ) {
        issues.push({
          path: [attribute.name],
          message: `${attribute.name} cannot be null`,
          name: 'ValidationError',
        });
      }
    }
  }

  if (issues.length > 0) {
    // Only out-of-range values: their message is for the person who typed them (ADR 0052).
    if (issues.every((issue) => issue.spanish)) {
      throw refusal('VALIDATION', (issues[0] as Issue).message, {
        errors: issues.map(({ spanish: _spanish, ...issue }) => issue),
      });
    }
    throw new AppError(
      'VALIDATION',
      issues.length === 1 ? (issues[0] as Issue).message : `${issues.length} errors occurred`,
      { errors: issues },
    );
  }
  return { values, relations, data: clean };
}

/** The Spanish message of a value outside its attribute's bounds, or undefined. */
function outOfBounds(attribute: ScalarAttribute, value: unknown): string | undefined {
  const { bounds } = attribute;
  if (!bounds || value === null || value === undefined) return undefined;
  if (typeof value === 'number') {
    return value < Number(bounds.min) || value > Number(bounds.max) ? bounds.message : undefined;
  }
  if (typeof value === 'string' && (attribute.type === 'date' || attribute.type === 'datetime')) {
    const day = value.slice(0, 10);
    return day < String(bounds.min) || day > String(bounds.max) ? bounds.message : undefined;
  }
  return undefined;
}

function relationChange(attribute: RelationAttribute, raw: unknown): RelationChange | string {
  const toMany = attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany';
  if (raw === null) {
    if (toMany) return { set: [] };
    return attribute.fk?.notNull ? 'cannot be empty' : { set: [] };
  }
  const single = idSchema.safeParse(raw);
  if (single.success && !(typeof raw === 'object' && raw !== null && !('id' in raw))) {
    return toMany ? 'must be a list of ids or {connect, disconnect, set}' : { set: [single.data] };
  }
  if (Array.isArray(raw)) {
    const list = idList.safeParse(raw);
    if (!list.success) return 'must be a list of ids';
    if (!toMany && list.data.length > 1) return 'accepts a single id';
    return { set: list.data };
  }
  const ops = relationOps.safeParse(raw);
  if (!ops.success) return 'must be an id, a list of ids or {connect, disconnect, set}';
  const change: RelationChange = {};
  if (ops.data.set) change.set = ops.data.set;
  if (ops.data.connect) change.connect = ops.data.connect;
  if (ops.data.disconnect) change.disconnect = ops.data.disconnect;
  if (!toMany) {
    const set = change.set ?? change.connect;
    if ((set?.length ?? 0) > 1) return 'accepts a single id';
    if (set === undefined && change.disconnect)
      return attribute.fk?.notNull ? 'cannot be empty' : { set: [] };
    return { set: set ?? [] };
  }
  return change;
}
