import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { StudentNotification } from '../types';
import { sortNotifications } from '../utils/notification-list';

interface CommunicationCenterEntry {
  id: number;
  attributes: {
    isRead: boolean;
    notification_subject: string;
    notification_message: string;
    createdAt: string;
  };
}

/** Every communication-centre query starts with this, whoever shows it (profile, bell). */
export const NOTIFICATIONS_QUERY_ROOT = 'communication-centers';

/**
 * `GET /api/communication-centers?filters[student][id][$eq]=<id>` (spec §7 Communication centre),
 * sorted unread first then newest (spec §4). The server answers only the student's own entries.
 */
export async function getNotifications(
  studentId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StudentNotification[]> {
  const params = new URLSearchParams({
    'filters[student][id][$eq]': String(studentId),
    'sort[0]': 'isRead:asc',
    'sort[1]': 'createdAt:desc',
    'pagination[pageSize]': '100',
  });
  const answer = await apiRequest<{ data: CommunicationCenterEntry[] }>(
    `/api/communication-centers?${params}`,
    { signal },
  );
  return sortNotifications(
    answer.data.map(({ id, attributes: a }) => ({
      id,
      isRead: a.isRead,
      subject: a.notification_subject,
      message: a.notification_message,
      createdAt: a.createdAt,
    })),
  );
}

export const notificationsQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: [NOTIFICATIONS_QUERY_ROOT, studentId],
    queryFn: ({ signal }) => getNotifications(studentId, { signal }),
    // Spec §8: "Notification fetch fails: Logged; no list".
    meta: { logErrorAs: 'No se pudieron cargar las notificaciones.' },
  });

export function useNotifications(studentId: number) {
  return useQuery(notificationsQueryOptions(studentId));
}
