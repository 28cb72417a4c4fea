import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupRestoreCheck, compareCounts } from '../scripts/backup-restore-check';
import { withDatabase } from './global-setup';

describe('comparing the counts of a backup and its restore', () => {
  it('when every table has its rows, there is no difference; otherwise each is named', () => {
    const source = new Map([
      ['public.users', 3],
      ['public.jobs', 2],
    ]);
    expect(compareCounts(source, new Map(source))).toEqual([]);
    expect(
      compareCounts(
        source,
        new Map([
          ['public.users', 2],
          ['public.extra', 0],
        ]),
      ),
    ).toEqual([
      'public.users: 3 rows, 2 restored',
      'public.jobs: missing from the restored database',
      'public.extra: only in the restored database',
    ]);
  });
});

// Only on PostgreSQL (the CI pass with TEST_DATABASE_URL): a database of its own, never the
// workers' ones, cloned from the run's migrated template and given a few rows.
const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('scripts/backup-restore-check.ts on PostgreSQL', () => {
  const name = `backup_check_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
    const db = new pg.Client({ connectionString: withDatabase(url as string, name) });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO jobs (kind, payload) VALUES ('backup.check', '{}'), ('backup.check', '{"n": 2}')`,
      );
      await db.query(
        `INSERT INTO email_outbox (recipient, subject, template, html, text) VALUES ('ana@example.es', 'Hola', 'confirmation', '<p>Hola</p>', 'Hola')`,
      );
    } finally {
      await db.end();
    }
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('dumps, restores into a new database and finds every row', { timeout: 30_000 }, async () => {
    const result = await backupRestoreCheck(withDatabase(url as string, name));
    expect(result.problems).toEqual([]);
    expect(result.tables).toBeGreaterThan(30);
    // The migrations' journal and the rows added above, at least.
    expect(result.rows).toBeGreaterThanOrEqual(3);
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'restore_check_%'`,
    );
    expect(rows).toEqual([]);
  });
});
