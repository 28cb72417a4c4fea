import { eq } from 'drizzle-orm';
import { FEATURES, type Feature } from '@plataforma/shared';
import type { Database } from '../../db/client';
import { featurePermissions } from '../../db/schema';
import type { Actor } from '../../lib/strapi/actor';

export interface FeatureSwitch {
  enabled: boolean;
  create?: boolean;
  update?: boolean;
}
export type FeaturePermissions = Record<Feature, FeatureSwitch>;

/** Features that have create/update switches besides enabled (spec §3 Permissions per feature). */
const WRITABLE_FEATURES = new Set<Feature>(['projects', 'tfxes', 'organizations']);

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
  const result = {} as FeaturePermissions;
  for (const feature of FEATURES) {
    const row = byFeature.get(feature);
    const value: FeatureSwitch = { enabled: row?.enabled ?? false };
    if (WRITABLE_FEATURES.has(feature)) {
      value.create = row?.create ?? false;
      value.update = row?.update ?? false;
    }
    result[feature] = value;
  }
  return result;
}
