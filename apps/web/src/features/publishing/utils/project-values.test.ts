import { describe, expect, it } from 'vitest';
import type { ProjectAttributes } from '../../../entities/project/types';
import { buildProjectItems, localOptions, NO, YES } from './project-items';
import { flattenOptions } from '../../../forms/fields/options/option-utils';
import { getCampusId, getChangedFields, toProjectPayload, toProjectValues } from './project-values';

const VALUES = {
  title: '  Huertos escolares  ',
  type: 'Impacto social',
  description: 'Huertos en colegios',
  objectives: 'Aprender',
  ods: ['2', '13', 'Otra'],
  ods_explanation: '',
  academic_profile: 'Ciencias ambientales',
  tags: ['Agricultura ecológica', 'Otra'],
  tags_other: 'Compostaje, Huertos',
  internship: YES,
  remuneration: NO,
  dedication: 'Entre 5 y 10 horas semanales',
  language: 'Otra',
  language_other: 'Aranés',
  presentiality: 'Presencial',
  location: 'Murcia',
  locality: 'Lorca',
  study_areas: ['Ciencias puras'],
  study_subareas: ['Biología'],
  visibility_consent: true,
  university: '1',
  campus: '3',
};

describe('toProjectPayload', () => {
  it('writes the answers as the project attributes: ODS as numbers, "Otra" as its text, yes/no as booleans', () => {
    expect(toProjectPayload(VALUES)).toEqual({
      title: 'Huertos escolares',
      description: 'Huertos en colegios',
      objectives: 'Aprender',
      ods_explanation: null,
      academic_profile: 'Ciencias ambientales',
      requirements: null,
      working_method: null,
      type: 'Impacto social',
      ods: [2, 13],
      tags: ['Agricultura ecológica', 'Compostaje', 'Huertos'],
      internship: true,
      remuneration: false,
      dedication: 'Entre 5 y 10 horas semanales',
      language: 'Aranés',
      presentiality: 'Presencial',
      location: 'Murcia',
      locality: 'Lorca',
      study_areas: ['Ciencias puras'],
      study_subareas: ['Biología'],
      visibility_consent: true,
      application_deadline: null,
    });
  });

  it('a remote project has no province or town, even if they were answered before', () => {
    const payload = toProjectPayload({ ...VALUES, presentiality: 'Remoto' });
    expect(payload.location).toBeNull();
    expect(payload.locality).toBeNull();
  });
});

describe('toProjectValues', () => {
  it('shows a stored project as the answers that would write it again', () => {
    const payload = toProjectPayload(VALUES);
    const stored = { ...payload, status: 'Pendiente' } as ProjectAttributes;
    expect(toProjectPayload(toProjectValues(stored))).toEqual(payload);
  });

  it('names outside the lists come back as "Otra" with their text; the campus and its university come back by id', () => {
    const values = toProjectValues({
      title: 'X',
      status: 'Rechazada',
      language: 'Aranés',
      location: 'Murcia',
      locality: 'Aledo',
      tags: ['Compostaje'],
      campus: {
        data: {
          id: 3,
          attributes: {
            name: 'Campus de Espinardo',
            university: { data: { id: 1, attributes: { name: 'Universidad de Murcia' } } },
          },
        },
      },
    });
    expect(values).toMatchObject({
      language: 'Otra',
      language_other: 'Aranés',
      location: 'Murcia',
      locality: 'Otra',
      locality_other: 'Aledo',
      tags: ['Otra'],
      tags_other: 'Compostaje',
      campus: '3',
      university: '1',
    });
  });
});

describe('getChangedFields', () => {
  it('keeps only the fields whose value differs', () => {
    expect(
      getChangedFields<{ title: string; ods: number[]; campus: number | null }>(
        { title: 'A', ods: [1, 2], campus: 3 },
        { title: 'A', ods: [1, 3], campus: null },
      ),
    ).toEqual({ ods: [1, 3], campus: null });
  });
});

describe('getCampusId', () => {
  it('is the id the campus option holds, and nothing for "Otra" or no campus', () => {
    expect(getCampusId(VALUES)).toBe(3);
    expect(getCampusId({ ...VALUES, campus: 'Otra' })).toBeNull();
    expect(getCampusId({ university: '1' })).toBeNull();
  });
});

describe('buildProjectItems', () => {
  const fetchers = {
    universities: localOptions([]),
    campuses: localOptions([]),
  };
  const items = buildProjectItems(fetchers);
  const item = (name: string) => items.find((entry) => entry.value === name)!;

  it('spreads the form over four steps', () => {
    expect([...new Set(items.map((entry) => entry.step))]).toEqual([1, 2, 3, 4]);
  });

  it("asks for the town only among the chosen province's, and not for a remote project", () => {
    const locality = item('locality');
    const offered = flattenOptions(item('locality').options ?? []).filter((option) =>
      locality.dependency!.filter!(option, { location: 'Murcia' }),
    );
    expect(offered).toContain('Lorca');
    expect(offered).not.toContain('Elche');
    expect(item('location').condition!({ presentiality: 'Remoto' })).toBe(false);
  });

  it('offers the subareas of the chosen areas only', () => {
    const subareas = item('study_subareas');
    const offered = flattenOptions(subareas.options ?? []).filter((option) =>
      subareas.dependency!.filter!(option, { study_areas: ['Ciencias puras'] }),
    );
    expect(offered).toContain('Biología');
    expect(offered).not.toContain('Historia');
  });
});

describe('localOptions', () => {
  it('searches without accents and pages by ten', async () => {
    const list = Array.from({ length: 25 }, (_, index) => `Tema ${index}`);
    const first = await localOptions(list)({ search: '', page: 1, values: {} });
    expect(first.options).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    const found = await localOptions(['Energías renovables', 'Nutrición'])({
      search: 'energias',
      page: 1,
      values: {},
    });
    expect(found.options).toEqual(['Energías renovables']);
  });
});
