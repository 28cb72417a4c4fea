import { describe, expect, it } from 'vitest';
import { summariseUsage } from './usage-summary';

const NONE = {
  calls: 0,
  callsShared: 0,
  degrees: 0,
  degreesShared: 0,
  students: 0,
  teachers: 0,
  projects: 0,
  applications: 0,
};

describe('summariseUsage', () => {
  it('a campus: a line per kind touched, singular or plural, and the records in all', () => {
    const summary = summariseUsage({
      kind: 'campus',
      usage: { ...NONE, calls: 1, degrees: 2, degreesShared: 1, teachers: 1, projects: 3 },
    });
    expect(summary.lines).toEqual([
      'Se borrarán 1 convocatoria de sus grados.',
      'Se borrarán 2 grados que solo ofrece este campus.',
      '1 grado seguirá en otros campus: solo dejará de ofrecerse aquí.',
      '1 profesor o profesora perderá este campus o alguno de sus grados.',
      '3 proyectos se quedarán sin campus.',
    ]);
    expect(summary.total).toBe(9);
    expect(summary.isCampusWithoutDegrees).toBe(false);
  });

  it('a campus without degrees: nothing else goes, and it says so', () => {
    const summary = summariseUsage({ kind: 'campus', usage: { ...NONE, projects: 1 } });
    expect(summary.isCampusWithoutDegrees).toBe(true);
    expect(summary.total).toBe(2);
    // Degrees only unlinked are degrees found: the spec's sentence is not said.
    expect(
      summariseUsage({ kind: 'campus', usage: { ...NONE, degreesShared: 1 } })
        .isCampusWithoutDegrees,
    ).toBe(false);
  });

  it('a degree and a call', () => {
    expect(
      summariseUsage({
        kind: 'degree',
        usage: { campuses: 1, calls: 2, students: 0, teachers: 1 },
      }),
    ).toEqual({
      lines: [
        '1 campus dejará de ofrecerlo.',
        '2 convocatorias lo perderán (no se borran).',
        '1 profesor o profesora lo perderá.',
      ],
      total: 5,
      isCampusWithoutDegrees: false,
    });
    expect(summariseUsage({ kind: 'call', usage: { degrees: 0, applications: 0 } })).toEqual({
      lines: [],
      total: 1,
      isCampusWithoutDegrees: false,
    });
  });
});
