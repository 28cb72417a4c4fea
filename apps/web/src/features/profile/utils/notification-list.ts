import { NOTIFICATION_PAGE_STEP } from '@plataforma/shared';
import type { StudentNotification } from '../types';

/**
 * Spec §4 Notification: unread first, then newest first (ties keep the newest id first, so the
 * order never depends on how the server happened to answer).
 */
export function sortNotifications(list: readonly StudentNotification[]): StudentNotification[] {
  return [...list].sort(
    (a, b) =>
      Number(a.isRead) - Number(b.isRead) ||
      Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
      b.id - a.id,
  );
}

/**
 * Spec §4, §9: 3 entries at first; each "Ver notificaciones antiguas" adds 3 more.
 *
 * @param pages how many pages are shown (1 at first)
 */
export function pageOfNotifications<T>(list: readonly T[], pages: number): T[] {
  return list.slice(0, Math.max(1, pages) * NOTIFICATION_PAGE_STEP);
}

/** Whether "Ver notificaciones antiguas" still has entries to add. */
export function hasOlderNotifications(list: readonly unknown[], pages: number): boolean {
  return list.length > Math.max(1, pages) * NOTIFICATION_PAGE_STEP;
}
