import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../test/helpers/db';
import { createOrganization, createUser } from '../../test/helpers/factories';
import { MIGRATIONS_DIR } from './migrate';
import { organizations, users } from './schema';

/** The custom migration that brings stored phones to E.164 (ADR 0034), run again on test rows. */
async function runPhoneMigration() {
  const { db } = await getTestDatabase();
  const text = readFileSync(join(MIGRATIONS_DIR, '0010_phones_in_e164.sql'), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    await db.execute(sql.raw(statement));
  }
}

describe('migration 0010: stored phones in international form', () => {
  // The worker's database is made and migrated on first use: in the hook's time, not the test's.
  beforeAll(async () => {
    await getTestDatabase();
  });

  it('normalises Spanish 9-digit numbers to +34, drops separators, turns 00 into + and leaves the rest', async () => {
    const cases: [string | null, string | null][] = [
      ['612 345 678', '+34612345678'],
      ['(91) 123 45 67', '+34911234567'],
      ['+34 612 345 678', '+34612345678'],
      ['+34 (91) 123-45-67', '+34911234567'],
      ['0044 20 7946 0958', '+442079460958'],
      ['+44 (0) 20 7946 0958', '+44 (0) 20 7946 0958'],
      ['123', '123'],
      ['llámame', 'llámame'],
      [null, null],
    ];
    const rows = [];
    for (const [phone] of cases) rows.push(await createUser({ phone }));
    const organization = await createOrganization({ contact_phone: '968.00.01.11' });

    await runPhoneMigration();

    const { db } = await getTestDatabase();
    const stored = await db
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((row) => row.id),
        ),
      );
    expect(rows.map((row) => stored.find((s) => s.id === row.id)?.phone)).toEqual(
      cases.map(([, expected]) => expected),
    );
    const [contact] = await db
      .select({ phone: organizations.contact_phone })
      .from(organizations)
      .where(eq(organizations.id, organization.id));
    expect(contact?.phone).toBe('+34968000111');
  });
});
