import { describe, expect, it } from 'vitest';
import { ODS } from './ods';
import { PROVINCES } from './provinces';
import { STUDY_AREAS } from './study-areas';
import {
  INDIFFERENT_TAG,
  INTEREST_THEMES,
  OTHER_OPTION,
  PURPOSE_TAGS,
  REACHED_US_HOW_OPTIONS,
  STUDENT_TAGS,
} from './options';
import { COMPETENCE_ITEM_COUNT, COMPETENCE_SCALE, COMPETENCE_SECTIONS } from './questionnaire';

const hasDuplicates = (values: readonly unknown[]) => new Set(values).size !== values.length;

describe('provinces (spec §9)', () => {
  it('lists the 52 provinces with the INE codes 01 to 52 in order', () => {
    expect(PROVINCES).toHaveLength(52);
    expect(PROVINCES.map((p) => p.code)).toEqual(
      Array.from({ length: 52 }, (_, i) => String(i + 1).padStart(2, '0')),
    );
    expect(hasDuplicates(PROVINCES.map((p) => p.name))).toBe(false);
  });

  it('gives every province 5 different towns', () => {
    for (const province of PROVINCES) {
      expect(province.cities, province.name).toHaveLength(5);
      expect(hasDuplicates(province.cities), province.name).toBe(false);
      for (const city of province.cities) expect(city.trim()).toBe(city);
    }
  });

  it('includes Ceuta (51) and Melilla (52)', () => {
    expect(PROVINCES[50]).toMatchObject({ code: '51', name: 'Ceuta' });
    expect(PROVINCES[51]).toMatchObject({ code: '52', name: 'Melilla' });
  });
});

describe('ODS', () => {
  it('lists the 17 goals numbered 1 to 17 with a hex colour each', () => {
    expect(ODS.map((o) => o.number)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    expect(ODS[0].name).toBe('Fin de la pobreza');
    expect(ODS[16].name).toBe('Alianzas para lograr los objetivos');
    for (const goal of ODS) expect(goal.color).toMatch(/^#[0-9A-F]{6}$/);
    expect(hasDuplicates(ODS.map((o) => o.color))).toBe(false);
  });
});

describe('study areas (spec §9)', () => {
  it('are exactly the 10 areas of the spec, in its order', () => {
    expect(STUDY_AREAS.map((a) => a.name)).toEqual([
      'Humanidades',
      'Ciencias puras',
      'Ciencias de la Salud',
      'Desarrollo Software DATA e IA',
      'Ingeniería y Arquitectura',
      'Ciencias Sociales y Jurídicas',
      'Economía y ADE Turismo',
      'Marketing y Comunicación',
      'Educación y Magisterio',
      'Arte y Diseño',
    ]);
  });

  it('have 4 to 8 different subareas each', () => {
    for (const area of STUDY_AREAS) {
      expect(area.subareas.length, area.name).toBeGreaterThanOrEqual(4);
      expect(area.subareas.length, area.name).toBeLessThanOrEqual(8);
      expect(hasDuplicates(area.subareas), area.name).toBe(false);
    }
  });
});

describe('option lists', () => {
  it('offer the 8 how-you-found-us options of spec §9', () => {
    expect(REACHED_US_HOW_OPTIONS).toHaveLength(8);
    expect(REACHED_US_HOW_OPTIONS).toEqual(
      expect.arrayContaining(['Universidad', 'Instagram', 'Linkedin', 'Tik tok']),
    );
  });

  it('have 9 interest groups of 5 to 8 sub-tags, no sub-tag in two groups', () => {
    expect(INTEREST_THEMES).toHaveLength(9);
    for (const theme of INTEREST_THEMES) {
      expect(theme.tags.length, theme.name).toBeGreaterThanOrEqual(5);
      expect(theme.tags.length, theme.name).toBeLessThanOrEqual(8);
    }
    expect(hasDuplicates(INTEREST_THEMES.flatMap((t) => t.tags))).toBe(false);
  });

  it('end the student tags with "Indiferente"', () => {
    expect(STUDENT_TAGS.at(-1)).toBe(INDIFFERENT_TAG);
    expect(hasDuplicates(STUDENT_TAGS)).toBe(false);
  });

  it('have about 65 different purpose tags', () => {
    expect(PURPOSE_TAGS.length).toBeGreaterThanOrEqual(60);
    expect(PURPOSE_TAGS.length).toBeLessThanOrEqual(70);
    expect(hasDuplicates(PURPOSE_TAGS)).toBe(false);
  });

  it('never hold "Otra", which the forms append themselves (spec §4)', () => {
    const lists = [REACHED_US_HOW_OPTIONS, STUDENT_TAGS, PURPOSE_TAGS];
    for (const list of lists) expect(list).not.toContain(OTHER_OPTION);
  });
});

describe('competence questionnaire (spec §9)', () => {
  it('has a 0 to 6 scale and 26 items in five sections', () => {
    expect(COMPETENCE_SCALE.max - COMPETENCE_SCALE.min + 1).toBe(COMPETENCE_SCALE.points);
    expect(COMPETENCE_SECTIONS.map((s) => [s.name, s.items])).toEqual([
      ['Flexibilidad', 4],
      ['Iniciativa', 5],
      ['Trabajo en equipo', 7],
      ['Comunicación', 4],
      ['Pensamiento de crecimiento', 6],
    ]);
    expect(COMPETENCE_ITEM_COUNT).toBe(26);
  });
});
