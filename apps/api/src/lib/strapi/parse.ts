import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@plataforma/shared';
import { FilterParser } from './parse-filters';
import {
  asArray,
  fail,
  ID_ATTRIBUTE,
  isPlainObject,
  parseBoolean,
  visibleAttribute,
  type Path,
} from './parse-values';
import type {
  FilterNode,
  NestedQuery,
  Pagination,
  ParsedQuery,
  PopulateNode,
  PublicationState,
  SortTerm,
} from './query-types';
import type { Registry } from './registry';
import type {
  ComponentShape,
  ContentType,
  FilterObject,
  RelationAttribute,
  ScalarAttribute,
} from './types';

/*
 * A query's parameters (QueryParser). Its filters are parsed in parse-filters.ts, and what both
 * check values with is in parse-values.ts; the names callers use stay importable from here.
 */

export {
  ID_ATTRIBUTE,
  isValidDate,
  parseBoolean,
  parseId,
  type ParseOptions,
} from './parse-values';

/** Deepest populate accepted: `a.b.c.d.e`. */
export const MAX_POPULATE_DEPTH = 5;

const QUERY_KEYS = new Set([
  'filters',
  'populate',
  'fields',
  'sort',
  'pagination',
  'publicationState',
]);
const NESTED_POPULATE_KEYS = new Set(['populate', 'fields', 'filters', 'sort', 'count']);

/**
 * Validates a Strapi v4 query against a content type and turns it into a typed tree. Everything a
 * client can name is checked here: unknown or private attributes, unknown operators and top-level
 * parameters, malformed values, page sizes and depths; the SQL layer never sees raw input.
 */
export class QueryParser {
  private readonly filters: FilterParser;

  constructor(private readonly registry: Registry) {
    this.filters = new FilterParser(registry);
  }

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
    return this.filters.parseFilterObject(type, filter, ['scope'], { trusted: true }, 0);
  }

  /** Parses client filters (used by custom routes that accept `filters`). */
  parseFilters(type: ContentType, raw: unknown, path: Path = ['filters']): FilterNode | undefined {
    return this.filters.parseFiltersParam(type, raw, path, {});
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
    const filters = this.filters.parseFiltersParam(type, raw.filters, [...path, 'filters'], {});
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
      const attribute = visibleAttribute(type, name, [...path, name], {});
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
      const attribute = visibleAttribute(current, name, [...path, name], {});
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
    const attribute = visibleAttribute(type, name, path, {});
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
      const attribute = visibleAttribute(currentType, name, at, {});
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
