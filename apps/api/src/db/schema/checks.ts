import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** CHECK (column IS NULL OR column IN (...)) for a text column holding one of a vocabulary. */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = sql.join(
    values.map((v) => sql.raw(`'${v.replaceAll("'", "''")}'`)),
    sql`, `,
  );
  return sql`${column} IS NULL OR ${column} IN (${list})`;
}

/** CHECK that every element of a text[] column belongs to a vocabulary. */
export function allInList(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = sql.join(
    values.map((v) => sql.raw(`'${v.replaceAll("'", "''")}'`)),
    sql`, `,
  );
  return sql`${column} IS NULL OR ${column} <@ ARRAY[${list}]::text[]`;
}

/** CHECK that a text column holds a month as MM/yyyy (spec §5 Month). */
export function monthYear(column: AnyPgColumn): SQL {
  return sql`${column} IS NULL OR ${column} ~ '^(0[1-9]|1[0-2])/[0-9]{4}$'`;
}
