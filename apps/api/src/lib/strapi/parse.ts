import { validationError } from '../errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@plataforma/shared';
import {
  OPERATORS,
  type FilterNode,
  type NestedQuery,
  type Operator,
  type Pagination,
  type ParsedQuery,
  type PopulateNode,
  type PublicationState,
  type SortTerm,
} from './query-types';
import type { Registry } from './registry';
import type {
  ComponentShape,
  ContentType,
  FilterObject,
  RelationAttribute,
  ScalarAttribute,
} from './types';

/** Deepest populate accepted: `a.b.c.d.e`. */
export const MAX_POPULATE_DEPTH = 5;
/** Deepest nesting of a filter ($and/$or/$not/relations), a guard against pathological queries. */
const MAX_FILTER_DEPTH = 12;
const MAX_FILTER_VALUES = 1000;
const MAX_VALUE_LENGTH = 10_000;

const QUERY_KEYS = new Set([
  'filters',
  'populate',
  'fields',
  'sort',
  'pagination',
  'publicationState',
]);
const NESTED_POPULATE_KEYS = new Set(['populate', 'fields', 'filters', 'sort', 'count']);
const OPERATOR_SET = new Set<string>(OPERATORS);
const ARRAY_OPERATORS = new Set<Operator>(['$in', '$notIn', '$between']);
const TEXT_OPERATORS = new Set<Operator>([
  '$eqi',
  '$nei',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
]);
const ORDER_OPERATORS = new Set<Operator>(['$lt', '$lte', '$gt', '$gte', '$between']);
/** Operators a list (array) attribute understands; see docs/api.md "Filtering lists". */
const LIST_OPERATORS = new Set<Operator>([
  '$eq',
  '$ne',
  '$in',
  '$notIn',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$null',
  '$notNull',
]);

type Path = (string | number)[];

const fail = (message: string, path: Path): never => {
  throw validationError(message, path);
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** qs turns `a[0]=x` into an array but sparse or long lists into objects with numeric keys. */
function asArray(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value as unknown[];
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
      return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]);
    }
  }
  return undefined;
}

function checkString(value: string, path: Path): string {
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

const INT32_MAX = 2_147_483_647;

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
const DATETIME_RE =
  /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

export function isValidDate(text: string): boolean {
  const match = DATE_RE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Coerces one filter value to the attribute's type, or fails with a message naming the key. */
function coerceValue(
  attribute: ScalarAttribute,
  raw: unknown,
  path: Path,
  asText: boolean,
): unknown {
  if (raw === null) return null;
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
    return fail(`Invalid value for "${path.join('.')}": expected a single value`, path);
  }
  const where = path.join('.');
  if (asText) return checkString(String(raw), path);
  const type =
    attribute.type === 'list'
      ? attribute.itemType === 'integer'
        ? 'integer'
        : 'string'
      : attribute.type;
  switch (type) {
    case 'string':
    case 'text':
    case 'enumeration':
      return checkString(String(raw), path);
    case 'integer': {
      const text = String(raw);
      if (!/^-?\d{1,10}$/.test(text) || Math.abs(Number(text)) > INT32_MAX) {
        return fail(`Invalid value for "${where}": expected an integer`, path);
      }
      return Number(text);
    }
    case 'decimal': {
      const text = String(raw).trim();
      if (!/^-?\d+(\.\d+)?$/.test(text))
        return fail(`Invalid value for "${where}": expected a number`, path);
      return Number(text);
    }
    case 'boolean':
      return parseBoolean(raw, path);
    case 'datetime': {
      const text = checkString(String(raw), path);
      const time = Date.parse(text);
      if (!DATETIME_RE.test(text) || Number.isNaN(time)) {
        return fail(`Invalid value for "${where}": expected an ISO 8601 date-time`, path);
      }
      return new Date(time).toISOString();
    }
    case 'date': {
      const text = checkString(String(raw), path);
      if (!isValidDate(text))
        return fail(`Invalid value for "${where}": expected a date (YYYY-MM-DD)`, path);
      return text;
    }
    default:
      return fail(`Invalid value for "${where}": this attribute cannot be compared`, path);
  }
}

export interface ParseOptions {
  /** Policy scopes: may name private attributes. */
  trusted?: boolean;
}

/**
 * Validates a Strapi v4 query against a content type and turns it into a typed tree. Everything a
 * client can name is checked here: unknown or private attributes, unknown operators and top-level
 * parameters, malformed values, page sizes and depths; the SQL layer never sees raw input.
 */
export class QueryParser {
  constructor(private readonly registry: Registry) {}

  /** Parses the query of a list or single-entry request. */
  parse(type: ContentType, raw: Record<string, unknown>): ParsedQuery {
    for (const key of Object.keys(raw)) {
      if (!QUERY_KEYS.has(key)) {
        fail(
          `Invalid query parameter "${key}". Allowed: filters, populate, fields, sort, pagination, publicationState`,
          [key],
        );
      }
    }
    const nested = this.parseNested(type, raw, [], 1, false);
    return {
      ...nested,
      pagination: this.parsePagination(raw.pagination),
      publicationState: this.parsePublicationState(raw.publicationState),
    };
  }

  /** Parses a filter object written by a policy (trusted: private attributes allowed). */
  parseScope(type: ContentType, filter: FilterObject): FilterNode {
    return this.parseFilterObject(type, filter, ['scope'], { trusted: true }, 0);
  }

  /** Parses client filters (used by custom routes that accept `filters`). */
  parseFilters(type: ContentType, raw: unknown, path: Path = ['filters']): FilterNode | undefined {
    return this.parseFiltersParam(type, raw, path, {});
  }

  private parseNested(
    type: ContentType,
    raw: Record<string, unknown>,
    path: Path,
    depth: number,
    allowCount: boolean,
  ): NestedQuery {
    const query: NestedQuery = { sort: [], populate: new Map(), count: false };
    if (raw.fields !== undefined) {
      const fields = this.parseFields(type, raw.fields, [...path, 'fields']);
      if (fields) query.fields = fields;
    }
    const filters = this.parseFiltersParam(type, raw.filters, [...path, 'filters'], {});
    if (filters) query.filters = filters;
    if (raw.sort !== undefined) query.sort = this.parseSort(type, raw.sort, [...path, 'sort']);
    if (raw.populate !== undefined) {
      query.populate = this.parsePopulate(type, raw.populate, [...path, 'populate'], depth);
    }
    if (allowCount && raw.count !== undefined)
      query.count = parseBoolean(raw.count, [...path, 'count']);
    return query;
  }

  // ---- pagination and publication state ----

  private parsePagination(raw: unknown): Pagination {
    if (raw === undefined)
      return { kind: 'page', page: 1, pageSize: DEFAULT_PAGE_SIZE, withCount: true };
    if (!isPlainObject(raw)) return fail('Invalid pagination: expected an object', ['pagination']);
    const allowed = new Set(['page', 'pageSize', 'start', 'limit', 'withCount']);
    for (const key of Object.keys(raw)) {
      if (!allowed.has(key)) fail(`Invalid pagination parameter "${key}"`, ['pagination', key]);
    }
    const withCount =
      raw.withCount === undefined ? true : parseBoolean(raw.withCount, ['pagination', 'withCount']);
    const isPage = raw.page !== undefined || raw.pageSize !== undefined;
    const isOffset = raw.start !== undefined || raw.limit !== undefined;
    if (isPage && isOffset) {
      fail(
        'Invalid pagination attributes. You cannot use page and offset pagination in the same query',
        ['pagination'],
      );
    }
    const integer = (value: unknown, key: string, min: number): number => {
      const text = typeof value === 'number' ? String(value) : value;
      if (typeof text !== 'string' || !/^-?\d{1,9}$/.test(text) || Number(text) < min) {
        return fail(`Invalid '${key}' parameter. Expected an integer >= ${min}`, [
          'pagination',
          key,
        ]);
      }
      return Number(text);
    };
    const maxCheck = (value: number, key: string) => {
      if (value > MAX_PAGE_SIZE) {
        fail(`Invalid '${key}' parameter. The maximum is ${MAX_PAGE_SIZE}`, ['pagination', key]);
      }
      return value;
    };
    if (isOffset) {
      const start = raw.start === undefined ? 0 : integer(raw.start, 'start', 0);
      const limit =
        raw.limit === undefined
          ? DEFAULT_PAGE_SIZE
          : maxCheck(integer(raw.limit, 'limit', 1), 'limit');
      return { kind: 'offset', start, limit, withCount };
    }
    const page = raw.page === undefined ? 1 : integer(raw.page, 'page', 1);
    const pageSize =
      raw.pageSize === undefined
        ? DEFAULT_PAGE_SIZE
        : maxCheck(integer(raw.pageSize, 'pageSize', 1), 'pageSize');
    return { kind: 'page', page, pageSize, withCount };
  }

  private parsePublicationState(raw: unknown): PublicationState {
    if (raw === undefined) return 'live';
    if (raw === 'live' || raw === 'preview') return raw;
    return fail(`Invalid publicationState. Expected one of 'preview','live'`, ['publicationState']);
  }

  // ---- fields ----

  private parseFields(type: ContentType, raw: unknown, path: Path): ScalarAttribute[] | undefined {
    const names: string[] = [];
    const collect = (value: unknown, at: Path) => {
      if (typeof value === 'string') {
        for (const part of value.split(',')) names.push(part.trim());
        return;
      }
      const list = asArray(value);
      if (!list)
        return fail('Invalid fields parameter. Expected a string or an array of strings', at);
      list.forEach((item, i) => {
        if (typeof item !== 'string')
          fail('Invalid fields parameter. Expected a string or an array of strings', [...at, i]);
        collect(item, [...at, i]);
      });
    };
    collect(raw, path);
    if (names.length === 1 && names[0] === '*') return undefined;
    const selected = new Map<string, ScalarAttribute>();
    for (const name of names) {
      if (name === '' || name === 'id') continue;
      const attribute = this.visibleAttribute(type, name, [...path, name], {});
      if (attribute.kind !== 'scalar') {
        fail(
          `Invalid field "${name}": only attributes can be selected; use populate for relations`,
          [...path, name],
        );
      } else {
        selected.set(name, attribute);
      }
    }
    return [...selected.values()];
  }

  /** Looks up an attribute a client named; private ones are reported exactly like unknown ones. */
  private visibleAttribute(type: ContentType, name: string, path: Path, options: ParseOptions) {
    const attribute = type.attributes.get(name);
    if (!attribute || (attribute.visibility === 'private' && !options.trusted)) {
      return fail(`Invalid key ${name}`, path);
    }
    return attribute;
  }

  // ---- sort ----

  private parseSort(type: ContentType, raw: unknown, path: Path): SortTerm[] {
    const terms: SortTerm[] = [];
    const fromString = (value: string, at: Path) => {
      for (const part of value.split(',')) {
        const text = part.trim();
        if (text === '') continue;
        const [field = '', order = 'asc', ...rest] = text.split(':');
        if (rest.length > 0) fail(`Invalid sort "${text}"`, at);
        terms.push(this.sortTerm(type, field.split('.'), order, at));
      }
    };
    const fromObject = (value: Record<string, unknown>, prefix: string[], at: Path) => {
      for (const [key, order] of Object.entries(value)) {
        if (isPlainObject(order)) fromObject(order, [...prefix, key], [...at, key]);
        else if (typeof order === 'string')
          terms.push(this.sortTerm(type, [...prefix, key], order, [...at, key]));
        else fail('Invalid sort parameter', [...at, key]);
      }
    };
    if (typeof raw === 'string') {
      fromString(raw, path);
      return terms;
    }
    const list = asArray(raw);
    if (list) {
      list.forEach((item, i) => {
        if (typeof item === 'string') fromString(item, [...path, i]);
        else if (isPlainObject(item)) fromObject(item, [], [...path, i]);
        else
          fail('Invalid sort parameter. Expected a string, an array of strings or a sort object', [
            ...path,
            i,
          ]);
      });
      return terms;
    }
    if (isPlainObject(raw)) {
      fromObject(raw, [], path);
      return terms;
    }
    return fail(
      'Invalid sort parameter. Expected a string, an array of strings or a sort object',
      path,
    );
  }

  private sortTerm(type: ContentType, names: string[], order: string, path: Path): SortTerm {
    const direction = order.toLowerCase();
    if (direction !== 'asc' && direction !== 'desc') {
      fail('Invalid order. order can only be one of asc|desc|ASC|DESC', path);
    }
    const through: SortTerm['through'] = [];
    let current = type;
    for (const [index, name] of names.entries()) {
      if (name === '') fail('Invalid sort: field cannot be empty', path);
      const isLast = index === names.length - 1;
      if (name === 'id' && isLast) {
        return { through, attribute: ID_ATTRIBUTE, direction: direction as 'asc' | 'desc' };
      }
      const attribute = this.visibleAttribute(current, name, [...path, name], {});
      if (attribute.kind === 'relation') {
        if (isLast)
          fail(`Invalid sort "${names.join('.')}": name an attribute of the relation`, path);
        if (attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany') {
          fail(`Invalid sort "${names.join('.')}": cannot sort by a to-many relation`, path);
        }
        const target = this.registry.get(attribute.target);
        through.push({ attribute, target });
        current = target;
        continue;
      }
      if (!isLast) fail(`Invalid sort "${names.join('.')}": ${name} is not a relation`, path);
      if (attribute.kind !== 'scalar' || attribute.type === 'json' || attribute.type === 'list') {
        fail(`Invalid sort "${names.join('.')}": ${name} cannot be sorted`, path);
      } else {
        // A protected attribute is checked against the actor when compiled (compile.ts).
        return { through, attribute, direction: direction as 'asc' | 'desc' };
      }
    }
    return fail('Invalid sort', path);
  }

  // ---- filters ----

  private parseFiltersParam(type: ContentType, raw: unknown, path: Path, options: ParseOptions) {
    if (raw === undefined) return undefined;
    const list = asArray(raw);
    if (list) {
      return {
        op: 'and' as const,
        nodes: list.map((item, i) => this.parseFilterObject(type, item, [...path, i], options, 1)),
      };
    }
    if (!isPlainObject(raw))
      return fail('The filters parameter must be an object or an array', path);
    return this.parseFilterObject(type, raw, path, options, 0);
  }

  private parseFilterObject(
    type: ContentType,
    raw: unknown,
    path: Path,
    options: ParseOptions,
    depth: number,
  ): FilterNode {
    if (depth > MAX_FILTER_DEPTH) fail('Invalid filters: nested too deeply', path);
    if (!isPlainObject(raw)) return fail('Invalid filters: expected an object', path);
    const nodes: FilterNode[] = [];
    for (const [key, value] of Object.entries(raw)) {
      const at = [...path, key];
      if (key === '$and' || key === '$or') {
        const list = asArray(value) ?? (isPlainObject(value) ? [value] : undefined);
        if (!list) fail(`Invalid filters: ${key} expects an array of filters`, at);
        nodes.push({
          op: key === '$and' ? 'and' : 'or',
          nodes: (list ?? []).map((item, i) =>
            this.parseFilterObject(type, item, [...at, i], options, depth + 1),
          ),
        });
      } else if (key === '$not') {
        nodes.push({
          op: 'not',
          node: this.parseFilterObject(type, value, at, options, depth + 1),
        });
      } else if (key.startsWith('$')) {
        fail(
          OPERATOR_SET.has(key)
            ? `Invalid filters: ${key} must be applied to an attribute`
            : `Invalid filters: unknown operator ${key}`,
          at,
        );
      } else if (key === 'id') {
        nodes.push(this.parseAttributeFilter(ID_ATTRIBUTE, value, at, depth + 1));
      } else {
        const attribute = this.visibleAttribute(type, key, at, options);
        if (attribute.kind === 'scalar') {
          // A protected attribute is checked against the actor when compiled (compile.ts).
          nodes.push(this.parseAttributeFilter(attribute, value, at, depth + 1));
        } else if (attribute.kind === 'relation') {
          const target = this.registry.get(attribute.target);
          nodes.push({
            op: 'relation',
            attribute,
            target,
            node: this.parseRelationFilter(target, value, at, options, depth + 1),
          });
        } else {
          fail(`Invalid filters: cannot filter on the component ${key}`, at);
        }
      }
    }
    return nodes.length === 1 ? (nodes[0] as FilterNode) : { op: 'and', nodes };
  }

  /**
   * Inside a relation: attributes of the target, or operators that apply to its id
   * (`filters[organization]=3`, `filters[organization][$null]=true`).
   */
  private parseRelationFilter(
    target: ContentType,
    raw: unknown,
    path: Path,
    options: ParseOptions,
    depth: number,
  ): FilterNode {
    if (!isPlainObject(raw) || asArray(raw)) {
      return this.parseAttributeFilter(ID_ATTRIBUTE, raw, path, depth);
    }
    const operators: Record<string, unknown> = {};
    const rest: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (OPERATOR_SET.has(key)) operators[key] = value;
      else rest[key] = value;
    }
    const nodes: FilterNode[] = [];
    if (Object.keys(operators).length > 0)
      nodes.push(this.parseAttributeFilter(ID_ATTRIBUTE, operators, path, depth));
    if (Object.keys(rest).length > 0)
      nodes.push(this.parseFilterObject(target, rest, path, options, depth));
    return nodes.length === 1 ? (nodes[0] as FilterNode) : { op: 'and', nodes };
  }

  private parseAttributeFilter(
    attribute: ScalarAttribute,
    raw: unknown,
    path: Path,
    depth: number,
  ): FilterNode {
    if (depth > MAX_FILTER_DEPTH) fail('Invalid filters: nested too deeply', path);
    if (!isPlainObject(raw) || asArray(raw)) {
      const list = asArray(raw);
      return list
        ? this.compare(attribute, '$in', list, path)
        : this.compare(attribute, '$eq', raw, path);
    }
    const nodes: FilterNode[] = [];
    for (const [key, value] of Object.entries(raw)) {
      const at = [...path, key];
      if (key === '$not') {
        nodes.push({ op: 'not', node: this.parseAttributeFilter(attribute, value, at, depth + 1) });
      } else if (OPERATOR_SET.has(key)) {
        nodes.push(this.compare(attribute, key as Operator, value, at));
      } else {
        fail(
          key.startsWith('$')
            ? `Invalid filters: unknown operator ${key}`
            : `Invalid filters: ${String(path[path.length - 1])} has no attribute ${key}`,
          at,
        );
      }
    }
    if (nodes.length === 0) fail('Invalid filters: empty condition', path);
    return nodes.length === 1 ? (nodes[0] as FilterNode) : { op: 'and', nodes };
  }

  private compare(
    attribute: ScalarAttribute,
    operator: Operator,
    raw: unknown,
    path: Path,
  ): FilterNode {
    const where = path.join('.');
    if (attribute.type === 'json') {
      if (operator !== '$null' && operator !== '$notNull') {
        fail(`Invalid filters: ${attribute.name} only supports $null and $notNull`, path);
      }
    } else if (attribute.type === 'list') {
      if (!LIST_OPERATORS.has(operator))
        fail(`Invalid filters: ${operator} does not apply to the list ${attribute.name}`, path);
    } else if (ORDER_OPERATORS.has(operator) && attribute.type === 'boolean') {
      fail(`Invalid filters: ${operator} does not apply to the boolean ${attribute.name}`, path);
    }
    if (operator === '$null' || operator === '$notNull') {
      return { op: 'compare', attribute, operator, value: parseBoolean(raw, path) };
    }
    const list = asArray(raw);
    const asText = TEXT_OPERATORS.has(operator);
    if (ARRAY_OPERATORS.has(operator)) {
      const values = list ?? [raw];
      if (values.length > MAX_FILTER_VALUES)
        fail(`Invalid filters: more than ${MAX_FILTER_VALUES} values`, path);
      if (operator === '$between' && values.length !== 2) {
        fail(`Invalid value for "${where}": $between expects exactly two values`, path);
      }
      return {
        op: 'compare',
        attribute,
        operator,
        value: values.map((v, i) => {
          const coerced = coerceValue(attribute, v, [...path, i], false);
          if (coerced === null)
            fail(`Invalid value for "${where}": null is not allowed here`, [...path, i]);
          return coerced;
        }),
      };
    }
    if (list) {
      // Strapi applies a non-array operator to each value and joins them with OR.
      if (list.length > MAX_FILTER_VALUES)
        fail(`Invalid filters: more than ${MAX_FILTER_VALUES} values`, path);
      return {
        op: 'or',
        nodes: list.map((v, i) => this.compare(attribute, operator, v, [...path, i])),
      };
    }
    const value = coerceValue(attribute, raw, path, asText);
    if (value === null && operator !== '$eq' && operator !== '$ne') {
      fail(`Invalid value for "${where}": null is only allowed with $eq and $ne`, path);
    }
    return { op: 'compare', attribute, operator, value };
  }

  // ---- populate ----

  private parsePopulate(
    type: ContentType,
    raw: unknown,
    path: Path,
    depth: number,
  ): Map<string, PopulateNode> {
    if (depth > MAX_POPULATE_DEPTH)
      fail(`Invalid populate: deeper than ${MAX_POPULATE_DEPTH} levels`, path);
    const result = new Map<string, PopulateNode>();
    if (raw === '*' || raw === true || raw === 'true') {
      for (const attribute of type.attributes.values()) {
        if (attribute.visibility === 'private') continue;
        if (attribute.kind === 'relation') {
          result.set(attribute.name, this.relationPopulate(attribute, {}, path, depth));
        } else if (attribute.kind === 'component') {
          result.set(attribute.name, { kind: 'component', attribute });
        }
      }
      return result;
    }
    if (raw === 'false' || raw === false) return result;
    if (typeof raw === 'string') {
      for (const part of raw.split(','))
        this.addPopulatePath(type, result, part.trim(), path, depth);
      return result;
    }
    const list = asArray(raw);
    if (list) {
      list.forEach((item, i) => {
        if (typeof item !== 'string') {
          fail(
            'Invalid populate parameter. Expected a string, an array of strings, a populate object',
            [...path, i],
          );
        }
        for (const part of (item as string).split(','))
          this.addPopulatePath(type, result, part.trim(), [...path, i], depth);
      });
      return result;
    }
    if (!isPlainObject(raw)) {
      return fail(
        'Invalid populate parameter. Expected a string, an array of strings, a populate object',
        path,
      );
    }
    for (const [name, value] of Object.entries(raw)) {
      const at = [...path, name];
      const attribute = this.populatableAttribute(type, name, at);
      if (value === 'false' || value === false) continue;
      if (attribute.kind === 'component') {
        this.checkComponentPopulate(attribute.shape, value, at, depth);
        result.set(name, { kind: 'component', attribute });
        continue;
      }
      if (value === '*' || value === true || value === 'true') {
        result.set(name, this.relationPopulate(attribute, {}, at, depth));
      } else if (isPlainObject(value)) {
        for (const key of Object.keys(value)) {
          if (!NESTED_POPULATE_KEYS.has(key)) {
            fail(
              `Invalid populate key "${key}" under "${name}": expected populate, fields, filters, sort or count`,
              [...at, key],
            );
          }
        }
        result.set(name, this.relationPopulate(attribute, value, at, depth));
      } else {
        fail(`Invalid nested populate for "${name}". Expected '*', true or an object`, at);
      }
    }
    return result;
  }

  private populatableAttribute(type: ContentType, name: string, path: Path) {
    const attribute = this.visibleAttribute(type, name, path, {});
    if (attribute.kind === 'scalar') {
      return fail(
        `Invalid populate: "${name}" is an attribute, not a relation, media or component`,
        path,
      );
    }
    return attribute;
  }

  private relationPopulate(
    attribute: RelationAttribute,
    raw: Record<string, unknown>,
    path: Path,
    depth: number,
  ): PopulateNode {
    const target = this.registry.get(attribute.target);
    return {
      kind: 'relation',
      attribute,
      target,
      query: this.parseNested(target, raw, path, depth + 1, true),
    };
  }

  /**
   * A dotted path populates each relation on the way; a path ending in an attribute of the last
   * relation (`university.name`) populates that relation and keeps the attribute.
   */
  private addPopulatePath(
    type: ContentType,
    into: Map<string, PopulateNode>,
    dotted: string,
    path: Path,
    depth: number,
  ) {
    if (dotted === '') return;
    if (dotted === '*') {
      for (const [name, node] of this.parsePopulate(type, '*', path, depth))
        if (!into.has(name)) into.set(name, node);
      return;
    }
    const names = dotted.split('.');
    if (names.length + depth - 1 > MAX_POPULATE_DEPTH) {
      fail(`Invalid populate "${dotted}": deeper than ${MAX_POPULATE_DEPTH} levels`, path);
    }
    let currentType = type;
    let currentMap = into;
    for (const [index, name] of names.entries()) {
      const at = [...path, ...names.slice(0, index + 1)];
      const attribute = this.visibleAttribute(currentType, name, at, {});
      if (attribute.kind === 'scalar') {
        if (index === 0 || index !== names.length - 1) {
          fail(
            `Invalid populate "${dotted}": "${name}" is an attribute, not a relation, media or component`,
            at,
          );
        }
        return;
      }
      if (attribute.kind === 'component') {
        if (!currentMap.has(name)) currentMap.set(name, { kind: 'component', attribute });
        this.checkComponentPath(attribute.shape, names.slice(index + 1), at);
        return;
      }
      let node = currentMap.get(name);
      if (!node) {
        node = this.relationPopulate(attribute, {}, at, depth + index);
        currentMap.set(name, node);
      }
      if (node.kind !== 'relation') return;
      currentType = node.target;
      currentMap = node.query.populate;
    }
  }

  private checkComponentPath(shape: ComponentShape, names: string[], path: Path) {
    let current = shape;
    for (const name of names) {
      const next = current[name];
      if (!next) fail(`Invalid populate: "${name}" is not part of the component`, [...path, name]);
      current = next ?? {};
    }
  }

  private checkComponentPopulate(shape: ComponentShape, raw: unknown, path: Path, depth: number) {
    if (depth > MAX_POPULATE_DEPTH)
      fail(`Invalid populate: deeper than ${MAX_POPULATE_DEPTH} levels`, path);
    if (raw === '*' || raw === true || raw === 'true' || raw === undefined) return;
    if (typeof raw === 'string') {
      for (const part of raw.split(','))
        this.checkComponentPath(shape, part.trim().split('.'), path);
      return;
    }
    const list = asArray(raw);
    if (list) {
      list.forEach((item, i) => this.checkComponentPopulate(shape, item, [...path, i], depth));
      return;
    }
    if (!isPlainObject(raw)) fail('Invalid populate parameter', path);
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      if (key === 'populate') this.checkComponentPopulate(shape, value, [...path, key], depth);
      else if (key === 'fields' || key === 'sort' || key === 'filters') continue;
      else {
        const next = shape[key];
        if (!next) fail(`Invalid populate: "${key}" is not part of the component`, [...path, key]);
        this.checkComponentPopulate(next ?? {}, value, [...path, key], depth + 1);
      }
    }
  }
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
