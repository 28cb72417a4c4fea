import { describe, expect, it } from 'vitest';
import { getThanksTarget } from './thanks-target';
import {
  toStudentPayload,
  toStudentValues,
  toTeacherPayload,
  toTeacherValues,
} from './profile-values';
import { buildStudentItems, buildTeacherItems, withUniqueOptions } from './wizard-items';

const named = (id: number, name: string) => ({ data: { id, attributes: { name } } });
const noOptions = () => Promise.resolve({ options: [], hasMore: false });
const fetchers = { universities: noOptions, campuses: noOptions, degrees: noOptions };

describe('student values ⇄ API attributes', () => {
  it('"Otra" answers go to other_* and free texts, catalogue names to the relations', () => {
    const payload = toStudentPayload({
      university: 'Otra',
      other_university: 'Universidad del Mar',
      campus: 'Otra',
      other_campus: 'Campus Norte',
      degree: 'Otra',
      other_degree: 'Oceanografía',
      study_type: 'Grado',
      province: 'Otra',
      province_other: 'Andorra',
      phone: '+34 600 000 000',
      student_area: 'Humanidades',
      work_deadline: 'No lo sé',
      work_deadline_estimate: 'Dentro de un año',
      tags: ['Fotografía', 'Otra'],
      tags_other: 'Surf, Vela',
      thesis_stage: 'choosing',
      goal: 'work',
      reachedUsHow: 'Instagram',
      disability: 'No',
      notification_email: true,
      notification_whatsapp: false,
    });
    expect(payload.relations).toEqual({ university: null, campus: null, degrees: [] });
    expect(payload.phone).toBe('+34 600 000 000');
    expect(payload.data).toMatchObject({
      other_university: 'Universidad del Mar',
      other_campus: 'Campus Norte',
      other_degree: 'Oceanografía',
      province: 'Andorra',
      work_deadline_estimate: 'Dentro de un año',
      tags: ['Fotografía', 'Surf', 'Vela'],
      thesis_stage: 'choosing',
      goal: 'work',
      reachedUsHow: 'Instagram',
      disability: false,
    });
    expect(payload.data.notification).toMatchObject({
      email: true,
      whatsapp: false,
      selected: false,
    });
  });

  it('a known deadline drops the approximation; a catalogue degree is a relation name', () => {
    const payload = toStudentPayload({
      university: 'Universidad de Murcia',
      campus: 'Espinardo',
      degree: 'Grado en Historia',
      work_deadline: 'Elijo este curso',
      work_deadline_estimate: 'stale',
      disability: 'Sí',
    });
    expect(payload.relations).toEqual({
      university: 'Universidad de Murcia',
      campus: 'Espinardo',
      degrees: ['Grado en Historia'],
    });
    expect(payload.data).toMatchObject({
      other_university: null,
      work_deadline_estimate: null,
      disability: true,
    });
    expect(payload.phone).toBeUndefined();
  });

  it('reopening shows the saved answers, free texts back under "Otra"', () => {
    const values = toStudentValues({
      university: named(1, 'Universidad de Murcia'),
      campus: { data: null },
      other_campus: 'Campus Norte',
      degree: { data: null },
      province: 'Murcia',
      reachedUsHow: 'Por la radio',
      tags: ['Fotografía', 'Surf'],
      disability: true,
      notification: { email: true },
    });
    expect(values).toMatchObject({
      university: 'Universidad de Murcia',
      campus: 'Otra',
      other_campus: 'Campus Norte',
      province: 'Murcia',
      reachedUsHow: 'Otra',
      reachedUsHow_other: 'Por la radio',
      tags: ['Fotografía', 'Otra'],
      tags_other: 'Surf',
      disability: 'Sí',
      notification_email: true,
      notification_whatsapp: false,
    });
    expect(values.degree).toBeUndefined();
  });
});

describe('teacher values ⇄ API attributes', () => {
  it('round-trips degrees, area and deadline; "Otra" leaves the relation empty', () => {
    const values = toTeacherValues({
      university: named(1, 'Universidad de Murcia'),
      campus: named(2, 'Espinardo'),
      degrees: { data: [named(3, 'Grado en Historia').data] },
      class_type: 'Máster',
      teacher_area: 'Humanidades',
      notification_deadline: '2027-06-30',
    });
    expect(values).toMatchObject({
      degrees: ['Grado en Historia'],
      class_type: 'Máster',
      teacher_area: 'Humanidades',
    });
    const payload = toTeacherPayload({
      ...values,
      university: 'Otra',
      degrees: ['Grado en Historia', 'Otra'],
    });
    expect(payload.relations).toEqual({
      university: null,
      campus: 'Espinardo',
      degrees: ['Grado en Historia'],
    });
    expect(payload.data).toEqual({
      class_type: 'Máster',
      teacher_area: 'Humanidades',
      notification_deadline: '2027-06-30',
    });
  });
});

describe('wizard items', () => {
  it('the student is asked the phone only when missing', () => {
    const names = (askPhone: boolean) =>
      buildStudentItems({ fetchers, askPhone }).map((item) => item.value);
    expect(names(true)).toContain('phone');
    expect(names(false)).not.toContain('phone');
    expect(names(false)).toEqual(
      expect.arrayContaining([
        'university',
        'campus',
        'degree',
        'study_type',
        'province',
        'student_area',
        'work_deadline',
        'tags',
        'thesis_stage',
        'goal',
        'reachedUsHow',
        'disability',
        'notification_email',
      ]),
    );
  });

  it('the teacher covers university, campus, class type, degrees, area and deadline', () => {
    expect(buildTeacherItems({ fetchers }).map((item) => item.value)).toEqual([
      'university',
      'campus',
      'class_type',
      'degrees',
      'teacher_area',
      'notification_deadline',
    ]);
  });
});

describe('thanks target', () => {
  it('is /projects, else /tfx, else /', () => {
    expect(getThanksTarget({ isProjectsEnabled: true, isTfxEnabled: true })).toBe('/projects');
    expect(getThanksTarget({ isProjectsEnabled: false, isTfxEnabled: true })).toBe('/tfx');
    expect(getThanksTarget({ isProjectsEnabled: false, isTfxEnabled: false })).toBe('/');
  });
});

describe('catalogue options', () => {
  it('a name repeated by the catalogue is offered once', async () => {
    const getOptions = withUniqueOptions(() =>
      Promise.resolve({
        options: ['Grado en Economía', 'Grado en Economía', 'Máster'],
        hasMore: true,
      }),
    );
    expect(await getOptions({ search: '', page: 1, values: {} })).toEqual({
      options: ['Grado en Economía', 'Máster'],
      hasMore: true,
    });
  });
});
