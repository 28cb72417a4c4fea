import { sql, type SQL } from 'drizzle-orm';
import { forbidden, validationError } from '../errors';
import { SYSTEM, type Principal } from './actor';
import { ID_ATTRIBUTE, type QueryParser } from './parse';
import type { FilterNode, Operator, SortTerm } from './query-types';
import type { Registry } from './registry';
import type { AccessPolicy, ContentType, RelationAttribute, ScalarAttribute } from './types';

/**
 * Identifiers in generated SQL come only from the registry (table and column names of the Drizzle
 * schema) or from aliases made here; every value a client sends travels as a bind parameter.
 */
export const ident = (name: string) => sql.raw(`"${name}"`);
export const column = (alias: string, name: string) => sql.raw(`"${alias}"."${name}"`);
export const TRUE = sql.raw('TRUE');
export const FALSE = sql.raw('FALSE');

export type Condition = SQL | boolean;

export function and(conditions: Condition[]): Condition {
  const parts: SQL[] = [];
  for (const c of conditions) {
    if (c === false) return false;
    if (c === true) continue;
    parts.push(c);
  }
  if (parts.length === 0) return true;
  if (parts.length === 1) return parts[0] as SQL;
  return sql`(${sql.join(parts, sql` AND `)})`;
}

export function or(conditions: Condition[]): Condition {
  const parts: SQL[] = [];
  for (const c of conditions) {
    if (c === true) return true;
    if (c === false) continue;
    parts.push(c);
  }
  if (parts.length === 0) return false;
  if (parts.length === 1) return parts[0] as SQL;
  return sql`(${sql.join(parts, sql` OR `)})`;
}

function not(condition: Condition): Condition {
  if (typeof condition === 'boolean') return !condition;
  return sql`NOT (${condition})`;
}

export const toSql = (condition: Condition): SQL =>
  condition === true ? TRUE : condition === false ? FALSE : condition;

/** Escapes LIKE wildcards so a client's `%` or `_` matches itself. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const TEXT_TYPES = new Set(['string', 'text', 'enumeration']);

type Action = keyof Pick<
  AccessPolicy,
  'find' | 'update' | 'delete' | 'protectedScope' | 'createScope'
>;

/** Three-valued result of a condition on a row whose columns are all NULL. */
type Truth = true | false | null;

/**
 * Compiles parsed queries to SQL for one request: filters, policy scopes, relation conditions and
 * sort expressions. Holds the alias counter and the scopes of the principal, so each policy runs
 * once per request and type.
 */
export class Compiler {
  private aliasCount = 0;
  private readonly scopes = new Map<string, FilterNode | boolean>();
  /** Every table the compiled SQL reads (for caches that must know what an answer depends on). */
  readonly tables = new Set<string>();

  constructor(
    readonly registry: Registry,
    readonly parser: QueryParser,
    readonly principal: Principal,
  ) {}

  alias(): string {
    return `t${this.aliasCount++}`;
  }

  /** The policy scope of an action as a parsed filter, `true` or `false` (default deny). */
  scopeNode(type: ContentType, action: Action): FilterNode | boolean {
    this.tables.add(type.table);
    if (this.principal === SYSTEM) return true;
    const key = `${action}:${type.uid}`;
    let scope = this.scopes.get(key);
    if (scope === undefined) {
      const policy = type.policy[action];
      const value = policy ? policy(this.principal) : false;
      scope = typeof value === 'boolean' ? value : this.parser.parseScope(type, value);
      this.scopes.set(key, scope);
    }
    return scope;
  }

  /** The scope of an action as a condition on the row aliased `alias`. */
  scope(type: ContentType, alias: string, action: Action = 'find'): Condition {
    const node = this.scopeNode(type, action);
    return typeof node === 'boolean' ? node : this.filter(node, type, alias, true);
  }

  /** Compiles a filter tree on the row `alias` of `type`. Trusted filters skip target policies. */
  filter(node: FilterNode, type: ContentType, alias: string, trusted: boolean): Condition {
    switch (node.op) {
      case 'and':
        return and(node.nodes.map((n) => this.filter(n, type, alias, trusted)));
      case 'or':
        return or(node.nodes.map((n) => this.filter(n, type, alias, trusted)));
      case 'not':
        return not(this.filter(node.node, type, alias, trusted));
      case 'compare':
        if (!trusted) this.requireProtectedAccess(type, node.attribute);
        return compare(
          node.attribute,
          node.operator,
          node.value,
          column(alias, node.attribute.column),
        );
      case 'relation':
        return this.relation(node.attribute, node.target, node.node, alias, trusted);
    }
  }

  private targetScopeOrDeny(target: ContentType, attribute: RelationAttribute, trusted: boolean) {
    if (trusted) return true;
    const scope = this.scopeNode(target, 'find');
    if (scope === false) throw forbidden(`Forbidden: you cannot query through ${attribute.name}`);
    return scope;
  }

  private relation(
    attribute: RelationAttribute,
    target: ContentType,
    node: FilterNode,
    alias: string,
    trusted: boolean,
  ): Condition {
    const scope = this.targetScopeOrDeny(target, attribute, trusted);
    // A condition on the related id alone is a condition on our own foreign key: no join needed.
    if (attribute.fk && scope === true && isIdOnly(node)) {
      return this.idCondition(node, column(alias, attribute.fk.column));
    }
    const inner = this.alias();
    const matching = this.exists(attribute, target, alias, inner, trusted, (a) =>
      this.filter(node, target, a, trusted),
    );
    // Strapi joins relations with LEFT JOIN: with no (visible) related row the condition is judged
    // on a row of NULLs, so `filters[organization][name][$null]=true` matches projects without one.
    if (this.onNullRow(node, trusted) !== true) return matching;
    const none = not(this.exists(attribute, target, alias, this.alias(), trusted, () => true));
    return or([matching, none]);
  }

  /** EXISTS over the rows of `target` related to `alias` and visible to the principal. */
  exists(
    attribute: RelationAttribute,
    target: ContentType,
    alias: string,
    inner: string,
    trusted: boolean,
    condition: (alias: string) => Condition,
  ): Condition {
    const scope = trusted ? true : this.scope(target, inner);
    const where = toSql(and([scope, condition(inner)]));
    const from = ident(target.table);
    this.tables.add(target.table);
    if (attribute.join) this.tables.add(attribute.join.table);
    if (attribute.fk) {
      return sql`EXISTS (SELECT 1 FROM ${from} ${ident(inner)} WHERE ${column(inner, 'id')} = ${column(alias, attribute.fk.column)} AND ${where})`;
    }
    if (attribute.mappedBy) {
      const inverse = this.registry.inverseOf(attribute);
      return sql`EXISTS (SELECT 1 FROM ${from} ${ident(inner)} WHERE ${column(inner, inverse.fk?.column ?? '')} = ${column(alias, 'id')} AND ${where})`;
    }
    const join = attribute.join;
    if (!join) throw new Error(`${attribute.name}: relation without storage`);
    const link = `${inner}_l`;
    return sql`EXISTS (SELECT 1 FROM ${ident(join.table)} ${ident(link)} JOIN ${from} ${ident(inner)} ON ${column(inner, 'id')} = ${column(link, join.targetColumn)} WHERE ${column(link, join.ownColumn)} = ${column(alias, 'id')} AND ${where})`;
  }

  private idCondition(node: FilterNode, idColumn: SQL): Condition {
    switch (node.op) {
      case 'and':
        return and(node.nodes.map((n) => this.idCondition(n, idColumn)));
      case 'or':
        return or(node.nodes.map((n) => this.idCondition(n, idColumn)));
      case 'not':
        return not(this.idCondition(node.node, idColumn));
      case 'compare':
        return compare(node.attribute, node.operator, node.value, idColumn);
      case 'relation':
        throw new Error('unreachable: id-only filter with a relation');
    }
  }

  /** How a filter judges a row of NULLs (a missing relation under LEFT JOIN semantics). */
  private onNullRow(node: FilterNode, trusted: boolean): Truth {
    switch (node.op) {
      case 'and': {
        const values = node.nodes.map((n) => this.onNullRow(n, trusted));
        if (values.includes(false)) return false;
        return values.every((v) => v === true) ? true : null;
      }
      case 'or': {
        const values = node.nodes.map((n) => this.onNullRow(n, trusted));
        if (values.includes(true)) return true;
        return values.every((v) => v === false) ? false : null;
      }
      case 'not': {
        const value = this.onNullRow(node.node, trusted);
        return value === null ? null : !value;
      }
      case 'compare':
        return compareOnNull(node.attribute, node.operator, node.value);
      case 'relation': {
        // A NULL row has no related rows; only the "no related row" branch can match.
        const child = this.onNullRow(node.node, trusted);
        const scope = trusted ? true : this.scopeNode(node.target, 'find');
        if (node.attribute.fk && scope === true && isIdOnly(node.node)) return child;
        return child === true;
      }
    }
  }

  /** ORDER BY expression of a sort term, walking to-one relations with scalar subqueries. */
  sortExpression(term: SortTerm, alias: string, type?: ContentType): SQL {
    const walk = (index: number, from: string): SQL => {
      const step = term.through[index];
      if (!step) {
        const owner = term.through[term.through.length - 1]?.target ?? type;
        if (owner) this.requireProtectedAccess(owner, term.attribute);
        const value = column(from, term.attribute.column);
        // Text sorts in Spanish order (migration 0002): Ávila next to avila, not after zeta.
        return TEXT_TYPES.has(term.attribute.type) ? sql`${value} COLLATE es_natural` : value;
      }
      const scope = this.targetScopeOrDeny(step.target, step.attribute, false);
      this.tables.add(step.target.table);
      const inner = this.alias();
      const scopeSql = scope === true ? TRUE : toSql(this.scope(step.target, inner));
      const value = walk(index + 1, inner);
      const table = ident(step.target.table);
      if (step.attribute.fk) {
        return sql`(SELECT ${value} FROM ${table} ${ident(inner)} WHERE ${column(inner, 'id')} = ${column(from, step.attribute.fk.column)} AND ${scopeSql})`;
      }
      const inverse = this.registry.inverseOf(step.attribute);
      return sql`(SELECT ${value} FROM ${table} ${ident(inner)} WHERE ${column(inner, inverse.fk?.column ?? '')} = ${column(from, 'id')} AND ${scopeSql} ORDER BY ${column(inner, 'id')} LIMIT 1)`;
    };
    return walk(0, alias);
  }

  /**
   * Filtering or sorting by a protected attribute (an email, a DNI) is for actors who may see it on
   * every row (admins); for anyone else it would be an oracle, so it is an unknown key to them.
   */
  private requireProtectedAccess(type: ContentType, attribute: ScalarAttribute) {
    if (attribute.visibility !== 'protected') return;
    if (this.scopeNode(type, 'protectedScope') !== true) {
      throw validationError(`Invalid key ${attribute.name}`, [attribute.name]);
    }
  }

  /** ORDER BY clause; the id breaks ties so pages never overlap. */
  orderBy(terms: SortTerm[], alias: string, type?: ContentType): SQL {
    const parts = terms.map(
      (term) =>
        sql`${this.sortExpression(term, alias, type)} ${sql.raw(term.direction === 'desc' ? 'DESC' : 'ASC')}`,
    );
    if (!terms.some((t) => t.attribute === ID_ATTRIBUTE && t.through.length === 0)) {
      parts.push(sql`${column(alias, 'id')} ASC`);
    }
    return sql.join(parts, sql`, `);
  }
}

function isIdOnly(node: FilterNode): boolean {
  switch (node.op) {
    case 'and':
    case 'or':
      return node.nodes.every(isIdOnly);
    case 'not':
      return isIdOnly(node.node);
    case 'compare':
      return node.attribute === ID_ATTRIBUTE;
    case 'relation':
      return false;
  }
}

const arrayType = (attribute: ScalarAttribute) =>
  sql.raw(attribute.type === 'list' ? attribute.sqlType : `${attribute.sqlType}[]`);
const itemType = (attribute: ScalarAttribute) =>
  sql.raw(attribute.type === 'list' ? attribute.sqlType.replace('[]', '') : attribute.sqlType);

/** SQL of one attribute-level operator on a column expression. */
export function compare(
  attribute: ScalarAttribute,
  operator: Operator,
  value: unknown,
  target: SQL,
): Condition {
  if (attribute.type === 'list') return compareList(attribute, operator, value, target);
  const text = TEXT_TYPES.has(attribute.type) ? target : sql`CAST(${target} AS text)`;
  const pattern = (before: string, after: string) =>
    `${before}${likeEscape(String(value))}${after}`;
  switch (operator) {
    case '$eq':
      return value === null ? sql`${target} IS NULL` : sql`${target} = ${value}`;
    case '$ne':
      return value === null ? sql`${target} IS NOT NULL` : sql`${target} <> ${value}`;
    case '$eqi':
      return sql`lower(${text}) = lower(${value})`;
    case '$nei':
      return sql`lower(${text}) <> lower(${value})`;
    case '$lt':
      return sql`${target} < ${value}`;
    case '$lte':
      return sql`${target} <= ${value}`;
    case '$gt':
      return sql`${target} > ${value}`;
    case '$gte':
      return sql`${target} >= ${value}`;
    case '$in':
      return (value as unknown[]).length === 0
        ? false
        : sql`${target} = ANY(${sql.param(value)}::${arrayType(attribute)})`;
    case '$notIn':
      return (value as unknown[]).length === 0
        ? true
        : sql`NOT (${target} = ANY(${sql.param(value)}::${arrayType(attribute)}))`;
    case '$between': {
      const [low, high] = value as [unknown, unknown];
      return sql`${target} BETWEEN ${low} AND ${high}`;
    }
    case '$contains':
      return sql`${text} LIKE ${pattern('%', '%')}`;
    case '$notContains':
      return sql`${text} NOT LIKE ${pattern('%', '%')}`;
    case '$containsi':
      return sql`${text} ILIKE ${pattern('%', '%')}`;
    case '$notContainsi':
      return sql`${text} NOT ILIKE ${pattern('%', '%')}`;
    case '$startsWith':
      return sql`${text} LIKE ${pattern('', '%')}`;
    case '$startsWithi':
      return sql`${text} ILIKE ${pattern('', '%')}`;
    case '$endsWith':
      return sql`${text} LIKE ${pattern('%', '')}`;
    case '$endsWithi':
      return sql`${text} ILIKE ${pattern('%', '')}`;
    case '$null':
      return value ? sql`${target} IS NULL` : sql`${target} IS NOT NULL`;
    case '$notNull':
      return value ? sql`${target} IS NOT NULL` : sql`${target} IS NULL`;
  }
}

/**
 * Lists (PostgreSQL arrays) are filtered by membership: `$eq`/`$contains` hold the value, `$in`
 * holds any of the values, `$containsi` has an element containing the text; negations also match
 * empty lists. Documented in docs/api.md.
 */
function compareList(
  attribute: ScalarAttribute,
  operator: Operator,
  value: unknown,
  target: SQL,
): Condition {
  const holds = () => sql`${target} @> ARRAY[${value}::${itemType(attribute)}]`;
  const overlaps = () => sql`${target} && ${sql.param(value)}::${arrayType(attribute)}`;
  const elementLike = () =>
    sql`EXISTS (SELECT 1 FROM unnest(${target}) AS element(value) WHERE element.value ILIKE ${`%${likeEscape(String(value))}%`})`;
  const empty = sql`(${target} IS NULL OR cardinality(${target}) = 0)`;
  switch (operator) {
    case '$eq':
    case '$contains':
      return value === null ? empty : holds();
    case '$ne':
    case '$notContains':
      return value === null
        ? sql`cardinality(${target}) > 0`
        : sql`NOT COALESCE(${holds()}, FALSE)`;
    case '$in':
      return (value as unknown[]).length === 0 ? false : overlaps();
    case '$notIn':
      return (value as unknown[]).length === 0 ? true : sql`NOT COALESCE(${overlaps()}, FALSE)`;
    case '$containsi':
      return elementLike();
    case '$notContainsi':
      return sql`NOT ${elementLike()}`;
    case '$null':
      return value ? empty : sql`cardinality(${target}) > 0`;
    case '$notNull':
      return value ? sql`cardinality(${target}) > 0` : empty;
    default:
      throw new Error(`unreachable: ${operator} on a list`);
  }
}

/** compare() judged on a NULL column, in SQL's three-valued logic. */
function compareOnNull(attribute: ScalarAttribute, operator: Operator, value: unknown): Truth {
  const isList = attribute.type === 'list';
  switch (operator) {
    case '$null':
      return value === true;
    case '$notNull':
      return value !== true;
    case '$eq':
      return value === null ? true : null;
    case '$ne':
      return value === null ? false : isList ? true : null;
    case '$in':
      return (value as unknown[]).length === 0 ? false : null;
    case '$notIn':
      return (value as unknown[]).length === 0 || isList ? true : null;
    case '$notContains':
    case '$notContainsi':
      return isList ? true : null;
    case '$containsi':
      return isList ? false : null;
    default:
      return null;
  }
}
