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

/**
 * Whether "Ver notificaciones antiguas" still has entries to add: `total` is how many the student
 * has (the list may hold only the first of them), bounded by `max`, the most a list loads.
 */
export function hasOlderNotifications(total: number, pages: number, max = Infinity): boolean {
  return Math.min(total, max) > Math.max(1, pages) * NOTIFICATION_PAGE_STEP;
}

/**
 * The list in the order the person has been seeing it: entries they saw keep their places (one
 * they open and read does not jump down under their eyes when the poll reads the list again,
 * ADR 0044); new ones come first, in the list's own order (spec §4: unread, newest), except those
 * the list has after every entry already shown: older ones, loaded to show more, go last.
 *
 * @param shown the ids in the order they were shown, empty the first time
 */
export function keepShownOrder<T extends { id: number }>(
  list: readonly T[],
  shown: readonly number[],
): T[] {
  const byId = new Map(list.map((n) => [n.id, n]));
  const known = new Set(shown);
  let lastKnown = -1;
  list.forEach((n, index) => {
    if (known.has(n.id)) lastKnown = index;
  });
  const fresh = list.filter((n, index) => !known.has(n.id) && index < lastKnown);
  const older = lastKnown < 0 ? list : list.filter((n, index) => index > lastKnown);
  const kept = shown.flatMap((id) => {
    const n = byId.get(id);
    return n ? [n] : [];
  });
  return [...fresh, ...kept, ...older];
}
