import { OPERATORS, type FilterNode, type Operator } from './query-types';
import type { Registry } from './registry';
import type { ContentType, ScalarAttribute } from './types';
import {
  asArray,
  checkString,
  DATETIME_RE,
  fail,
  ID_ATTRIBUTE,
  INT32_MAX,
  isPlainObject,
  isValidDate,
  parseBoolean,
  visibleAttribute,
  type ParseOptions,
  type Path,
} from './parse-values';

/** Deepest nesting of a filter ($and/$or/$not/relations), a guard against pathological queries. */
const MAX_FILTER_DEPTH = 12;
const MAX_FILTER_VALUES = 1000;
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

/**
 * The `filters` of a query, or a policy's scope, as a typed tree (QueryParser uses it): every
 * attribute, operator and value checked, the depth and the number of values bounded.
 */
export class FilterParser {
  constructor(private readonly registry: Registry) {}

  /** The `filters` parameter: one filter object, or a list of them that all must hold. */
  parseFiltersParam(type: ContentType, raw: unknown, path: Path, options: ParseOptions) {
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

  /** One filter object: attributes, relations and $and/$or/$not, `depth` levels down already. */
  parseFilterObject(
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
        const attribute = visibleAttribute(type, key, at, options);
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
}
