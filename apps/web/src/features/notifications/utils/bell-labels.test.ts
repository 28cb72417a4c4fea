import { describe, expect, it } from 'vitest';
import { bellLabel, countAnnouncement, formatBadgeCount } from './bell-labels';

describe('the bell’s texts', () => {
  it('the badge shows the count up to 99, then "99+"', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });

  it('the bell’s name carries the count; without one (loading, failed) it is only "Notificaciones"', () => {
    expect(bellLabel(undefined)).toBe('Notificaciones');
    expect(bellLabel(0)).toBe('Notificaciones, ninguna sin leer');
    expect(bellLabel(5)).toBe('Notificaciones, 5 sin leer');
  });

  it('a change of the count is announced; the first count and an unchanged one are not', () => {
    expect(countAnnouncement(undefined, 3)).toBe('');
    expect(countAnnouncement(3, 3)).toBe('');
    expect(countAnnouncement(3, 4)).toBe('Tienes una notificación nueva; 4 sin leer');
    expect(countAnnouncement(1, 4)).toBe('Tienes 3 notificaciones nuevas; 4 sin leer');
    expect(countAnnouncement(4, 1)).toBe('Te queda 1 notificación sin leer');
    expect(countAnnouncement(4, 2)).toBe('Te quedan 2 notificaciones sin leer');
    expect(countAnnouncement(4, 0)).toBe('No tienes notificaciones sin leer');
  });
});
