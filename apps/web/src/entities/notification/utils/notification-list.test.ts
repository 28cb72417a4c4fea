import { describe, expect, it } from 'vitest';
import type { StudentNotification } from '../types';
import {
  hasOlderNotifications,
  keepShownOrder,
  pageOfNotifications,
  sortNotifications,
} from './notification-list';
import { notificationsToLoad } from '../api/get-notifications';

function entry(id: number, isRead: boolean, createdAt: string): StudentNotification {
  return { id, isRead, createdAt, subject: `Aviso ${id}`, message: '<p>Hola</p>' };
}

describe('sortNotifications (spec §4)', () => {
  it('puts unread entries first, each group newest first', () => {
    const sorted = sortNotifications([
      entry(1, true, '2026-11-20T10:00:00Z'),
      entry(2, false, '2026-11-01T10:00:00Z'),
      entry(3, true, '2026-11-21T10:00:00Z'),
      entry(4, false, '2026-11-19T10:00:00Z'),
    ]);
    expect(sorted.map((n) => n.id)).toEqual([4, 2, 3, 1]);
  });

  it('with equal dates, the higher id comes first, and the input is not changed', () => {
    const input = [
      entry(1, false, '2026-11-20T10:00:00Z'),
      entry(2, false, '2026-11-20T10:00:00Z'),
    ];
    expect(sortNotifications(input).map((n) => n.id)).toEqual([2, 1]);
    expect(input.map((n) => n.id)).toEqual([1, 2]);
  });
});

describe('paging of notifications (spec §9 step 3)', () => {
  const list = Array.from({ length: 8 }, (_, i) => i + 1);

  it('shows 3 at first and 3 more per page', () => {
    expect(pageOfNotifications(list, 1)).toEqual([1, 2, 3]);
    expect(pageOfNotifications(list, 2)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageOfNotifications(list, 3)).toEqual(list);
  });

  it('offers older entries only while some are hidden, counting those not loaded yet, up to the most a list loads', () => {
    expect(hasOlderNotifications(8, 1)).toBe(true);
    expect(hasOlderNotifications(8, 2)).toBe(true);
    expect(hasOlderNotifications(8, 3)).toBe(false);
    expect(hasOlderNotifications(3, 1)).toBe(false);
    expect(hasOlderNotifications(2_000, 33, 100)).toBe(true);
    expect(hasOlderNotifications(2_000, 34, 100)).toBe(false);
  });
});

describe('keepShownOrder (ADR 0044)', () => {
  const n = (id: number) => ({ id });
  it('the first time, the list as it comes', () => {
    expect(keepShownOrder([n(3), n(1), n(2)], []).map((e) => e.id)).toEqual([3, 1, 2]);
  });

  it('entries already shown keep their places though the new answer sorts them elsewhere; new ones come first; gone ones go', () => {
    // 3 was read and the server now sorts it last; 9 is new; 2 was deleted.
    expect(keepShownOrder([n(9), n(1), n(3)], [3, 1, 2]).map((e) => e.id)).toEqual([9, 3, 1]);
  });

  it('older entries loaded to show more go after those shown, not first', () => {
    // 1, 2, 3 shown; the longer list adds 4 and 5, older, and 9, new.
    expect(
      keepShownOrder([n(9), n(1), n(2), n(3), n(4), n(5)], [1, 2, 3]).map((e) => e.id),
    ).toEqual([9, 1, 2, 3, 4, 5]);
  });
});

describe('notificationsToLoad', () => {
  it('loads blocks of 12 with the next step of 3 ready, never more than 100', () => {
    expect(notificationsToLoad(3, 3)).toBe(12);
    expect(notificationsToLoad(9, 3)).toBe(12);
    expect(notificationsToLoad(12, 3)).toBe(24);
    expect(notificationsToLoad(99, 3)).toBe(100);
  });
});
