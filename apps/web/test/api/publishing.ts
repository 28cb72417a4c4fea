import type { FeaturePermissions, ProfileType, TeacherVerification } from '@plataforma/shared';
import { NO_PERMISSIONS, account } from './accounts';
import { collection, jsonResponse } from './envelopes';
import { fakeApi, type FakeRequest, type Route } from './fake-api';

export type RecordedCall = FakeRequest;

/** The publishing switches on, as the demo roles have them. */
export const PUBLISHING_PERMISSIONS: FeaturePermissions = {
  ...NO_PERMISSIONS,
  projects: { enabled: true, create: true, update: false },
  organizations: { enabled: true, create: true, update: false },
};

/** One page holding `data`. */
export const list = (data: unknown[]) => jsonResponse(collection(data));

interface StubOptions {
  role?: ProfileType | null;
  /** The coordinator's organisation (details); a function so it can change after a write. */
  organization?: () => { id: number; name: string } | null;
  permissions?: FeaturePermissions;
  /** A teacher's verification as their profile lookup answers it (absent: not said). */
  teacherVerification?: TeacherVerification;
  /** Extra answers by `METHOD /path?query` prefix (the longest prefix wins). */
  handlers?: Record<string, Route>;
}

/**
 * Signs in a publisher of `role` (none: signed out) for the publishing screens, with their profile
 * lookups; every request is recorded with its parsed body.
 */
export function stubPublishingApi({
  role = 'teacher',
  organization = () => null,
  permissions = PUBLISHING_PERMISSIONS,
  teacherVerification,
  handlers = {},
}: StubOptions = {}) {
  const profile = (attributes: Record<string, unknown>) => list([{ id: 30, attributes }]);
  return fakeApi({
    user: role
      ? account(role, {
          id: 9,
          username: 'publica',
          email: 'publica@example.org',
          name: 'Carmen',
          surname: 'López',
          phone: '+34 600000000',
        })
      : null,
    permissions,
    profiles: {
      teachers: () =>
        profile({
          teacher_area: 'Humanidades',
          ...(teacherVerification ? { verification: teacherVerification } : {}),
        }),
      students: () => profile({ province: 'Murcia' }),
      coordinators: () => {
        const org = organization();
        return profile({
          organization: { data: org ? { id: org.id, attributes: { name: org.name } } : null },
        });
      },
    },
    routes: handlers,
  }).calls;
}

/** The calls made with `method` to exactly `path`. */
export const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.url.pathname === path);
