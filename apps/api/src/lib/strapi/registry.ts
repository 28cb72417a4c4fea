import { getTableColumns, getTableName, type Column } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ZodType } from 'zod';
import type {
  AccessPolicy,
  Bounds,
  Attribute,
  ComponentAttribute,
  ComponentShape,
  ContentType,
  ContentTypeKind,
  Lifecycles,
  RelationAttribute,
  ScalarAttribute,
  ScalarType,
  Visibility,
} from './types';

/** Relation declared on a content type; the engine derives the SQL from the Drizzle columns. */
export type RelationSpec =
  | { relation: 'manyToOne' | 'oneToOne'; target: string; column: PgColumn }
  | { relation: 'oneToMany' | 'oneToOne'; target: string; mappedBy: string }
  | {
      relation: 'manyToMany';
      target: string;
      join: { table: PgTable; own: PgColumn; target: PgColumn };
    };

export interface ComponentSpec {
  column: PgColumn;
  schema: ZodType;
  repeatable?: boolean;
  /** Nested names a client may write in populate under this component. */
  shape?: ComponentShape;
}

export interface ContentTypeSpec {
  uid: string;
  singularName: string;
  pluralName: string;
  kind?: ContentTypeKind;
  table: PgTable;
  /**
   * Drafts and published entries (`publishedAt`). `true`: a create without `publishedAt` is
   * published, as Strapi v4 REST does; `{publishOnCreate: false}`: it is a draft until something
   * publishes it (a project's status, ADR 0024).
   */
  draftAndPublish?: boolean | { publishOnCreate: boolean };
  relations?: Record<string, RelationSpec>;
  /** Single media fields (relations to files). */
  media?: Record<string, PgColumn>;
  components?: Record<string, ComponentSpec>;
  /** Never serialised, never accepted in a query. */
  private?: string[];
  /** Serialised only where the policy's protectedScope allows. */
  protected?: string[];
  /** Kept by the server: readable, not writable through the generic routes. */
  readOnly?: string[];
  /** Validation replacing the one derived from the column (formats, ranges). */
  validate?: Record<string, ZodType>;
  /**
   * Text attributes that hold HTML a client renders as HTML (rich text editors' output): the
   * engine cleans every write of them to the rich-text allow-list (ADR 0035, ADR 0055). Every
   * other text attribute is plain text, which clients show escaped.
   */
  richText?: string[];
  /**
   * The range of each number (required: a number without one fails content-types.test.ts) and
   * of a date that needs a narrower one than every date's (DATE_BOUNDS).
   */
  bounds?: Record<string, Bounds>;
  /** Register the generic REST routes (default true). */
  exposed?: boolean;
  policy?: AccessPolicy;
}

const SYSTEM_READ_ONLY = new Set(['createdAt', 'updatedAt']);

/** Every date and date-time written is of these years, unless its type says narrower. */
export const DATE_BOUNDS: Bounds = {
  min: '1900-01-01',
  max: '2100-12-31',
  message: 'La fecha debe estar entre el año 1900 y el 2100.',
};

function scalarType(column: Column): {
  type: ScalarType;
  sqlType: string;
  itemType?: 'string' | 'integer';
} {
  switch (column.columnType) {
    case 'PgVarchar':
      return column.enumValues
        ? { type: 'enumeration', sqlType: 'text' }
        : { type: 'string', sqlType: 'text' };
    case 'PgText':
      return column.enumValues
        ? { type: 'enumeration', sqlType: 'text' }
        : { type: 'text', sqlType: 'text' };
    case 'PgInteger':
    case 'PgSerial':
      return { type: 'integer', sqlType: 'int4' };
    case 'PgNumeric':
    case 'PgNumericNumber':
    case 'PgReal':
    case 'PgDoublePrecision':
      return { type: 'decimal', sqlType: 'numeric' };
    case 'PgBoolean':
      return { type: 'boolean', sqlType: 'bool' };
    case 'PgTimestamp':
    case 'PgTimestampString':
      return { type: 'datetime', sqlType: 'timestamptz' };
    case 'PgDate':
    case 'PgDateString':
      return { type: 'date', sqlType: 'date' };
    case 'PgJsonb':
    case 'PgJson':
      return { type: 'json', sqlType: 'jsonb' };
    case 'PgArray': {
      const base = (column as unknown as { baseColumn: Column }).baseColumn;
      const item = base.columnType === 'PgInteger' ? 'integer' : 'string';
      return { type: 'list', sqlType: item === 'integer' ? 'int4[]' : 'text[]', itemType: item };
    }
    default:
      throw new Error(`Unsupported column type ${column.columnType} (${column.name})`);
  }
}

function columnLength(column: Column): number | undefined {
  const length = (column as unknown as { length?: number }).length;
  return typeof length === 'number' ? length : undefined;
}

/**
 * Builds a content type from its Drizzle table: every column becomes a scalar attribute named as
 * its Drizzle key (the wire name), except the id and the columns that back relations, media and
 * components, which are declared explicitly.
 */
export function defineContentType(spec: ContentTypeSpec): ContentType {
  const columns = getTableColumns(spec.table);
  const byColumnName = new Map<string, string>();
  for (const [key, column] of Object.entries(columns)) byColumnName.set(column.name, key);

  const privateNames = new Set(spec.private ?? []);
  const protectedNames = new Set(spec.protected ?? []);
  const readOnly = new Set([...(spec.readOnly ?? []), ...SYSTEM_READ_ONLY]);
  const visibilityOf = (name: string): Visibility =>
    privateNames.has(name) ? 'private' : protectedNames.has(name) ? 'protected' : 'public';

  const consumed = new Set<string>(['id']);
  const attributes = new Map<string, Attribute>();
  const relationAttributes: Attribute[] = [];

  for (const [name, relation] of Object.entries(spec.relations ?? {})) {
    const base = {
      name,
      visibility: visibilityOf(name),
      writable: !readOnly.has(name),
      media: false,
    };
    let attribute: RelationAttribute;
    if ('column' in relation) {
      consumed.add(byColumnName.get(relation.column.name) ?? relation.column.name);
      attribute = {
        ...base,
        kind: 'relation',
        relation: relation.relation,
        target: relation.target,
        fk: { column: relation.column.name, notNull: relation.column.notNull },
      };
    } else if ('mappedBy' in relation) {
      attribute = {
        ...base,
        kind: 'relation',
        relation: relation.relation,
        target: relation.target,
        mappedBy: relation.mappedBy,
      };
    } else {
      attribute = {
        ...base,
        kind: 'relation',
        relation: 'manyToMany',
        target: relation.target,
        join: {
          table: getTableName(relation.join.table),
          ownColumn: relation.join.own.name,
          targetColumn: relation.join.target.name,
        },
      };
    }
    relationAttributes.push(attribute);
  }
  for (const [name, column] of Object.entries(spec.media ?? {})) {
    consumed.add(byColumnName.get(column.name) ?? column.name);
    relationAttributes.push({
      name,
      kind: 'relation',
      relation: 'manyToOne',
      target: 'plugin::upload.file',
      media: true,
      visibility: visibilityOf(name),
      writable: !readOnly.has(name),
      fk: { column: column.name, notNull: column.notNull },
    });
  }
  for (const [name, component] of Object.entries(spec.components ?? {})) {
    consumed.add(byColumnName.get(component.column.name) ?? component.column.name);
    const attribute: ComponentAttribute = {
      name,
      kind: 'component',
      column: component.column.name,
      repeatable: component.repeatable ?? false,
      schema: component.schema,
      shape: component.shape ?? {},
      visibility: visibilityOf(name),
      writable: !readOnly.has(name),
    };
    relationAttributes.push(attribute);
  }

  const draftAndPublish = spec.draftAndPublish !== undefined && spec.draftAndPublish !== false;
  const publishOnCreate =
    typeof spec.draftAndPublish === 'object'
      ? spec.draftAndPublish.publishOnCreate
      : draftAndPublish;
  for (const [key, column] of Object.entries(columns)) {
    if (consumed.has(key)) continue;
    // A full-text document (generated tsvector, ADR 0036) is read only by the searches.
    if (column.getSQLType() === 'tsvector') continue;
    if (key === 'publishedAt' && !draftAndPublish) {
      throw new Error(`${spec.uid}: publishedAt column without draftAndPublish`);
    }
    const { type, sqlType, itemType } = scalarType(column);
    const attribute: ScalarAttribute = {
      name: key,
      kind: 'scalar',
      type,
      column: column.name,
      sqlType,
      nullable: !column.notNull,
      required: column.notNull && !column.hasDefault,
      visibility: visibilityOf(key),
      writable: !readOnly.has(key) && !privateNames.has(key),
    };
    if (itemType) attribute.itemType = itemType;
    const maxLength = columnLength(column);
    if (maxLength !== undefined) attribute.maxLength = maxLength;
    if (column.enumValues) attribute.enumValues = column.enumValues;
    const validator = spec.validate?.[key];
    if (validator) attribute.schema = validator;
    if (spec.richText?.includes(key)) attribute.richText = true;
    const bounds =
      spec.bounds?.[key] ?? (type === 'date' || type === 'datetime' ? DATE_BOUNDS : undefined);
    if (bounds) attribute.bounds = bounds;
    attributes.set(key, attribute);
  }
  for (const attribute of relationAttributes) attributes.set(attribute.name, attribute);

  for (const name of [...privateNames, ...protectedNames, ...readOnly]) {
    if (!attributes.has(name)) throw new Error(`${spec.uid}: unknown attribute ${name}`);
  }
  for (const name of spec.richText ?? []) {
    const attribute = attributes.get(name);
    if (attribute?.kind !== 'scalar' || attribute.type !== 'text') {
      throw new Error(`${spec.uid}: rich text ${name} is not a text attribute`);
    }
  }
  for (const name of Object.keys(spec.bounds ?? {})) {
    if (!attributes.has(name)) throw new Error(`${spec.uid}: bounds for unknown attribute ${name}`);
  }
  for (const name of Object.keys(spec.validate ?? {})) {
    if (!attributes.has(name))
      throw new Error(`${spec.uid}: validation for unknown attribute ${name}`);
  }

  return {
    uid: spec.uid,
    kind: spec.kind ?? 'collectionType',
    singularName: spec.singularName,
    pluralName: spec.pluralName,
    table: getTableName(spec.table),
    draftAndPublish,
    publishOnCreate,
    attributes,
    policy: spec.policy ?? {},
    lifecycles: [],
    exposed: spec.exposed ?? true,
  };
}

/** Every content type of the API, looked up by uid or by route name. */
export class Registry {
  private readonly byUid = new Map<string, ContentType>();

  constructor(types: ContentType[]) {
    for (const type of types) {
      if (this.byUid.has(type.uid)) throw new Error(`Duplicate content type ${type.uid}`);
      // Each registry owns its copies: policies and hooks attached to one app never reach another.
      this.byUid.set(type.uid, { ...type, lifecycles: [...type.lifecycles] });
    }
    this.checkRelations();
  }

  get(uid: string): ContentType {
    const type = this.byUid.get(uid);
    if (!type) throw new Error(`Unknown content type ${uid}`);
    return type;
  }

  all(): ContentType[] {
    return [...this.byUid.values()];
  }

  /** Attaches or replaces the policy of a type (features own their policies). */
  setPolicy(uid: string, policy: AccessPolicy) {
    this.get(uid).policy = policy;
  }

  /** Attaches lifecycle hooks to a type; they run in the order they were added. */
  addLifecycles<S extends object>(uid: string, lifecycles: Lifecycles<S>) {
    this.get(uid).lifecycles.push(lifecycles);
  }

  /** The foreign-key attribute on the target that a mappedBy relation stands on. */
  inverseOf(attribute: RelationAttribute): RelationAttribute {
    const target = this.get(attribute.target);
    const inverse = attribute.mappedBy ? target.attributes.get(attribute.mappedBy) : undefined;
    if (!inverse || inverse.kind !== 'relation' || !inverse.fk) {
      throw new Error(
        `${attribute.name}: mappedBy ${attribute.mappedBy} is not a foreign key of ${target.uid}`,
      );
    }
    return inverse;
  }

  private checkRelations() {
    for (const type of this.byUid.values()) {
      for (const attribute of type.attributes.values()) {
        if (attribute.kind !== 'relation') continue;
        if (!this.byUid.has(attribute.target)) {
          throw new Error(`${type.uid}.${attribute.name}: unknown target ${attribute.target}`);
        }
        if (attribute.mappedBy) this.inverseOf(attribute);
      }
    }
  }
}
