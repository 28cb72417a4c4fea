/** Spec §3 "Permissions per feature": the switches `GET /api/permissions/status` answers. */
export interface FeaturePermissions {
  projects: { enabled: boolean; create: boolean; update: boolean };
  tfxes: { enabled: boolean; create: boolean; update: boolean };
  tfx: { enabled: boolean };
  externalTfxes: { enabled: boolean };
  resources: { enabled: boolean };
  organizations: { enabled: boolean; create: boolean; update: boolean };
  notifications: { enabled: boolean };
}

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
