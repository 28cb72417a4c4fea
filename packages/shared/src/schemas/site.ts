import { z } from 'zod';
import { FEATURES, type Feature } from '../constants/vocabularies';

/**
 * `GET /api/permissions/status` (spec §3 "Permissions per feature", §7): the feature switches of
 * the caller's role. Projects, final works and organisations also say whether the role may create
 * and update them; the other features are only on or off.
 */
export const WRITABLE_FEATURES = [
  'projects',
  'tfxes',
  'organizations',
] as const satisfies Feature[];
type WritableFeature = (typeof WRITABLE_FEATURES)[number];

const onOff = z.object({ enabled: z.boolean() });
const writable = z.object({ enabled: z.boolean(), create: z.boolean(), update: z.boolean() });

const isWritable = (feature: Feature): feature is WritableFeature =>
  (WRITABLE_FEATURES as readonly Feature[]).includes(feature);

export const featurePermissionsSchema = z
  .object(
    Object.fromEntries(FEATURES.map((f) => [f, isWritable(f) ? writable : onOff])) as {
      [F in Feature]: F extends WritableFeature ? typeof writable : typeof onOff;
    },
  )
  .meta({ id: 'FeaturePermissions' });
export type FeaturePermissions = z.infer<typeof featurePermissionsSchema>;

export const permissionsStatusAnswerSchema = z
  .object({ permissions: featurePermissionsSchema })
  .meta({ id: 'PermissionsStatus' });
export type PermissionsStatusAnswer = z.infer<typeof permissionsStatusAnswerSchema>;
