import type { ComponentAttribute, ContentType, RelationAttribute, ScalarAttribute } from './types';

/** Attribute-level operators of Strapi v4 filters. */
export const OPERATORS = [
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$in',
  '$notIn',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$null',
  '$notNull',
  '$between',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
] as const;
export type Operator = (typeof OPERATORS)[number];

/** A validated filter tree; values are already coerced to the attribute's type. */
export type FilterNode =
  | { op: 'and' | 'or'; nodes: FilterNode[] }
  | { op: 'not'; node: FilterNode }
  | { op: 'compare'; attribute: ScalarAttribute; operator: Operator; value: unknown }
  | { op: 'relation'; attribute: RelationAttribute; target: ContentType; node: FilterNode };

export interface SortTerm {
  /** To-one relations walked from the queried type to the sorted attribute. */
  through: { attribute: RelationAttribute; target: ContentType }[];
  attribute: ScalarAttribute;
  direction: 'asc' | 'desc';
}

export interface RelationPopulate {
  kind: 'relation';
  attribute: RelationAttribute;
  target: ContentType;
  query: NestedQuery;
}

export interface ComponentPopulate {
  kind: 'component';
  attribute: ComponentAttribute;
}

export type PopulateNode = RelationPopulate | ComponentPopulate;

export interface NestedQuery {
  /** Selected scalar attributes; undefined selects all. */
  fields?: ScalarAttribute[];
  filters?: FilterNode;
  sort: SortTerm[];
  populate: Map<string, PopulateNode>;
  /** Answer only the number of related entries. */
  count: boolean;
}

export type Pagination =
  | { kind: 'page'; page: number; pageSize: number; withCount: boolean }
  | { kind: 'offset'; start: number; limit: number; withCount: boolean };

export type PublicationState = 'live' | 'preview';

export interface ParsedQuery extends Omit<NestedQuery, 'count'> {
  pagination: Pagination;
  publicationState: PublicationState;
}
