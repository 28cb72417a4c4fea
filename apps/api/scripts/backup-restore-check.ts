/**
 * Proves a backup restores (docs/operations.md, ADR 0057): dumps DATABASE_URL with `pg_dump -Fc`,
 * restores the dump into a new, empty database on the same server with `pg_restore`, and compares
 * the row count of every table. Exits 1 when a count differs or a step fails; the restored
 * database is dropped either way (`--keep` keeps it, and the dump with `--dump FILE`).
 *
 *   npm run db:backup-check --workspace apps/api -- postgres://user@host/db [--dump FILE] [--keep]
 *
 * The counts of the source are read in the snapshot the dump is taken from (pg_export_snapshot),
 * so a database in use still compares equal. The role needs CREATEDB. PG_BIN chooses the folder of
 * pg_dump/pg_restore (e.g. /usr/lib/postgresql/16/bin): they must be as new as the server.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export type Counts = Map<string, number>;

/** Every table of every schema but PostgreSQL's own, with its exact row count, in one query. */
const COUNT_ROWS = `
  SELECT schemaname || '.' || tablename AS "table",
         (xpath('/row/c/text()', query_to_xml(
            format('SELECT count(*) AS c FROM %I.%I', schemaname, tablename), false, true, '')))[1]::text::bigint AS "rows"
    FROM pg_tables
   WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
   ORDER BY 1`;

async function countRows(client: pg.Client): Promise<Counts> {
  const { rows } = await client.query<{ table: string; rows: string }>(COUNT_ROWS);
  return new Map(rows.map((r) => [r.table, Number(r.rows)]));
}

/** The differences between two sets of counts, one line each; empty when they are the same. */
export function compareCounts(source: Counts, restored: Counts): string[] {
  const problems: string[] = [];
  for (const [table, rows] of source) {
    const got = restored.get(table);
    if (got === undefined) problems.push(`${table}: missing from the restored database`);
    else if (got !== rows) problems.push(`${table}: ${rows} rows, ${got} restored`);
  }
  for (const table of restored.keys()) {
    if (!source.has(table)) problems.push(`${table}: only in the restored database`);
  }
  return problems;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const bin = (name: string) => (process.env.PG_BIN ? join(process.env.PG_BIN, name) : name);

export interface CheckResult {
  tables: number;
  rows: number;
  problems: string[];
}

/** Dumps `url`, restores it into a new database, compares; see the file's comment. */
export async function backupRestoreCheck(
  url: string,
  options: { dumpFile?: string; keep?: boolean; log?: (line: string) => void } = {},
): Promise<CheckResult> {
  const log = options.log ?? (() => undefined);
  const work = mkdtempSync(join(tmpdir(), 'backup-check-'));
  const dumpFile = options.dumpFile ?? join(work, 'database.dump');
  const restoredName = `restore_check_${randomBytes(4).toString('hex')}`;
  const source = new pg.Client({ connectionString: url });
  await source.connect();
  let created = false;
  try {
    const { rows: version } = await source.query<{ v: string }>(
      `SELECT current_setting('server_version_num') AS v`,
    );
    const serverMajor = Math.floor(Number(version[0]?.v) / 10_000);
    const { stdout } = await run(bin('pg_dump'), ['--version']);
    const clientMajor = Number(/(\d+)(?:\.\d+)?/.exec(stdout)?.[1]);
    if (clientMajor < serverMajor) {
      throw new Error(
        `pg_dump ${clientMajor} cannot dump a PostgreSQL ${serverMajor} server: set PG_BIN=/usr/lib/postgresql/${serverMajor}/bin`,
      );
    }

    // The dump and the counts see the same snapshot: the transaction stays open until both end.
    await source.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: snap } = await source.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const counting = countRows(source);
    await run(
      bin('pg_dump'),
      ['--format=custom', `--snapshot=${snap[0]?.id}`, `--file=${dumpFile}`, `--dbname=${url}`],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const before = await counting;
    await source.query('COMMIT');
    log(`dumped ${before.size} tables to ${dumpFile}`);

    await source.query(`CREATE DATABASE "${restoredName}"`);
    created = true;
    const restoredUrl = withDatabase(url, restoredName);
    // --exit-on-error: a restore that skips an object must not pass for a good one.
    await run(
      bin('pg_restore'),
      ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${restoredUrl}`, dumpFile],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const restored = new pg.Client({ connectionString: restoredUrl });
    await restored.connect();
    let after: Counts;
    try {
      after = await countRows(restored);
    } finally {
      await restored.end();
    }
    log(`restored into ${restoredName}`);
    return {
      tables: before.size,
      rows: [...before.values()].reduce((a, b) => a + b, 0),
      problems: compareCounts(before, after),
    };
  } finally {
    if (created && !options.keep)
      await source.query(`DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`);
    await source.end();
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(argv: string[]) {
  const url = argv.find((a) => /^postgres(ql)?:\/\//.test(a)) ?? process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write(
      'Uso: backup-restore-check <postgres://...> [--dump FICHERO] [--keep] (o DATABASE_URL)\n',
    );
    return 2;
  }
  const dumpAt = argv.indexOf('--dump');
  const result = await backupRestoreCheck(url, {
    dumpFile: dumpAt >= 0 ? argv[dumpAt + 1] : undefined,
    keep: argv.includes('--keep'),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  if (result.problems.length > 0) {
    process.stderr.write(`The restore differs:\n  ${result.problems.join('\n  ')}\n`);
    return 1;
  }
  process.stdout.write(
    `ok: ${result.tables} tables, ${result.rows} rows, the same after restore\n`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
