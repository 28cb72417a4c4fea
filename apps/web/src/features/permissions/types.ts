import type { FeaturePermissions } from '@plataforma/shared';

/** Spec §3 "Permissions per feature": the switches `GET /api/permissions/status` answers. */
export type { FeaturePermissions };

/** While the switches load or when they fail, nothing optional is offered. */
export const NO_PERMISSIONS: FeaturePermissions = {
  projects: { enabled: false, create: false, update: false },
  tfxes: { enabled: false, create: false, update: false },
  tfx: { enabled: false },
  externalTfxes: { enabled: false },
  resources: { enabled: false },
  organizations: { enabled: false, create: false, update: false },
  notifications: { enabled: false },
};
