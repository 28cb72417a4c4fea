import type { Database } from '../../db/client';
import type { FileStorage } from '../../lib/storage';
import type { Random } from '../random';

/** What every seeding step receives: the open transaction, the shared random and the clock. */
export interface SeedContext {
  tx: Database;
  rng: Random;
  now: Date;
  /** DEMO_PASSWORD hashed once and reused by every seeded user (hashing costs ~100 ms). */
  passwordHash: string;
  /** Where the demo's files go: the app's own storage, as for an upload (ADR 0039). */
  storage: FileStorage;
  /** Every key written to `storage`, so a seed that fails can remove its bytes. */
  storedKeys: string[];
}

const DAY_MS = 86_400_000;

export function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export function minutesAgo(now: Date, minutes: number): Date {
  return new Date(now.getTime() - minutes * 60_000);
}

/** 'YYYY-MM-DD' of a date (UTC), the form date columns take. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The academic year under way: September to July, e.g. label "2025-2026". */
export function academicYear(now: Date): { start: string; end: string; label: string } {
  const first = now.getUTCMonth() >= 8 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return { start: `${first}-09-01`, end: `${first + 1}-07-31`, label: `${first}-${first + 1}` };
}

/** The value, or an error naming what was missing: seed data that does not line up is a bug. */
export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`Seed data: ${what} not found`);
  return value;
}

/** "Ana Belén" → "ana.belen": lower case ASCII for e-mail addresses and usernames. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A well-formed Spanish DNI (8 digits and its check letter). */
export function dni(number: number): string {
  const digits = String(number % 100_000_000).padStart(8, '0');
  return `${digits}${DNI_LETTERS[Number(digits) % 23]}`;
}

/** A Spanish mobile number as the platform stores phones: E.164 (ADR 0034). */
export function mobilePhone(rng: Random): string {
  const digits = () => String(rng.int(0, 999)).padStart(3, '0');
  return `+346${String(rng.int(0, 99)).padStart(2, '0')}${digits()}${digits()}`;
}
