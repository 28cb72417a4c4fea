import { eq } from 'drizzle-orm';
import type { LegalTextKind } from '@plataforma/shared';
import { legalTexts } from '../../src/db/schema';
import { getTestDatabase } from './db';

/** The current version of a legal text (tests of this worker may have changed it). */
export async function currentVersion(kind: LegalTextKind): Promise<number> {
  const { db } = await getTestDatabase();
  const [row] = await db
    .select({ version: legalTexts.version })
    .from(legalTexts)
    .where(eq(legalTexts.kind, kind));
  if (!row) throw new Error(`no legal text ${kind}: the migrations create the three`);
  return row.version;
}

/** What a registration body carries to accept the current privacy policy (ADR 0035). */
export async function privacyConsent() {
  return { privacyAccepted: true, privacyVersion: await currentVersion('privacy') } as const;
}
