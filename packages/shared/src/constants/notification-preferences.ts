/**
 * A student's notification preferences (spec §3 "Notification preferences (student)"): what they
 * hear about and by which channel.
 */

/** What a notification is about: each a preference a student turns on or off. */
export const NOTIFICATION_KINDS = [
  'pre_selected',
  'not_selected',
  'selected',
  'new_matching_projects',
  'u4i_advice',
  'save_projects_with_candidates',
  'save_projects_selected',
  'professional_offers',
] as const;
/** The channels besides the communication centre, each a preference too. */
export const NOTIFICATION_CHANNELS = ['email', 'whatsapp'] as const;
export const NOTIFICATION_PREFERENCE_KEYS = [
  ...NOTIFICATION_KINDS,
  ...NOTIFICATION_CHANNELS,
] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];
export type NotificationPreferences = Record<NotificationPreferenceKey, boolean>;

/**
 * Preferences are opt-out (ADR 0031): a new student has every one on, and a key that is not
 * stored counts as on, in the API's gating (notices, emails) and in every form that shows them.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = Object.fromEntries(
  NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, true]),
) as NotificationPreferences;

/** The ten preferences of a stored value (partial or none): what is not stored is on. */
export function withDefaultPreferences(
  stored: Partial<Record<string, boolean | null>> | null | undefined,
): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, stored?.[key] !== false]),
  ) as NotificationPreferences;
}
