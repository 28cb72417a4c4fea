import type { ZodType } from 'zod';
import type { Transaction } from '../../db/handles';
import type { Actor, Principal } from './actor';

/** Scalar attribute types, following Strapi's (with `list` for PostgreSQL arrays). */
export type ScalarType =
  | 'string'
  | 'text'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'datetime'
  | 'date'
  | 'json'
  | 'enumeration'
  | 'list';

/**
 * Who may see an attribute. `public`: whoever may read the row. `protected`: only actors the
 * type's `protectedScope` policy covers for that row (the owner, admins): DNI, disability, contact
 * data. `private`: never leaves the server and cannot be named in a query (password hashes, codes).
 */
export type Visibility = 'public' | 'protected' | 'private';

interface AttributeBase {
  name: string;
  visibility: Visibility;
  /** Accepted in create/update bodies of the generic routes. */
  writable: boolean;
}

export interface ScalarAttribute extends AttributeBase {
  kind: 'scalar';
  type: ScalarType;
  column: string;
  /** PostgreSQL type used for casts of parameters compared with the column. */
  sqlType: string;
  /** For `list`: the element type. */
  itemType?: 'string' | 'integer';
  nullable: boolean;
  /** Must be given on create (NOT NULL without a default). */
  required: boolean;
  maxLength?: number;
  enumValues?: readonly string[];
  /** Extra validation of written values, replacing the one derived from the column. */
  schema?: ZodType;
  /**
   * HTML from a rich text editor, which some client renders as HTML: every write keeps only the
   * allow-list of lib/html/rich-text.ts, whatever route or hook writes it (ADR 0055).
   */
  richText?: boolean;
  /** The range a written number or date must be in (ADR 0052). */
  bounds?: Bounds;
}

/**
 * The range of a number, or of a date or date-time (`YYYY-MM-DD`, compared by day), both ends
 * included, with the Spanish message of a value outside it.
 */
export interface Bounds {
  min: number | string;
  max: number | string;
  message: string;
}

export type RelationKind = 'manyToOne' | 'oneToOne' | 'oneToMany' | 'manyToMany';

export interface RelationAttribute extends AttributeBase {
  kind: 'relation';
  relation: RelationKind;
  target: string;
  /** Media fields are relations to the upload plugin's files. */
  media: boolean;
  /** Foreign key on this type's table (manyToOne, owning oneToOne). */
  fk?: { column: string; notNull: boolean };
  /** The attribute of the target whose foreign key points here (oneToMany, inverse oneToOne). */
  mappedBy?: string;
  /** Link table of a manyToMany: the column pointing here and the one pointing to the target. */
  join?: { table: string; ownColumn: string; targetColumn: string };
}

/** Nested keys a component accepts in `populate` (components are stored inline as JSON). */
export interface ComponentShape {
  [key: string]: ComponentShape;
}

export interface ComponentAttribute extends AttributeBase {
  kind: 'component';
  column: string;
  repeatable: boolean;
  schema: ZodType;
  shape: ComponentShape;
}

export type Attribute = ScalarAttribute | RelationAttribute | ComponentAttribute;

export const isToMany = (attribute: RelationAttribute) =>
  attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany';

/**
 * A filter in Strapi's own format, used by policies to express the rows an actor may reach, e.g.
 * `{ user: { id: actor.userId } }`. Compiled by the same code as request filters, but trusted:
 * it may name private attributes.
 */
export type FilterObject = Record<string, unknown>;

/** `true`: every row; `false`: none; a filter: the rows matching it. */
export type Scope = boolean | FilterObject;

export interface WriteContext {
  actor: Actor;
  /** The validated, relation-resolved body (attribute names as on the wire). */
  data: Record<string, unknown>;
  /** Whether the write creates the entry or changes it. */
  mode: 'create' | 'update';
}

/**
 * Access policy of one content type (default deny: a missing action is refused). Scopes are
 * applied to the SQL itself, so a list, a populate, a relational filter or a sort through a
 * relation only ever reaches rows the actor may see.
 */
export interface AccessPolicy {
  find?: (actor: Actor) => Scope;
  /** Rows the actor may update (the row must also be visible through `find`). */
  update?: (actor: Actor) => Scope;
  delete?: (actor: Actor) => Scope;
  /** Whether the actor may create this entry; may inspect the validated data. */
  create?: (actor: Actor, context: WriteContext) => boolean | Promise<boolean>;
  /**
   * A created entry must match this scope, checked inside the transaction (otherwise 403 and
   * nothing is written): a teacher's project must be theirs, an application the student's own.
   * Updates are checked the same way against `update`, so no write moves a row out of reach.
   */
  createScope?: (actor: Actor) => Scope;
  /**
   * Whether a create or an update may write these values (e.g. nobody but an admin sets an owner
   * or a status), checked on what the client sent, before the lifecycle hooks run.
   */
  canWrite?: (actor: Actor, context: WriteContext) => boolean | Promise<boolean>;
  /** Rows whose protected attributes the actor may see. Default: none. */
  protectedScope?: (actor: Actor) => Scope;
}

/**
 * What a lifecycle hook sees of one write. Hooks run inside the write's transaction, after the
 * policy checks: throwing an AppError refuses the write and rolls everything back. Every table
 * the transaction writes, the hooks' own writes included, leaves the answer cache after the
 * commit (the engine reads them from the change triggers, db/change-feed.ts).
 */
export interface LifecycleEvent<S extends object = Record<string, never>> {
  tx: Transaction;
  actor: Principal;
  /** The entry's id (0 in beforeCreate: it does not exist yet). */
  id: number;
  /**
   * The body of the write as the engine will write it (wire names; relations as
   * `{set, connect, disconnect}`): the validated body, with what before hooks `set`.
   */
  readonly data: Readonly<Record<string, unknown>>;
  /**
   * In a before hook: writes this value in the same statement (Strapi's `event.params.data`), so
   * a value the server decides (an owner, a status's consequences) is never written twice. A
   * relation takes an id, a list of ids or null; `publishedAt` an ISO date or null. Values set
   * here are the server's: they are not checked against the access policy.
   */
  set(name: string, value: unknown): void;
  /** This registration's own state, shared by its before and after hooks of one write. */
  state: Partial<S>;
  /**
   * Runs once the transaction has committed (wake the email sender, ...). The write is done by
   * then: a callback that throws, or whose promise rejects, is logged and never answered (ADR
   * 0068); its promise is not waited for.
   */
  afterCommit(callback: () => unknown): void;
}

/**
 * Rules that go with a write of a type whatever route makes it (Strapi lifecycles): a project's
 * workflow, the emails of an application. Several features may attach hooks to one type; each
 * registration keeps its own typed state `S`.
 */
export interface Lifecycles<S extends object = Record<string, never>> {
  beforeCreate?(event: LifecycleEvent<S>): Promise<void>;
  afterCreate?(event: LifecycleEvent<S>): Promise<void>;
  beforeUpdate?(event: LifecycleEvent<S>): Promise<void>;
  afterUpdate?(event: LifecycleEvent<S>): Promise<void>;
  beforeDelete?(event: LifecycleEvent<S>): Promise<void>;
  afterDelete?(event: LifecycleEvent<S>): Promise<void>;
}

export type ContentTypeKind = 'collectionType' | 'singleType';

export interface ContentType {
  uid: string;
  kind: ContentTypeKind;
  singularName: string;
  pluralName: string;
  table: string;
  draftAndPublish: boolean;
  /** A create that does not say `publishedAt` publishes the entry (ContentTypeSpec). */
  publishOnCreate: boolean;
  attributes: ReadonlyMap<string, Attribute>;
  policy: AccessPolicy;
  /** Hooks run inside every create, update and delete of this type (registry.addLifecycles). */
  lifecycles: Lifecycles<object>[];
  /** Generic REST routes are registered for this type. */
  exposed: boolean;
}
