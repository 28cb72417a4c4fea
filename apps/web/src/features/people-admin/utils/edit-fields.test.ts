import { describe, expect, it } from 'vitest';
import type { PersonRow } from '../types';
import { changedData, initialValues, missingFields } from './edit-fields';

const student: PersonRow = {
  id: 5,
  name: 'Ana Ruiz',
  email: 'ana@um.es',
  attributes: { thesis_stage: 'doing', validated: false, dni: '12345678Z' },
  links: { university: 1, degree: null },
  cells: {},
};

describe('the edit form of a record', () => {
  it('starts from the row, relations as ids, never with the DNI', () => {
    expect(initialValues('students', student)).toEqual({
      university: '1',
      degree: '',
      thesis_stage: 'doing',
      validated: false,
    });
  });

  it('sends only what changed: an emptied relation as null, a checkbox as a boolean', () => {
    const before = initialValues('students', student);
    expect(
      changedData('students', before, { ...before, university: '', degree: '30', validated: true }),
    ).toEqual({ university: null, degree: 30, validated: true });
    expect(changedData('students', before, before)).toEqual({});
  });

  it('trims text, sends an emptied one as null and asks for an organisation’s name', () => {
    const before = { name: 'Acme', sector: 'Agua' };
    expect(changedData('organizations', before, { name: ' Acme SL ', sector: ' ' })).toEqual({
      name: 'Acme SL',
      sector: null,
    });
    expect(missingFields('organizations', { name: '  ' })).toEqual(['name']);
    expect(missingFields('organizations', { name: 'Acme' })).toEqual([]);
  });
});
