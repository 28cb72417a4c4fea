import { describe, expect, it } from 'vitest';
import { availableSections, selectedSectionIndex } from './profile-sections';

describe('profile sections', () => {
  it('lists the five sections of spec §2 when notifications are enabled', () => {
    expect(availableSections({ notificationsEnabled: true }).map((s) => s.id)).toEqual([
      'applys',
      'projects',
      'ongoing',
      'tfx',
      'notifications',
    ]);
  });

  it('leaves out "Comunicaciones" when notifications are disabled', () => {
    expect(availableSections({ notificationsEnabled: false }).map((s) => s.label)).toEqual([
      'Candidaturas',
      'Proyectos guardados',
      'Proyectos en marcha',
      'Proyectos publicados',
    ]);
  });

  it('selects the tab named by ?section=', () => {
    const sections = availableSections({ notificationsEnabled: true });
    expect(selectedSectionIndex('ongoing', sections)).toBe(2);
    expect(selectedSectionIndex('notifications', sections)).toBe(4);
  });

  it('falls back to the first tab for a missing, unknown or unavailable section', () => {
    const withoutNotifications = availableSections({ notificationsEnabled: false });
    expect(selectedSectionIndex(null, withoutNotifications)).toBe(0);
    expect(selectedSectionIndex('ajustes', withoutNotifications)).toBe(0);
    expect(selectedSectionIndex('notifications', withoutNotifications)).toBe(0);
  });
});
