import type {
  FeaturePermissions,
  ProfileType,
  PublicUser,
  SessionAnswer,
} from '@plataforma/shared';
import type { SessionUser } from '../../src/features/auth/types';
import { NO_PERMISSIONS } from '../../src/features/permissions/types';

/**
 * People and their switches as the API answers them, typed by the shared contract: the signed-in
 * user (`GET /api/users/me`), a session (`POST /api/auth/local`), the feature switches.
 */

/** `GET /api/users/me` of a user of this profile type; `extra` overrides any field. */
export function account(
  profileType: ProfileType | null,
  extra: Partial<SessionUser> = {},
): SessionUser {
  return {
    id: 7,
    username: 'persona',
    email: `${profileType ?? 'nadie'}@demo.es`,
    name: 'Marta',
    surname: 'Gil',
    phone: null,
    profileType,
    confirmed: true,
    picture: null,
    ...extra,
  };
}

/** A user as the calls that open a session answer it. */
export function publicUser(profileType: ProfileType | null, id = 41): PublicUser {
  return {
    id,
    username: `user${id}`,
    email: `user${id}@example.org`,
    provider: 'local',
    confirmed: true,
    blocked: false,
    name: 'Ana',
    surname: 'Pérez',
    phone: null,
    profileType,
    lastLogin: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** The answer of the calls that open a session. */
export function sessionAnswer(profileType: ProfileType | null, id = 41): SessionAnswer {
  return { jwt: `jwt-${id}`, refreshToken: `refresh-${id}`, user: publicUser(profileType, id) };
}

/** Every switch on (organisations: on, without writes), as an admin would set a full platform. */
export function allPermissions(): FeaturePermissions {
  return {
    projects: { enabled: true, create: true, update: true },
    tfxes: { enabled: true, create: true, update: true },
    tfx: { enabled: true },
    externalTfxes: { enabled: false },
    resources: { enabled: true },
    organizations: { enabled: true, create: false, update: false },
    notifications: { enabled: true },
  };
}

/** `extra` switched on over none. */
export const permissionsWith = (extra: Partial<FeaturePermissions>): FeaturePermissions => ({
  ...NO_PERMISSIONS,
  ...extra,
});

export { NO_PERMISSIONS };
