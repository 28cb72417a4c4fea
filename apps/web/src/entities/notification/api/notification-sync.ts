import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from './keys';

/**
 * The tabs of one browser tell each other when the communication centre changed (ADR 0044): a
 * tab that marks entries read, or sees a new one, posts on this channel and every other tab reads
 * its count and lists again at once, rather than at its next poll.
 */
export const NOTIFICATION_CHANNEL = 'plataforma:communication-centers';

interface ChangeMessage {
  type: 'changed';
  studentId: number;
}

function isChangeMessage(value: unknown): value is ChangeMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'changed' &&
    typeof (value as { studentId?: unknown }).studentId === 'number'
  );
}

/** Tells the other tabs; a browser without BroadcastChannel only has its own poll. */
export function announceNotificationsChanged(studentId: number): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(NOTIFICATION_CHANNEL);
  channel.postMessage({ type: 'changed', studentId } satisfies ChangeMessage);
  channel.close();
}

/**
 * Listens for the other tabs' changes of this student's entries and refreshes them; returns the
 * function that stops listening.
 */
export function listenToNotificationChanges(
  queryClient: QueryClient,
  studentId: number,
): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(NOTIFICATION_CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isChangeMessage(event.data) && event.data.studentId === studentId) {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.student(studentId) });
    }
  };
  return () => channel.close();
}
