import { eq } from 'drizzle-orm';
import {
  FEATURES,
  WRITABLE_FEATURES,
  type Feature,
  type FeaturePermissions,
} from '@plataforma/shared';
import type { Database } from '../../db/client';
import { featurePermissions } from '../../db/schema';
import type { Actor } from '../../lib/strapi/actor';

/** Features that have create/update switches besides enabled (spec §3 Permissions per feature). */
const WRITABLE = new Set<Feature>(WRITABLE_FEATURES);

/** The role whose switches apply to an actor: visitors use "public". */
export function permissionRole(actor: Actor): string {
  if (actor.kind === 'visitor') return 'public';
  return actor.role === 'authenticated' ? 'public' : actor.role;
}

/**
 * The feature switches of the actor's role. A feature without a row is off: a university turns on
 * what it uses.
 */
export async function permissionsFor(db: Database, actor: Actor): Promise<FeaturePermissions> {
  const rows = await db
    .select({
      feature: featurePermissions.feature,
      enabled: featurePermissions.enabled,
      create: featurePermissions.create,
      update: featurePermissions.update,
    })
    .from(featurePermissions)
    .where(eq(featurePermissions.role, permissionRole(actor)));
  const byFeature = new Map(rows.map((r) => [r.feature, r]));
  const switches = FEATURES.map((feature) => {
    const row = byFeature.get(feature);
    const enabled = row?.enabled ?? false;
    return [
      feature,
      WRITABLE.has(feature)
        ? { enabled, create: row?.create ?? false, update: row?.update ?? false }
        : { enabled },
    ];
  });
  // One entry per feature, writable ones with their two switches: the shape of the schema.
  return Object.fromEntries(switches) as FeaturePermissions;
}
