import { and, eq } from 'drizzle-orm';
import type { LegalTextKind } from '@plataforma/shared';
import { brandingSaas, legalConsents, legalTextVersions, legalTexts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Queryable } from '../../db/handles';

/** The answer when the text a person accepted is no longer the current one. */
export const STALE_VERSION_MESSAGE =
  'La política de privacidad ha cambiado mientras te registrabas. Vuelve a leerla y acéptala.';

/**
 * Records that a user accepted the current version of a legal text (RGPD art. 7.1), inside the
 * caller's transaction: the account and its consent are made together or not at all. `version`
 * is the one the person was shown; when an admin changed the text in the meantime the write is
 * refused (409), so nobody is recorded as accepting a text they did not see. The text's row is
 * locked until the commit, so a change cannot slip in between.
 *
 * @throws AppError 409 on a version that is not the current one
 */
export async function recordConsent(
  tx: Queryable,
  { userId, kind, version }: { userId: number; kind: LegalTextKind; version: number },
): Promise<void> {
  const [current] = await tx
    .select({ id: legalTexts.id, version: legalTexts.version })
    .from(legalTexts)
    .where(eq(legalTexts.kind, kind))
    .for('share');
  if (!current) throw new AppError('INTERNAL', `The legal text ${kind} is missing`);
  if (current.version !== version) {
    throw new AppError('CONFLICT', STALE_VERSION_MESSAGE, {
      errors: [{ path: ['privacyVersion'], message: STALE_VERSION_MESSAGE, name: 'ConflictError' }],
      currentVersion: current.version,
    });
  }
  const [accepted] = await tx
    .select({ id: legalTextVersions.id })
    .from(legalTextVersions)
    .where(
      and(eq(legalTextVersions.legalTextId, current.id), eq(legalTextVersions.version, version)),
    );
  if (!accepted) throw new AppError('INTERNAL', `Version ${version} of ${kind} is missing`);
  // The address the registration page linked to: the branding's own policy when it has one.
  const [branding] = await tx
    .select({ politicsUrl: brandingSaas.politicsUrl })
    .from(brandingSaas)
    .orderBy(brandingSaas.id)
    .limit(1);
  await tx.insert(legalConsents).values({
    userId,
    legalTextVersionId: accepted.id,
    policyUrl: branding?.politicsUrl ?? null,
  });
}
