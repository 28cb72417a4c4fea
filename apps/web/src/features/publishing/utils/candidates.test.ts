import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../../entities/application/types';
import {
  countByStatus,
  filterByStatus,
  formatScore,
  getCandidateName,
  getCandidateStudies,
  getCompetenceBars,
  getCvUrl,
  REVIEWER_STATUSES,
} from './candidates';

function candidate(attributes: Partial<Candidate['attributes']> = {}, id = 1): Candidate {
  return { id, attributes: { status: 'Enviada', ...attributes } };
}

const withStudent = (student: object, rest: Partial<Candidate['attributes']> = {}) =>
  candidate({ ...rest, student: { data: { id: 5, attributes: student } } });

describe('candidate details', () => {
  it('the name is name and surname, else "Estudiante"', () => {
    expect(
      getCandidateName(
        withStudent({ user: { data: { id: 1, attributes: { name: 'Lucía', surname: 'Gil' } } } }),
      ),
    ).toBe('Lucía Gil');
    expect(
      getCandidateName(withStudent({ user: { data: { id: 1, attributes: { name: ' ' } } } })),
    ).toBe('Estudiante');
  });

  it('studies come from the catalogue, else from what the student wrote under "Otra"', () => {
    expect(
      getCandidateStudies(
        withStudent({
          degree: { data: { id: 1, attributes: { name: 'Grado en Biología' } } },
          other_university: 'Universidad del Mar',
          university: { data: null },
        }),
      ),
    ).toEqual({ degree: 'Grado en Biología', university: 'Universidad del Mar' });
  });

  it('the CV is the file sent, else the link given, else the profile CV; other schemes are refused', () => {
    const file = { data: { id: 2, attributes: { url: '/uploads/cv.pdf' } } };
    expect(getCvUrl(candidate({ CV: file, CV_url: 'https://cv.example.org' }))).toBe(
      '/uploads/cv.pdf',
    );
    expect(getCvUrl(candidate({ CV_url: 'https://cv.example.org' }))).toBe(
      'https://cv.example.org',
    );
    expect(getCvUrl(candidate({ CV_url: 'javascript:alert(1)' }))).toBeNull();
    expect(
      getCvUrl(withStudent({ CV: { data: { id: 3, attributes: { url: 'uploads/p.pdf' } } } })),
    ).toBe('/uploads/p.pdf');
  });
});

describe('getCompetenceBars', () => {
  it('lists the scored sections in questionnaire order with their share of the 0-6 scale', () => {
    expect(getCompetenceBars({ teamwork: 3, flexibility: 6, initiative: 9 })).toEqual([
      { key: 'flexibility', name: 'Flexibilidad', score: 6, percent: 100 },
      { key: 'initiative', name: 'Iniciativa', score: 6, percent: 100 },
      { key: 'teamwork', name: 'Trabajo en equipo', score: 3, percent: 50 },
    ]);
    expect(getCompetenceBars(null)).toEqual([]);
    expect(formatScore(4.25)).toBe('4,3');
  });
});

describe('status lists', () => {
  it('a reviewer never sets "Retirada"', () => {
    expect(REVIEWER_STATUSES).not.toContain('Retirada');
    expect(REVIEWER_STATUSES).toContain('Seleccionado');
  });

  it('counts and filters by status', () => {
    const list = [
      candidate({ status: 'Enviada' }, 1),
      candidate({ status: 'Seleccionado' }, 2),
      candidate({ status: 'Enviada' }, 3),
    ];
    expect(countByStatus(list)).toEqual({ Enviada: 2, Seleccionado: 1 });
    expect(filterByStatus(list, 'Enviada').map((c) => c.id)).toEqual([1, 3]);
    expect(filterByStatus(list, null)).toHaveLength(3);
  });
});
