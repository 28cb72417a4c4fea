import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  IMPORT_MAX_ROWS,
  TFX_IMPORT_COLUMNS,
  type ImportAnswer,
  type ImportCounts,
  type ImportQuery,
  type ImportRow,
  type TfxImportColumn,
} from '@plataforma/shared';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import type { Queryable } from '../../db/handles';
import { tfxes } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { isAdmin, type Actor } from '../../lib/strapi/actor';
import { parseTable } from './parse-table';
import {
  TFX_TEMPLATE_EXAMPLE,
  checkTfxRows,
  findTfxColumns,
  type CheckedTfxRow,
  type TfxImportValues,
} from './tfx-import';

/**
 * Imports of rows from a file (ADR 0039). The external final works: a preview (`dryRun`) that
 * shows every row with its problems and what would happen to it, and the write of the valid
 * rows in one transaction. The same file imported twice creates nothing new: a work already
 * imported (same import key) is skipped or, with `onExisting=update`, updated.
 */

/** Who may import: admins (the route refuses everyone else before reading the body). */
export const IMPORT_ROLES = ['admin'] as const;

/** Serialises imports of works: two at once must not both create the same work. */
const TFX_IMPORT_LOCK = 727_276;
/** Rows a statement inserts at once (PostgreSQL takes at most 65535 parameters). */
const INSERT_BATCH = 1000;

/** The writes go through the engine's write transaction, which tells the caches after it. */
export type ImportContext = Pick<AppContext, 'db' | 'entities'>;

export interface ImportFile {
  bytes: Buffer;
  /** The file's name as sent (kept with an import of people to tell imports apart). */
  name?: string | undefined;
}

/** Import keys of `keys` already in the library. */
async function existingKeys(db: Queryable, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += INSERT_BATCH) {
    const rows = await db
      .select({ key: tfxes.import_key })
      .from(tfxes)
      .where(inArray(tfxes.import_key, keys.slice(i, i + INSERT_BATCH)));
    for (const row of rows) if (row.key) found.add(row.key);
  }
  return found;
}

interface Plan {
  rows: ImportRow[];
  counts: ImportCounts;
  creates: { key: string; values: TfxImportValues }[];
  updates: { key: string; values: TfxImportValues }[];
}

function plan(checked: CheckedTfxRow[], existing: Set<string>, query: ImportQuery): Plan {
  const counts: ImportCounts = { total: checked.length, create: 0, update: 0, skip: 0, invalid: 0 };
  const creates: Plan['creates'] = [];
  const updates: Plan['updates'] = [];
  const rows = checked.map((row): ImportRow => {
    let action: ImportRow['action'];
    if (!row.values || !row.key) action = 'invalid';
    else if (!existing.has(row.key)) {
      action = 'create';
      creates.push({ key: row.key, values: row.values });
    } else if (query.onExisting === 'update') {
      action = 'update';
      updates.push({ key: row.key, values: row.values });
    } else action = 'skip';
    counts[action] += 1;
    return { row: row.row, action, label: row.label, errors: row.errors };
  });
  return { rows, counts, creates, updates };
}

const tfxDate = (year: number) => `${year}-01-01`;

/** The columns an update writes: the required ones always, the optional ones the file has. */
const UPDATED_OPTIONAL: Partial<Record<TfxImportColumn, { column: string; cast: string }>> = {
  resumen: { column: 'summary', cast: 'text' },
  grado: { column: 'degree_name', cast: 'text' },
  idioma: { column: 'language', cast: 'text' },
  sector: { column: 'sector', cast: 'text' },
  etiquetas: { column: 'tags', cast: 'text[]' },
};

async function writePlan(
  tx: Database,
  { creates, updates }: Plan,
  given: Set<TfxImportColumn>,
): Promise<void> {
  const now = new Date();
  for (let i = 0; i < creates.length; i += INSERT_BATCH) {
    await tx.insert(tfxes).values(
      creates.slice(i, i + INSERT_BATCH).map(({ key, values }) => ({
        title: values.title,
        summary: values.summary,
        status: 'finished' as const,
        language: values.language,
        file_URL: values.file_URL,
        tfxDate: tfxDate(values.year),
        release_month: null,
        sector: values.sector,
        tags: values.tags,
        external: true,
        author_name: values.author_name,
        institution: values.institution,
        degree_name: values.degree_name,
        // The admin who imports a work publishes it: external works have no review (ADR 0039).
        publish_consent: true,
        review_status: 'published' as const,
        text_status: 'none' as const,
        import_key: key,
        publishedAt: now,
      })),
    );
  }
  if (updates.length === 0) return;
  // One statement per batch: the rows as a JSON recordset joined on their import key.
  const optional = [...given].flatMap((key) => {
    const target = UPDATED_OPTIONAL[key];
    return target ? [target] : [];
  });
  const sets: SQL[] = [
    sql`title = v.title`,
    sql`author_name = v.author_name`,
    sql`institution = v.institution`,
    sql`tfx_date = v.tfx_date::date`,
    sql`file_url = v.file_url`,
    sql`updated_at = now()`,
    ...optional.map(({ column }) => sql`${sql.identifier(column)} = v.${sql.identifier(column)}`),
  ];
  for (let i = 0; i < updates.length; i += INSERT_BATCH) {
    const records = updates.slice(i, i + INSERT_BATCH).map(({ key, values }) => ({
      key,
      title: values.title,
      author_name: values.author_name,
      institution: values.institution,
      tfx_date: tfxDate(values.year),
      file_url: values.file_URL,
      summary: values.summary,
      degree_name: values.degree_name,
      language: values.language,
      sector: values.sector,
      tags: values.tags,
    }));
    await tx.execute(sql`
      UPDATE ${tfxes} SET ${sql.join(sets, sql`, `)}
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS v(
        key text, title text, author_name text, institution text, tfx_date text, file_url text,
        summary text, degree_name text, language text, sector text, tags text[])
      WHERE ${tfxes.import_key} = v.key`);
  }
}

/**
 * `POST /api/imports/tfxes`: reads the file, checks every row and answers the preview; unless
 * `dryRun`, writes the valid rows in one transaction (under a lock, so two imports of one file
 * at once create each work once) and answers what was written. 400 for a file that cannot be
 * imported at all (parse-table.ts, a missing column); 403 for anyone but admins.
 */
export async function importTfxes(
  ctx: ImportContext,
  actor: Actor,
  file: ImportFile,
  query: ImportQuery,
): Promise<ImportAnswer> {
  if (!isAdmin(actor)) throw forbidden();
  const table = await parseTable(file.bytes, { maxRows: IMPORT_MAX_ROWS });
  const columns = findTfxColumns(table.header);
  const checked = checkTfxRows(columns, table.rows, new Date().getUTCFullYear());
  const given = new Set<TfxImportColumn>(
    TFX_IMPORT_COLUMNS.filter((c) => columns[c.key]).map((c) => c.key),
  );
  const keys = checked.flatMap((r) => (r.key ? [r.key] : []));

  if (query.dryRun) {
    const preview = plan(checked, await existingKeys(ctx.db, keys), query);
    return { data: { kind: 'tfxes', written: false, counts: preview.counts, rows: preview.rows } };
  }
  const written = await ctx.entities.writeTransaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${TFX_IMPORT_LOCK})`);
    const result = plan(checked, await existingKeys(tx, keys), query);
    await writePlan(tx, result, given);
    return result;
  });
  return { data: { kind: 'tfxes', written: true, counts: written.counts, rows: written.rows } };
}

/** The header and example row of the template, in the order of TFX_IMPORT_COLUMNS. */
export function tfxTemplateRows(): string[][] {
  return [
    TFX_IMPORT_COLUMNS.map((c) => c.header),
    TFX_IMPORT_COLUMNS.map((c) => TFX_TEMPLATE_EXAMPLE[c.key]),
  ];
}
