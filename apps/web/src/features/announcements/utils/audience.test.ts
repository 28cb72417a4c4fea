import { describe, expect, it } from 'vitest';
import { buildAudience, candidatesAudience, EMPTY_CHOICE, parseAudience } from './audience';

const FULL = {
  ...EMPTY_CHOICE,
  university: { value: '1', label: 'Universidad de Murcia' },
  campus: { value: '2', label: 'Campus de Espinardo' },
  degrees: [
    { value: '3', label: 'Grado en Historia' },
    { value: '4', label: 'Grado en Geografía' },
  ],
  studyType: 'Máster' as const,
  thesisStages: ['doing' as const],
  goals: ['work' as const],
  provinces: ['Madrid'],
  studyAreas: ['Humanidades'],
  project: { value: '9', label: 'Huertos escolares' },
  applicationStatuses: ['Seleccionado' as const],
  emails: ['a@b.es'],
};

describe('buildAudience', () => {
  it('with nothing chosen, is the empty filter: every student the sender reaches', () => {
    expect(buildAudience(EMPTY_CHOICE)).toEqual({});
  });

  it('with every criterion, writes the student filter the API compiles, ids as numbers', () => {
    expect(buildAudience(FULL)).toEqual({
      university: { id: { $eq: 1 } },
      campus: { id: { $eq: 2 } },
      degree: { id: { $in: [3, 4] } },
      study_type: { $eq: 'Máster' },
      thesis_stage: { $in: ['doing'] },
      goal: { $in: ['work'] },
      province: { $in: ['Madrid'] },
      student_area: { $in: ['Humanidades'] },
      applys: { project: { id: { $eq: 9 } }, status: { $in: ['Seleccionado'] } },
      user: { email: { $in: ['a@b.es'] } },
    });
  });

  it('an application status without a project is about any application', () => {
    expect(buildAudience({ ...EMPTY_CHOICE, applicationStatuses: ['Suplente'] })).toEqual({
      applys: { status: { $in: ['Suplente'] } },
    });
  });
});

describe('candidatesAudience', () => {
  it('all the candidates of a project, or those in the statuses given', () => {
    expect(candidatesAudience(12, [])).toEqual({ applys: { project: { id: { $eq: 12 } } } });
    expect(candidatesAudience(12, ['Preseleccionado', 'Seleccionado'])).toEqual({
      applys: {
        project: { id: { $eq: 12 } },
        status: { $in: ['Preseleccionado', 'Seleccionado'] },
      },
    });
  });
});

describe('parseAudience', () => {
  it('reads back what the builder writes', () => {
    expect(parseAudience(buildAudience(FULL))).toEqual({
      universities: [1],
      campuses: [2],
      degrees: [3, 4],
      studyTypes: ['Máster'],
      thesisStages: ['doing'],
      goals: ['work'],
      provinces: ['Madrid'],
      studyAreas: ['Humanidades'],
      projects: [9],
      applicationStatuses: ['Seleccionado'],
      emails: ['a@b.es'],
      unknown: [],
    });
  });

  it('understands the shorthand the API documents (a bare value is $eq)', () => {
    const parsed = parseAudience({ applys: { project: { id: 7 }, status: 'Seleccionado' } });
    expect(parsed.projects).toEqual([7]);
    expect(parsed.applicationStatuses).toEqual(['Seleccionado']);
  });

  it('lists what it cannot put into words instead of guessing', () => {
    const parsed = parseAudience({
      $or: [{ province: 'Madrid' }],
      degree: { name: { $containsi: 'historia' } },
      applys: { createdAt: { $gt: '2026-01-01' } },
      province: { $in: ['Murcia'] },
    });
    expect(parsed.unknown).toEqual(['$or', 'degree', 'applys.createdAt']);
    expect(parsed.provinces).toEqual(['Murcia']);
  });
});
