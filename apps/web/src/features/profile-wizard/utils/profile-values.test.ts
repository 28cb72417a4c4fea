import { NOTIFICATION_PREFERENCE_KEYS } from '@plataforma/shared';
import { describe, expect, it } from 'vitest';
import { getThanksTarget } from './thanks-target';
import {
  toStudentPayload,
  toStudentValues,
  toTeacherPayload,
  toTeacherValues,
} from './profile-values';
import { buildStudentItems, buildTeacherItems } from './wizard-items';

const named = (id: number, name: string) => ({ data: { id, attributes: { name } } });
const noOptions = () => Promise.resolve({ options: [], hasMore: false });
const fetchers = { universities: noOptions, campuses: noOptions, degrees: noOptions };

describe('student values ⇄ API attributes', () => {
  it('"Otra" answers go to other_* and free texts, and the relations are emptied', () => {
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
    expect(payload.phone).toBe('+34 600 000 000');
    expect(payload.data).toMatchObject({
      university: { set: [] },
      campus: { set: [] },
      degree: { set: [] },
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

  it('a known deadline drops the approximation; catalogue choices are written by the ids the options hold', () => {
    const payload = toStudentPayload({
      university: '1',
      campus: '2',
      degree: '3',
      work_deadline: 'Elijo este curso',
      work_deadline_estimate: 'stale',
      disability: 'Sí',
    });
    expect(payload.data).toMatchObject({
      university: { set: [1] },
      campus: { set: [2] },
      degree: { set: [3] },
      other_university: null,
      work_deadline_estimate: null,
      disability: true,
    });
    expect(payload.phone).toBeUndefined();
  });

  it('reopening shows the saved answers (catalogue entries by id), free texts back under "Otra"', () => {
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
      university: '1',
      campus: 'Otra',
      other_campus: 'Campus Norte',
      province: 'Murcia',
      reachedUsHow: 'Otra',
      reachedUsHow_other: 'Por la radio',
      tags: ['Fotografía', 'Otra'],
      tags_other: 'Surf',
      disability: 'Sí',
      notification_email: true,
    });
    expect(values.degree).toBeUndefined();
  });

  it('notification preferences start as the stored ones, and those never stored start on (spec §3)', () => {
    const none = toStudentValues({ notification: null });
    for (const key of NOTIFICATION_PREFERENCE_KEYS) {
      expect(none[`notification_${key}`], key).toBe(true);
    }
    const some = toStudentValues({ notification: { whatsapp: false, email: true } });
    expect(some).toMatchObject({
      notification_whatsapp: false,
      notification_email: true,
      notification_selected: true,
    });
    // Finishing without touching them writes them as they were.
    expect(toStudentPayload(some).data.notification).toEqual({
      ...Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, true])),
      whatsapp: false,
    });
  });
});

describe('teacher values ⇄ API attributes', () => {
  it('round-trips degrees, area and deadline; "Otra" keeps its text and empties the relation', () => {
    const values = toTeacherValues({
      university: named(1, 'Universidad de Murcia'),
      campus: named(2, 'Espinardo'),
      degrees: { data: [named(3, 'Grado en Historia').data] },
      class_type: 'Máster',
      teacher_area: 'Humanidades',
      notification_deadline: '2027-06-30',
    });
    expect(values).toMatchObject({
      university: '1',
      campus: '2',
      degrees: ['3'],
      class_type: 'Máster',
      teacher_area: 'Humanidades',
    });
    const payload = toTeacherPayload({
      ...values,
      university: 'Otra',
      other_university: 'Universidad del Mar',
      degrees: ['3', 'Otra'],
    });
    expect(payload.data).toEqual({
      university: { set: [] },
      campus: { set: [2] },
      degrees: { set: [3] },
      other_university: 'Universidad del Mar',
      other_campus: null,
      class_type: 'Máster',
      teacher_area: 'Humanidades',
      notification_deadline: '2027-06-30',
    });
  });

  it('a saved "Otra" university or campus comes back as "Otra" with its text', () => {
    expect(
      toTeacherValues({
        university: { data: null },
        other_university: 'Universidad del Mar',
        campus: { data: null },
        other_campus: 'Campus del Puerto',
      }),
    ).toMatchObject({
      university: 'Otra',
      other_university: 'Universidad del Mar',
      campus: 'Otra',
      other_campus: 'Campus del Puerto',
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
