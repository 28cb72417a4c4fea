import { describe, expect, it } from 'vitest';
import {
  COMPETENCE_ITEMS,
  COMPETENCE_OPTIONAL_TAIL,
  COMPETENCE_SECTIONS,
  HONESTY_GROUP,
  HONESTY_ITEMS,
} from './questionnaire';

describe('competence questionnaire items (spec §9)', () => {
  it('has as many items per section as the section says, in section order, then the honesty items', () => {
    const sections = COMPETENCE_ITEMS.map((item) => item.goal);
    const expected = [
      ...COMPETENCE_SECTIONS.flatMap((s) => Array<string>(s.items).fill(s.key)),
      ...Array<string>(4).fill(HONESTY_GROUP.key),
    ];
    expect(sections).toEqual(expected);
  });

  it('gives every item a unique key and one non-empty statement ending in a full stop', () => {
    const keys = COMPETENCE_ITEMS.map((item) => item.value);
    expect(new Set(keys).size).toBe(keys.length);
    for (const item of COMPETENCE_ITEMS) {
      expect(item.type).toBe('competence');
      expect(item.value).toMatch(/^[a-zA-Z]+\.\d+$/);
      expect(item.label).toMatch(/^\S.*\.$/);
    }
    expect(new Set(COMPETENCE_ITEMS.map((item) => item.label)).size).toBe(COMPETENCE_ITEMS.length);
  });

  it('scores one or two items of every section negatively and never scores an honesty item', () => {
    for (const section of COMPETENCE_SECTIONS) {
      const reversed = COMPETENCE_ITEMS.filter(
        (i) => i.goal === section.key && i.impact === 'negative',
      );
      expect(reversed.length).toBeGreaterThanOrEqual(1);
      expect(reversed.length).toBeLessThanOrEqual(2);
    }
    expect(HONESTY_ITEMS.map((item) => item.impact)).toEqual(['none', 'none', 'none', 'none']);
    const scored = COMPETENCE_ITEMS.filter((item) => item.goal !== HONESTY_GROUP.key);
    expect(scored.every((item) => item.impact !== 'none')).toBe(true);
  });

  it('makes exactly the last five items optional', () => {
    const optional = COMPETENCE_ITEMS.map((item) => item.optional);
    const required = COMPETENCE_ITEMS.length - COMPETENCE_OPTIONAL_TAIL;
    expect(COMPETENCE_OPTIONAL_TAIL).toBe(5);
    expect(optional).toEqual([
      ...Array<boolean>(required).fill(false),
      ...Array<boolean>(COMPETENCE_OPTIONAL_TAIL).fill(true),
    ]);
  });

  it('has the four honesty statements of the spec', () => {
    expect(HONESTY_ITEMS.map((item) => item.label)).toEqual([
      'Nunca he dicho una mentira.',
      'Nunca he herido los sentimientos de nadie.',
      'Nunca he criticado a nadie.',
      'Nunca he perdido el tiempo.',
    ]);
  });
});
