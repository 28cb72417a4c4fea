import { sql } from 'drizzle-orm';
import type { Feature } from '@plataforma/shared';
import { featurePermissions } from '../../src/db/schema';
import { getTestDatabase } from './db';

export interface Switches {
  enabled: boolean;
  create?: boolean;
  update?: boolean;
}

/**
 * Sets a role's feature switch (spec §3 Permissions per feature) on the worker's database. Files
 * share it: a test that turns a switch off turns it back on before it ends.
 */
export async function setFeatureSwitch(role: string, feature: Feature, switches: Switches) {
  const { db } = await getTestDatabase();
  const values = {
    enabled: switches.enabled,
    create: switches.create ?? false,
    update: switches.update ?? false,
  };
  await db
    .insert(featurePermissions)
    .values({ role, feature, ...values })
    .onConflictDoUpdate({
      target: [featurePermissions.role, featurePermissions.feature],
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** Turns on creating and updating projects and organisations for teachers and coordinators. */
export async function enablePublishing() {
  for (const role of ['teacher', 'coordinator']) {
    for (const feature of ['projects', 'organizations'] as const) {
      await setFeatureSwitch(role, feature, { enabled: true, create: true, update: true });
    }
  }
}
