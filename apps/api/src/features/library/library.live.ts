import { getTableName, sql } from 'drizzle-orm';
import { TFX_FACETS, type TfxFacet } from '@plataforma/shared';
import { tfxSearch } from '../../db/schema';
import { executeRows } from '../../db/statements';
import type { Executor } from '../../db/handles';
import { emptyBits, setBit, type Bits } from '../../lib/bitset';
import { facetValueText } from '../../lib/search-facets';
import { TableCopy, type TableVersions } from '../../lib/table-copy';

/**
 * The library's live works as each API process keeps them in memory (ADR 0071): what the search
 * filters, counts and orders by, per work. A search then asks PostgreSQL only for the works
 * holding its words (with their title's rank) and for the page's cards; the facet filters, the
 * exact counts, the total and the page's order are worked out here. PostgreSQL stays the source
 * of truth: the copy is read whole from the search projection `tfx_search` (ADR 0043), again
 * after any change to it (the change feed, ADR 0007).
 */

/** The facets of one value per work; the ODS are a bit mask (`ods_mask`, bit k is ODS k). */
export type SingleFacet = Exclude<TfxFacet, 'ods'>;
export const SINGLE_FACETS = TFX_FACETS.filter((name): name is SingleFacet => name !== 'ods');

/** A facet's values as codes: `codes[position]` is the index of its value in `names`, or -1. */
export interface FacetColumn {
  readonly names: readonly string[];
  readonly codeOf: ReadonlyMap<string, number>;
  readonly codes: Int32Array;
}

/** A work as the copy's statement answers it (`json_build_array`). */
type RowTuple = [
  id: number,
  external: boolean,
  year: number | null,
  degree: string | null,
  study_area: string | null,
  sector: string | null,
  language: string | null,
  awarded: boolean,
  ods_mask: number,
];

const COLUMN_OF: Record<SingleFacet, number> = {
  year: 2,
  degree: 3,
  study_area: 4,
  sector: 5,
  language: 6,
  awarded: 7,
};

/**
 * One copy of the live works. Positions number them newest first (the search's order without
 * relevance: the work's date, none last, then id, both descending), so walking positions in
 * ascending order walks the works in that order.
 */
export class LiveWorks {
  readonly size: number;
  /** Work id by position. */
  readonly ids: Int32Array;
  /** The works of each repository: [the platform's, the external one]. */
  readonly repositories: readonly [Bits, Bits];
  readonly facets: Record<SingleFacet, FacetColumn>;
  /** The ODS of each work as a bit mask. */
  readonly odsMasks: Int32Array;
  /** Position by work id, -1 for none: a typed array reads faster than a map for thousands. */
  private readonly positionById: Int32Array;

  constructor(rows: readonly RowTuple[]) {
    const size = rows.length;
    this.size = size;
    this.ids = new Int32Array(size);
    this.odsMasks = new Int32Array(size);
    this.positionById = new Int32Array(
      rows.reduce((most, row) => Math.max(most, row[0]), 0) + 1,
    ).fill(-1);
    const repositories: [Bits, Bits] = [emptyBits(size), emptyBits(size)];
    const facets = {} as Record<SingleFacet, FacetColumn>;
    for (const name of SINGLE_FACETS) {
      const names: string[] = [];
      const codeOf = new Map<string, number>();
      const codes = new Int32Array(size);
      const column = COLUMN_OF[name];
      rows.forEach((row, position) => {
        const value = row[column];
        if (value === null || value === undefined) {
          codes[position] = -1;
          return;
        }
        const text = facetValueText(value);
        let code = codeOf.get(text);
        if (code === undefined) {
          code = names.length;
          names.push(text);
          codeOf.set(text, code);
        }
        codes[position] = code;
      });
      facets[name] = { names, codeOf, codes };
    }
    rows.forEach((row, position) => {
      this.ids[position] = row[0];
      this.positionById[row[0]] = position;
      setBit(repositories[row[1] ? 1 : 0], position);
      this.odsMasks[position] = row[8];
    });
    this.repositories = repositories;
    this.facets = facets;
  }

  /** The position of a work, or -1 when it is not one of these. */
  positionOf(id: number): number {
    return id >= 0 && id < this.positionById.length ? this.positionById[id]! : -1;
  }

  /** Reads every live work of both repositories, newest first, as one JSON text. */
  static async load(db: Executor): Promise<LiveWorks> {
    const [result] = await executeRows(
      db,
      sql`SELECT json_agg(json_build_array("s"."id", "s"."external", "s"."year", "s"."degree_name",
            "s"."study_area", "s"."sector", "s"."language", "s"."awarded", "s"."ods_mask")
            ORDER BY "s"."tfx_date" DESC NULLS LAST, "s"."id" DESC)::text AS "rows"
          FROM ${tfxSearch} "s" WHERE "s"."live"`,
    );
    const text = typeof result?.rows === 'string' ? result.rows : '[]';
    return new LiveWorks(JSON.parse(text) as RowTuple[]);
  }
}

/** The process's copy of the live works (lib/table-copy.ts). */
export class LiveWorksIndex extends TableCopy<LiveWorks> {
  constructor(versions: TableVersions, read: () => Promise<LiveWorks>) {
    super(versions, getTableName(tfxSearch), read);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The library's live works in memory (ADR 0071). */
    liveWorks: LiveWorksIndex;
  }
}
