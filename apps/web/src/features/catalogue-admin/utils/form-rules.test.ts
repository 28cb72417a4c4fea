import { CATALOGUE_MESSAGES } from '@plataforma/shared';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../forms/kit/field-errors';
import {
  callFormSchema,
  campusFormSchema,
  CHOOSE_CAMPUS,
  CHOOSE_DEGREE,
  degreeFormSchema,
  refusedField,
  type CallValues,
  type CampusValues,
  type DegreeValues,
} from './form-rules';

const checkCampus = (values: CampusValues) => checkForm(campusFormSchema, values);
const checkDegree = (values: DegreeValues) => checkForm(degreeFormSchema, values);
const checkCall = (values: CallValues) => checkForm(callFormSchema, values);

const REQUIRED = 'Este campo es obligatorio.';

describe('the catalogue forms’ checks', () => {
  it('a campus needs a name and a university; the name is sent tidied', () => {
    expect(checkCampus({ name: '  ', university: '' })).toEqual({
      ok: false,
      errors: { name: REQUIRED, university: REQUIRED },
    });
    expect(checkCampus({ name: ' Facultad  de Derecho ', university: '3' })).toMatchObject({
      ok: true,
      data: { name: 'Facultad de Derecho', university: 3 },
    });
    expect(checkCampus({ name: 'x'.repeat(256), university: '3' })).toMatchObject({
      ok: false,
      errors: { name: 'Longitud máxima alcanzada.' },
    });
  });

  it('a degree needs a name, one to six years and a campus', () => {
    expect(checkDegree({ name: 'Grado', duration: '', master: false, campuses: [] })).toEqual({
      ok: false,
      errors: { name: undefined, duration: REQUIRED, campuses: CHOOSE_CAMPUS },
    });
    expect(
      checkDegree({ name: 'Grado', duration: '7', master: false, campuses: [1] }),
    ).toMatchObject({
      ok: false,
      errors: { duration: CATALOGUE_MESSAGES.duration },
    });
    expect(
      checkDegree({ name: 'Máster', duration: '1', master: true, campuses: [1, 2] }),
    ).toMatchObject({
      ok: true,
      data: { name: 'Máster', duration: 1, master: true, campuses: [1, 2] },
    });
  });

  it('a call needs real days, an end after the start and a degree; an empty description is null', () => {
    const call = {
      name: 'TFG',
      degrees: [4],
      start: '2026-09-01',
      end: '2027-06-30',
      description: ' ',
    };
    expect(checkCall(call)).toMatchObject({
      ok: true,
      data: {
        name: 'TFG',
        degrees: [4],
        academic_period_start: '2026-09-01',
        academic_period_end: '2027-06-30',
        description: null,
      },
    });
    expect(checkCall({ ...call, end: '2026-09-01' })).toMatchObject({
      ok: false,
      errors: { end: CATALOGUE_MESSAGES.periodOrder },
    });
    expect(checkCall({ ...call, start: '31/02/2026', end: '', degrees: [] })).toMatchObject({
      ok: false,
      errors: { start: 'Formato no válido.', end: REQUIRED, degrees: CHOOSE_DEGREE },
    });
  });

  it('a refusal of the API names the form’s field', () => {
    const refusal = (path: string[]) => ({ errors: [{ path, message: 'x' }] });
    expect(refusedField(refusal(['academic_period_end']))).toBe('end');
    expect(refusedField(refusal(['name']))).toBe('name');
    expect(refusedField({})).toBeUndefined();
  });
});
