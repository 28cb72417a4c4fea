import { describe, expect, it } from 'vitest';
import type { ProjectRecord } from '../types';
import { toProjectDetail } from './to-project-detail';

const record = (attributes: Partial<ProjectRecord['attributes']>): ProjectRecord => ({
  id: 7,
  attributes: { title: 'Huertos escolares', status: 'Publicada', ...attributes },
});

describe('toProjectDetail', () => {
  it('keeps the contract fields under their wire names and reads null lists as empty', () => {
    const detail = toProjectDetail(
      record({
        ods_explanation: 'Por qué',
        application_deadline: '2026-12-15',
        ods: null,
        tags: ['huerto'],
        study_areas: null,
        study_subareas: null,
      }),
    );
    expect(detail).toMatchObject({
      id: 7,
      title: 'Huertos escolares',
      ods_explanation: 'Por qué',
      application_deadline: '2026-12-15',
      ods: [],
      tags: ['huerto'],
      study_areas: [],
      study_subareas: [],
      organization: null,
      teacher_name: null,
    });
  });

  it('flattens the organisation and the teacher, dropping unsafe links and the campus', () => {
    const detail = toProjectDetail(
      record({
        organization: {
          data: {
            id: 3,
            attributes: {
              name: 'ONG Verde',
              web: 'javascript:alert(1)',
              logo: { data: { id: 9, attributes: { url: 'uploads/logo.png' } } },
            },
          },
        },
        teacher: {
          data: {
            id: 4,
            attributes: {
              user: { data: { id: 5, attributes: { name: 'Ana', surname: 'Pérez' } } },
            },
          },
        },
        campus: { data: { id: 2, attributes: { name: 'Espinardo' } } },
      }),
    );
    expect(detail.organization).toEqual({
      id: 3,
      name: 'ONG Verde',
      description: null,
      web: null,
      logoUrl: '/uploads/logo.png',
    });
    expect(detail.teacher_name).toBe('Ana Pérez');
    expect(detail).not.toHaveProperty('campus');
    expect(detail).not.toHaveProperty('teacher');
  });
});
