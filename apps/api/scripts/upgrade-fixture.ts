/**
 * Makes the database a release leaves behind, for the next release's upgrade test (ADR 0067):
 * a new database on a PostgreSQL server is migrated to this tree's schema, filled with the demo
 * data and a row in every table the demo leaves empty, and dumped as plain SQL (INSERTs, so the
 * embedded database can read it too) into a gzip file. Run it on the commit of a release:
 *
 *   npm run db:upgrade-fixture --workspace apps/api -- postgres://postgres@127.0.0.1:5432/test \
 *     test/fixtures/upgrade/1.0.0.sql.gz
 *
 * The role needs CREATEDB; the scratch database is dropped afterwards. A table still empty after
 * the fillers stops it with its name: give it a row in FILLERS below.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import pino from 'pino';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createStorage } from '../src/lib/storage';
import { seedDemoDataIfEmpty } from '../src/seed/demo';
import { loadConfig } from '../src/config/env';

const run = promisify(execFile);
const bin = (name: string) => (process.env.PG_BIN ? join(process.env.PG_BIN, name) : name);

/**
 * Rows for the tables the demo data leaves empty, written after it (so they refer to its rows),
 * in this order. Each statement must insert at least one row; a filler for a table that already
 * has rows is skipped.
 */
const FILLERS: [table: string, sql: string][] = [
  [
    'rate_limit_hits',
    `INSERT INTO rate_limit_hits (key, window_start, hits)
       VALUES ('login:ip:192.0.2.1', date_trunc('minute', now()), 3)`,
  ],
  [
    'user_tokens',
    `INSERT INTO user_tokens (user_id, purpose, token_hash, expires_at)
       SELECT id, 'refresh', md5(id::text) || md5('refresh'), now() + interval '30 days'
         FROM up_users ORDER BY id LIMIT 1`,
  ],
  [
    'announcements',
    `INSERT INTO announcements (subject, message, audience, kind, status, author_id, recipients,
                                emails_queued, sent_at, email_subject, email_html, email_text)
       SELECT 'Jornada de proyectos', '<p>Os esperamos el jueves.</p>', '{"all": true}'::jsonb,
              'u4i_advice', 'sent', id, 1, 1, now(), 'Jornada de proyectos',
              '<p>Os esperamos el jueves.</p>', 'Os esperamos el jueves.'
         FROM up_users WHERE profile_type = 'admin' ORDER BY id LIMIT 1`,
  ],
  [
    'email_outbox',
    `INSERT INTO email_outbox (recipient, subject, html, text, template, status, attempts,
                               last_error, sent_at, announcement_id)
       (SELECT 'estudiante@demo.es', 'Jornada de proyectos', NULL, NULL, 'announcement', 'sent', 1,
               NULL, now(), id FROM announcements ORDER BY id LIMIT 1)
       UNION ALL
       SELECT 'nadie@demo.es', 'Bienvenida', '<p>Hola</p>', 'Hola', 'login', 'failed', 5,
              '550 mailbox unavailable', NULL, NULL`,
  ],
  [
    'jobs',
    `INSERT INTO jobs (kind, key, payload, status, attempts, finished_at, result)
       VALUES ('library.sweep-visits', NULL, '{}'::jsonb, 'done', 1, now(), '{"removed": 0}'::jsonb)`,
  ],
  [
    'legal_consents',
    `INSERT INTO legal_consents (user_id, legal_text_version_id, policy_url)
       SELECT u.id, v.id, NULL FROM up_users u, legal_text_versions v
        WHERE u.profile_type = 'student' ORDER BY u.id, v.id LIMIT 1`,
  ],
  [
    'library_visits',
    `INSERT INTO library_visits (kind, target_id, visitor, day)
       SELECT 'tfx_view', id, md5('visitor'), current_date FROM tfxes ORDER BY id LIMIT 1`,
  ],
  [
    'people_imports',
    `INSERT INTO people_imports (kind, mode, status, file_name, created_by_id, total,
                                 batches_done, processed, created, finished_at)
       SELECT 'students', 'create', 'done', 'estudiantes.csv', id, 1, 1, 1, 1, now()
         FROM up_users WHERE profile_type = 'admin' ORDER BY id LIMIT 1`,
  ],
  [
    'people_import_rows',
    `INSERT INTO people_import_rows (import_id, row, outcome, label, user_id)
       SELECT i.id, 2, 'created', u.email, u.id FROM people_imports i,
              (SELECT id, email FROM up_users WHERE profile_type = 'student' ORDER BY id LIMIT 1) u
        ORDER BY i.id LIMIT 1`,
  ],
  [
    'private_field_reads',
    `INSERT INTO private_field_reads (reader_id, student_id, student_user_id, field, route)
       SELECT a.id, s.id, s.user_id, 'dni', '/api/students/all'
         FROM (SELECT id FROM up_users WHERE profile_type = 'admin' ORDER BY id LIMIT 1) a,
              (SELECT id, user_id FROM students ORDER BY id LIMIT 1) s`,
  ],
  [
    'questionnaire_answers',
    `INSERT INTO questionnaire_answers (student_id, name, surname, email, answers, scores)
       SELECT s.id, 'Lucía', 'Martín', 'estudiante@demo.es', '{"q1": 3}'::jsonb,
              '{"teamwork": 3}'::jsonb FROM students s ORDER BY s.id LIMIT 1`,
  ],
  [
    'teacher_invitations',
    `INSERT INTO teacher_invitations (email, invited_by_id)
       SELECT 'profesora.invitada@demo.es', id FROM up_users WHERE profile_type = 'admin'
        ORDER BY id LIMIT 1`,
  ],
];

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function emptyTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ table: string; empty: boolean }>(`
    SELECT tablename AS "table",
           (xpath('/row/c/text()', query_to_xml(
              format('SELECT count(*) = 0 AS c FROM %I.%I', schemaname, tablename),
              false, true, '')))[1]::text::boolean AS empty
      FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  return rows.filter((r) => r.empty).map((r) => r.table);
}

async function main() {
  const [serverUrl, output] = process.argv.slice(2);
  if (!serverUrl || !output) {
    throw new Error('usage: upgrade-fixture <postgres-url> <output.sql.gz>');
  }
  const name = `upgrade_fixture_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = withDatabase(serverUrl, name);
  const work = mkdtempSync(join(tmpdir(), 'upgrade-fixture-'));
  try {
    const database = await openDatabase({ databaseUrl: url });
    const storage = createStorage(
      loadConfig({ DATA_DIR: work, DATABASE_URL: url, JWT_SECRET: 'x'.repeat(32) }),
    );
    try {
      await migrateDatabase(database);
      await seedDemoDataIfEmpty(database.db, pino({ level: 'warn' }), storage);
    } finally {
      storage.close?.();
      await database.close();
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const empty = new Set(await emptyTables(client));
      for (const [table, filler] of FILLERS) {
        if (empty.has(table)) await client.query(filler);
      }
      const still = await emptyTables(client);
      if (still.length > 0) {
        throw new Error(`tables without rows (add them to FILLERS): ${still.join(', ')}`);
      }
    } finally {
      await client.end();
    }
    const { stdout } = await run(
      bin('pg_dump'),
      [
        '--format=plain',
        '--inserts',
        '--rows-per-insert=200',
        '--no-owner',
        '--no-privileges',
        url,
      ],
      { maxBuffer: 512 * 1024 * 1024 },
    );
    writeFileSync(resolve(output), gzipSync(stdout, { level: 9 }));
    process.stdout.write(`${output}: ${Math.round(stdout.length / 1024)} KB of SQL\n`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
