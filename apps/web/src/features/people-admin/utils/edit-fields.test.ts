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

  it("a teacher's degrees start as the ids of the populated ones and are sent whole when they change", () => {
    const teacher: PersonRow = {
      id: 4,
      name: 'Marta López',
      email: 'marta@um.es',
      attributes: {
        teacher_area: 'Didáctica',
        class_type: 'Grado',
        degrees: {
          data: [
            { id: 30, attributes: { name: 'Primaria' } },
            { id: 31, attributes: { name: 'Secundaria' } },
          ],
        },
      },
      links: { university: 1 },
      cells: {},
    };
    const before = initialValues('teachers', teacher);
    expect(before.degrees).toEqual([30, 31]);
    // The same degrees in another order are no change.
    expect(changedData('teachers', before, { ...before, degrees: [31, 30] })).toEqual({});
    expect(changedData('teachers', before, { ...before, degrees: [31] })).toEqual({
      degrees: [31],
    });
    expect(changedData('teachers', before, { ...before, degrees: [] })).toEqual({ degrees: [] });
  });
});
