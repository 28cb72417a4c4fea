import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RESOURCE_ROOTS } from '../../../entities/resources';
import { apiRequest } from '../../../lib/api-client';
import { withDefaultPreferences } from '@plataforma/shared';
import type { NotificationPreferences } from '../types';

interface StudentNotificationEntry {
  data: {
    id: number;
    attributes: { notification?: Partial<NotificationPreferences> | null };
  };
}

/**
 * Every preference, those never stored on (spec §3, ADR 0031: the API's notices treat them so):
 * the component is replaced as a whole on save.
 */
function complete(stored: Partial<NotificationPreferences> | null | undefined) {
  return withDefaultPreferences(stored);
}

/** `GET /api/students/<id>?populate=notification`: the student's preferences (spec §3). */
export async function getNotificationPreferences(
  studentId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<NotificationPreferences> {
  const answer = await apiRequest<StudentNotificationEntry>(
    `/api/students/${studentId}?fields[0]=primaryKey&populate=notification`,
    { signal },
  );
  return complete(answer.data.attributes.notification);
}

export const notificationPreferencesQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.students, studentId, 'notification-preferences'],
    queryFn: ({ signal }) => getNotificationPreferences(studentId, { signal }),
  });

export function useNotificationPreferences(studentId: number) {
  return useQuery(notificationPreferencesQueryOptions(studentId));
}

/**
 * `PUT /api/students/<id>?populate=notification {data:{notification}}` (spec §7). The component
 * is replaced, so all ten switches are always sent.
 */
export async function updateNotificationPreferences(
  studentId: number,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const answer = await apiRequest<StudentNotificationEntry>(
    `/api/students/${studentId}?fields[0]=primaryKey&populate=notification`,
    { method: 'PUT', body: { data: { notification: complete(preferences) } } },
  );
  return complete(answer.data.attributes.notification);
}

export function useUpdateNotificationPreferences(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      updateNotificationPreferences(studentId, preferences),
    onSuccess: (saved) =>
      queryClient.setQueryData(notificationPreferencesQueryOptions(studentId).queryKey, saved),
  });
}
