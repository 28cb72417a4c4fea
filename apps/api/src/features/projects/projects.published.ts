import { getTableName, sql } from 'drizzle-orm';
import { PROJECT_FACETS, type ProjectFacet } from '@plataforma/shared';
import { projects } from '../../db/schema';
import { executeRows } from '../../db/statements';
import type { Executor } from '../../db/handles';
import { emptyBits, fullBits, setBit, type Bits } from '../../lib/bitset';
import { facetValueText } from '../../lib/search-facets';
import { TableCopy, type TableVersions } from '../../lib/table-copy';
import { VISITOR } from '../../lib/strapi/actor';
import type { EntityService } from '../../lib/strapi/engine';
import { FACETS } from './projects.facets';
import { PROJECT_UID } from './projects.lifecycles';

/**
 * The published projects as each API process keeps them in memory (ADR 0059): their facet values
 * as one set of positions per value, the orders the catalogue sorts by, and the fields the
 * recommendations score. PostgreSQL stays the source of truth: a copy is read whole from it, and
 * read again after any change to the projects table, which every process learns from the
 * database's change notifications (ADR 0007) or, for its own writes, at once.
 */

/** A project's fields as the score reads them (matching.score.ts `MatchProject`). */
export interface PublishedMatchFields {
  type: string;
  study_areas: readonly string[] | null;
  study_subareas: readonly string[] | null;
  tags: readonly string[] | null;
  location: string | null;
  presentiality: string | null;
  /** `YYYY-MM-DD`. */
  application_deadline: string | null;
}

/**
 * What the recommendations' coarse score reads (matching.recommendations.ts), as sets: how the
 * projects are done, and the projects holding each name (province, area, tag) written as
 * `nameKey` writes it, the way the SQL coarse score compared them.
 */
export interface CoarseSets {
  remote: Bits;
  hybrid: Bits;
  byLocation: ReadonlyMap<string, Bits>;
  byArea: ReadonlyMap<string, Bits>;
  byTag: ReadonlyMap<string, Bits>;
  /** The projects holding a tag name more than once: each counts (SQL counted every match). */
  byTagTwice: ReadonlyMap<string, Bits>;
}

const PROJECTS_TABLE = getTableName(projects);

/** A project as the copy's statement answers it (`json_build_array`). */
type RowTuple = [
  id: number,
  type: string,
  ods: number[] | null,
  study_areas: string[] | null,
  study_subareas: string[] | null,
  presentiality: string | null,
  location: string | null,
  dedication: string | null,
  language: string | null,
  remuneration: boolean,
  internship: boolean,
  tags: string[] | null,
  application_deadline: string | null,
  title_rank: number,
];

interface Row {
  id: number;
  type: string;
  ods: number[] | null;
  study_areas: string[] | null;
  study_subareas: string[] | null;
  presentiality: string | null;
  location: string | null;
  dedication: string | null;
  language: string | null;
  remuneration: boolean;
  internship: boolean;
  tags: string[] | null;
  application_deadline: string | null;
  title_rank: number;
  /** The names lower case, without accents and surrounding spaces (`nameKey`). */
  location_key: string | null;
  area_keys: (string | null)[] | null;
  tag_keys: (string | null)[] | null;
}

/** A name as the recommendations' coarse score compares it in SQL (matching.recommendations.ts). */
const nameKey = (value: string) => sql.raw(`lower(unaccent(btrim(${value})))`);

/**
 * One copy of the published projects. Positions number them newest first (the catalogue's default
 * order: publication, else creation, then id, both descending), so walking a set of positions in
 * ascending order walks the projects in that order.
 */
export class PublishedProjects {
  readonly size: number;
  /** Project id by position. */
  readonly ids: Int32Array;
  /** Every position. */
  readonly all: Bits;
  /** Per facet, the positions of the projects holding each value (named as `facetValueText`). */
  readonly facets: Record<ProjectFacet, Map<string, Bits>>;
  /** Positions in the order of the title (`es_natural` collation, then id), as PostgreSQL sorts. */
  readonly byTitle: Int32Array;
  /** Positions by deadline ascending (none last), then id descending. */
  readonly byDeadline: Int32Array;
  /** Application deadline (`YYYY-MM-DD`) by position. */
  readonly deadlines: readonly (string | null)[];
  /** What the recommendations score, by position. */
  readonly matchFields: readonly PublishedMatchFields[];
  /** The sets of the recommendations' coarse score. */
  readonly coarse: CoarseSets;
  private readonly positions: Map<number, number>;
  private openOn: { day: string; bits: Bits } | undefined;

  private constructor(rows: readonly Row[]) {
    const size = rows.length;
    this.size = size;
    this.ids = new Int32Array(size);
    this.all = fullBits(size);
    this.positions = new Map();
    const facets = {} as Record<ProjectFacet, Map<string, Bits>>;
    for (const name of PROJECT_FACETS) facets[name] = new Map();
    const byTitle = new Int32Array(size);
    const coarse = {
      remote: emptyBits(size),
      hybrid: emptyBits(size),
      byLocation: new Map<string, Bits>(),
      byArea: new Map<string, Bits>(),
      byTag: new Map<string, Bits>(),
      byTagTwice: new Map<string, Bits>(),
    };
    const mark = (sets: Map<string, Bits>, key: string, position: number) => {
      let bits = sets.get(key);
      if (!bits) {
        bits = emptyBits(size);
        sets.set(key, bits);
      }
      setBit(bits, position);
    };
    const deadlines: (string | null)[] = [];
    const matchFields: PublishedMatchFields[] = [];

    rows.forEach((row, position) => {
      this.ids[position] = row.id;
      this.positions.set(row.id, position);
      byTitle[row.title_rank - 1] = position;
      for (const name of PROJECT_FACETS) {
        const raw = row[FACETS[name].column] as unknown;
        const values = Array.isArray(raw) ? (raw as unknown[]) : [raw];
        for (const value of values) {
          // A missing value, or a NULL inside a list, is never counted (as `IS NOT NULL` in SQL).
          if (value === null || value === undefined) continue;
          const text = facetValueText(value as string | number | boolean);
          let bits = facets[name].get(text);
          if (!bits) {
            bits = emptyBits(size);
            facets[name].set(text, bits);
          }
          setBit(bits, position);
        }
      }
      deadlines.push(row.application_deadline);
      matchFields.push({
        type: row.type,
        study_areas: row.study_areas,
        study_subareas: row.study_subareas,
        tags: row.tags,
        location: row.location,
        presentiality: row.presentiality,
        application_deadline: row.application_deadline,
      });
      if (row.presentiality === 'Remoto') setBit(coarse.remote, position);
      if (row.presentiality === 'Híbrido') setBit(coarse.hybrid, position);
      if (row.location_key !== null) mark(coarse.byLocation, row.location_key, position);
      for (const key of row.area_keys ?? []) if (key !== null) mark(coarse.byArea, key, position);
      const tags = new Set<string>();
      for (const key of row.tag_keys ?? []) {
        if (key === null) continue;
        if (tags.has(key)) mark(coarse.byTagTwice, key, position);
        else mark(coarse.byTag, key, position);
        tags.add(key);
      }
    });
    this.facets = facets;
    this.byTitle = byTitle;
    this.deadlines = deadlines;
    this.matchFields = matchFields;
    this.coarse = coarse;
    // ISO dates compare as text; the same order as PostgreSQL's `ASC` (NULLS LAST), then id DESC.
    this.byDeadline = Int32Array.from(rows.keys()).sort((a, b) => {
      const da = deadlines[a] ?? null;
      const db = deadlines[b] ?? null;
      if (da !== db) {
        if (da === null) return 1;
        if (db === null) return -1;
        return da < db ? -1 : 1;
      }
      return this.ids[b]! - this.ids[a]!;
    });
  }

  /**
   * Reads the projects a visitor finds in the catalogue (the access table's `find` of a visitor,
   * published only): every role's catalogue is that one (access.policies.ts; admins search in
   * PostgreSQL).
   */
  static async load(db: Executor, entities: EntityService): Promise<PublishedProjects> {
    const visible = entities.where(PROJECT_UID, VISITOR, 'p', { visible: 'live' });
    // One row of two JSON texts: parsing JSON is far cheaper than the driver's parsing of
    // thousands of rows of arrays. Names are normalised once per distinct value (unaccent is
    // slow), and the title order is PostgreSQL's collation's.
    const [result] = await executeRows(
      db,
      sql`WITH "c" AS MATERIALIZED (
          SELECT "p"."id", "p"."type", "p"."ods", "p"."study_areas", "p"."study_subareas",
            "p"."presentiality", "p"."location", "p"."dedication", "p"."language",
            "p"."remuneration", "p"."internship", "p"."tags", "p"."application_deadline",
            "p"."title", "p"."published_at", "p"."created_at"
          FROM ${projects} "p" WHERE ${visible})
        SELECT
          (SELECT json_agg(json_build_array("c"."id", "c"."type", "c"."ods", "c"."study_areas",
              "c"."study_subareas", "c"."presentiality", "c"."location", "c"."dedication",
              "c"."language", "c"."remuneration", "c"."internship", "c"."tags",
              "c"."application_deadline", "t"."rank")
              ORDER BY coalesce("c"."published_at", "c"."created_at") DESC, "c"."id" DESC)
           FROM "c" JOIN (SELECT "id", row_number() OVER (ORDER BY "title" COLLATE es_natural ASC, "id" ASC) AS "rank"
                          FROM "c") "t" ON "t"."id" = "c"."id")::text AS "rows",
          (SELECT json_agg(json_build_array("n"."v", ${nameKey('"n"."v"')}))
           FROM (SELECT "location" AS "v" FROM "c" UNION SELECT unnest("study_areas") FROM "c"
                 UNION SELECT unnest("tags") FROM "c") "n"
           WHERE "n"."v" IS NOT NULL)::text AS "names"`,
    );
    const tuples = JSON.parse(typeof result?.rows === 'string' ? result.rows : '[]') as RowTuple[];
    const names = new Map(
      JSON.parse(typeof result?.names === 'string' ? result.names : '[]') as [string, string][],
    );
    const key = (value: string | null) => (value === null ? null : (names.get(value) ?? null));
    return new PublishedProjects(
      tuples.map(
        ([
          id,
          type,
          ods,
          study_areas,
          study_subareas,
          presentiality,
          location,
          dedication,
          language,
          remuneration,
          internship,
          tags,
          application_deadline,
          title_rank,
        ]) => ({
          id,
          type,
          ods,
          study_areas,
          study_subareas,
          presentiality,
          location,
          dedication,
          language,
          remuneration,
          internship,
          tags,
          application_deadline,
          title_rank,
          location_key: key(location),
          area_keys: study_areas?.map(key) ?? null,
          tag_keys: tags?.map(key) ?? null,
        }),
      ),
    );
  }

  /** The position of a project, if it is one of these. */
  positionOf(id: number): number | undefined {
    return this.positions.get(id);
  }

  /**
   * The projects still open to applications on `day` (`YYYY-MM-DD`): no deadline, or one not
   * passed. Kept for the last day asked.
   */
  openOnDay(day: string): Bits {
    if (this.openOn?.day === day) return this.openOn.bits;
    const bits = emptyBits(this.size);
    this.deadlines.forEach((deadline, position) => {
      if (deadline === null || deadline >= day) setBit(bits, position);
    });
    this.openOn = { day, bits };
    return bits;
  }
}

/** The process's copy of the published projects (lib/table-copy.ts). */
export class PublishedProjectsIndex extends TableCopy<PublishedProjects> {
  constructor(versions: TableVersions, read: () => Promise<PublishedProjects>) {
    super(versions, PROJECTS_TABLE, read);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The published projects in memory (ADR 0059). */
    publishedProjects: PublishedProjectsIndex;
  }
}
