import type { CommunicationCentersUnreadCountAnswer } from '@plataforma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/**
 * The bell's count (spec §4): `GET /api/communication-centers/unread-count`, the caller's unread
 * entries in one count (ADR 0044). Every signed-in student's page polls it, so it is the API's
 * lean call rather than the generic list's `meta.pagination.total`, which says the same.
 */
export async function getUnreadCount({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  const answer = await apiRequest<CommunicationCentersUnreadCountAnswer>(
    '/api/communication-centers/unread-count',
    { signal },
  );
  return answer.data.unread;
}

export const unreadCountQueryOptions = (studentId: number) =>
  queryOptions({
    // Keyed by the student, so that the student's other queries refresh it (keys.ts).
    queryKey: notificationKeys.unreadCount(studentId),
    queryFn: ({ signal }) => getUnreadCount({ signal }),
    // Spec §8: a failed fetch is only logged; the bell then shows no count.
    meta: { logErrorAs: 'No se pudieron contar las notificaciones sin leer.' },
  });

export function useUnreadCount(studentId: number) {
  return useQuery(unreadCountQueryOptions(studentId));
}
