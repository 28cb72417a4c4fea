import { describe, expect, it } from 'vitest';
import type { Call } from '../types';
import { APPLY_MESSAGES, emptyApplyForm, toApplyBody, validateApplyForm } from './apply-form';

const call = (id: number, name: string, requiresDni: boolean): Call => ({
  id,
  name,
  requiresDni,
  periodStart: null,
  periodEnd: null,
  description: null,
  degrees: [],
});
const CALLS: Call[] = [
  call(1, 'Convocatoria general 2026', false),
  call(2, 'Prácticas con convenio 2026', true),
];

const answered = () => ({
  ...emptyApplyForm(),
  cvFile: { id: 40, name: 'cv.pdf', size: 120.5 },
  interest: 'El impacto en mi barrio',
  motivation: 'Aprender con una organización real',
  goodCandidate: 'He hecho dos proyectos parecidos',
  availability: 'Tardes, 10 horas a la semana',
});

describe('validateApplyForm', () => {
  it('an empty form asks for the CV and the four answers', () => {
    expect(validateApplyForm(emptyApplyForm(), CALLS)).toEqual({
      cvFile: APPLY_MESSAGES.cv,
      interest: APPLY_MESSAGES.required,
      motivation: APPLY_MESSAGES.required,
      goodCandidate: APPLY_MESSAGES.required,
      availability: APPLY_MESSAGES.required,
    });
  });

  it('a CV link must be an http(s) URL; the optional video too when given', () => {
    const values = {
      ...answered(),
      cvMode: 'url' as const,
      cvUrl: 'javascript:alert(1)',
      video: 'vídeo',
    };
    expect(validateApplyForm(values, CALLS)).toEqual({
      cvUrl: APPLY_MESSAGES.url,
      video: APPLY_MESSAGES.url,
    });
    expect(
      validateApplyForm({ ...values, cvUrl: 'https://cv.example.org/ana.pdf', video: '' }, CALLS),
    ).toEqual({});
  });

  it('the DNI is asked only under a call that requires it, and must look like a DNI or NIE', () => {
    expect(validateApplyForm({ ...answered(), callId: '1' }, CALLS)).toEqual({});
    expect(validateApplyForm({ ...answered(), callId: '2' }, CALLS)).toEqual({
      dni: APPLY_MESSAGES.required,
    });
    expect(validateApplyForm({ ...answered(), callId: '2', dni: '1234' }, CALLS)).toEqual({
      dni: APPLY_MESSAGES.dni,
    });
    expect(validateApplyForm({ ...answered(), callId: '2', dni: 'X1234567L' }, CALLS)).toEqual({});
  });
});

describe('toApplyBody', () => {
  it('sends the uploaded CV id, the answers and no call or DNI when none was chosen', () => {
    expect(toApplyBody(answered(), { studentId: 31, projectId: 7, calls: CALLS })).toEqual({
      student: 31,
      project: 7,
      CV: 40,
      interest: 'El impacto en mi barrio',
      motivation: 'Aprender con una organización real',
      good_candidate: 'He hecho dos proyectos parecidos',
      availability: 'Tardes, 10 horas a la semana',
    });
  });

  it('with a link, the call and its DNI: CV_url, call id and the DNI in capitals', () => {
    const body = toApplyBody(
      {
        ...answered(),
        cvMode: 'url',
        cvUrl: ' https://cv.example.org/ana ',
        video: 'https://video.example.org/1',
        callId: '2',
        dni: '12345678z',
      },
      { studentId: 31, projectId: 7, calls: CALLS },
    );
    expect(body).toMatchObject({
      CV_url: 'https://cv.example.org/ana',
      video: 'https://video.example.org/1',
      call: 2,
      dni: '12345678Z',
    });
    expect(body).not.toHaveProperty('CV');
  });
});
