import type { ProfileType } from '@plataforma/shared';

/** The signed-in user as the profile page shows and edits them (`GET /api/users/me`). */
export interface ProfileUser {
  id: number;
  email: string;
  name: string | null;
  surname: string | null;
  phone: string | null;
  profileType: ProfileType | null;
  picture?: { id: number; url: string } | null;
}

/** Spec §3 Notification preferences (student): the shared contract's (ADR 0031). */
export {
  NOTIFICATION_PREFERENCE_KEYS,
  type NotificationPreferenceKey,
  type NotificationPreferences,
} from '@plataforma/shared';
