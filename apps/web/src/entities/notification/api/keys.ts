/**
 * The communication centre's queries (ADR 0030, ADR 0044): every one starts with the resource's
 * root, then the student, so that marking one entry read, marking all read or a new entry seen by
 * the poll refreshes the bell's badge, the bell's panel and the profile's list together.
 */
export const NOTIFICATIONS_ROOT = 'communication-centers';

export const notificationKeys = {
  all: [NOTIFICATIONS_ROOT] as const,
  student: (studentId: number) => [NOTIFICATIONS_ROOT, studentId] as const,
  /** Every list of the student (without `limit`), or the one of its first `limit` entries. */
  list: (studentId: number, limit?: number) =>
    limit === undefined
      ? ([NOTIFICATIONS_ROOT, studentId, 'list'] as const)
      : ([NOTIFICATIONS_ROOT, studentId, 'list', limit] as const),
  unreadCount: (studentId: number) => [NOTIFICATIONS_ROOT, studentId, 'unread-count'] as const,
};
