import { describe, expect, it } from 'vitest';
import type { StudentNotification } from '../types';
import { hasOlderNotifications, pageOfNotifications, sortNotifications } from './notification-list';

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

  it('offers older entries only while some are hidden', () => {
    expect(hasOlderNotifications(list, 1)).toBe(true);
    expect(hasOlderNotifications(list, 2)).toBe(true);
    expect(hasOlderNotifications(list, 3)).toBe(false);
    expect(hasOlderNotifications([1, 2, 3], 1)).toBe(false);
  });
});
