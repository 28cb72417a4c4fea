import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { StudentNotification } from '../types';
import { sortNotifications } from '../utils/notification-list';
import { notificationKeys } from './keys';

interface CommunicationCenterEntry {
  id: number;
  attributes: {
    isRead: boolean;
    notification_subject: string;
    notification_message: string;
    createdAt: string;
  };
}

/** What a list query holds: the entries loaded, and how many the student has in all. */
export interface NotificationPage {
  items: StudentNotification[];
  total: number;
}

/**
 * How many entries a list loads: the bell shows 3 and 3 more per "Ver notificaciones antiguas"
 * (spec §4), so it loads a few steps ahead, in blocks, rather than 100 messages on every poll;
 * never more than the API's page (100).
 */
export const NOTIFICATION_LOAD_BLOCK = 12;
export const NOTIFICATION_LOAD_MAX = 100;

/** The entries to load to show `shown` of them with the next step ready. */
export function notificationsToLoad(shown: number, step: number): number {
  const wanted = Math.ceil((shown + step) / NOTIFICATION_LOAD_BLOCK) * NOTIFICATION_LOAD_BLOCK;
  return Math.min(NOTIFICATION_LOAD_MAX, Math.max(NOTIFICATION_LOAD_BLOCK, wanted));
}

/**
 * `GET /api/communication-centers?filters[student][id][$eq]=<id>` (spec §7 Communication centre),
 * sorted unread first then newest (spec §4), the first `limit`. The server answers only the
 * student's own entries.
 */
export async function getNotifications(
  studentId: number,
  limit: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<NotificationPage> {
  const params = new URLSearchParams({
    'filters[student][id][$eq]': String(studentId),
    'sort[0]': 'isRead:asc',
    'sort[1]': 'createdAt:desc',
    'pagination[pageSize]': String(limit),
  });
  const answer = await apiRequest<{
    data: CommunicationCenterEntry[];
    meta?: { pagination?: { total?: number } };
  }>(`/api/communication-centers?${params}`, { signal });
  const items = sortNotifications(
    answer.data.map(({ id, attributes: a }) => ({
      id,
      isRead: a.isRead,
      subject: a.notification_subject,
      message: a.notification_message,
      createdAt: a.createdAt,
    })),
  );
  return { items, total: answer.meta?.pagination?.total ?? items.length };
}

export const notificationsQueryOptions = (studentId: number, limit: number) =>
  queryOptions({
    queryKey: notificationKeys.list(studentId, limit),
    queryFn: ({ signal }) => getNotifications(studentId, limit, { signal }),
    // Loading more keeps what is shown until the longer list arrives.
    placeholderData: keepPreviousData,
    // Spec §8: "Notification fetch fails: Logged; no list".
    meta: { logErrorAs: 'No se pudieron cargar las notificaciones.' },
  });

export function useNotifications(studentId: number, limit: number, { enabled = true } = {}) {
  return useQuery({ ...notificationsQueryOptions(studentId, limit), enabled });
}
