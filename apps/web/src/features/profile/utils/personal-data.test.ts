import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../forms/kit/field-errors';
import { personalDataSchema, type PersonalData } from './personal-data';
import {
  checkPictureFile,
  PICTURE_NOT_ALLOWED_MESSAGE,
  PICTURE_TOO_BIG_MESSAGE,
} from './picture-file';

const REQUIRED_MESSAGE = 'Este campo es obligatorio.';
const MAX_LENGTH_MESSAGE = 'Longitud máxima alcanzada.';
const INVALID_FORMAT_MESSAGE = 'Formato no válido.';
const validatePersonalData = (values: PersonalData) => checkForm(personalDataSchema, values).errors;

const valid = { name: 'Lucía', surname: 'Martínez', phone: '+34 612 345 678' };

describe('the personal data form (spec §5)', () => {
  it('accepts a complete form, and an empty phone', () => {
    expect(validatePersonalData(valid)).toEqual({});
    expect(validatePersonalData({ ...valid, phone: '' })).toEqual({});
  });

  it('requires name and surname', () => {
    expect(validatePersonalData({ ...valid, name: ' ', surname: '' })).toEqual({
      name: REQUIRED_MESSAGE,
      surname: REQUIRED_MESSAGE,
    });
  });

  it('refuses names over 255 characters', () => {
    expect(validatePersonalData({ ...valid, name: 'a'.repeat(256) }).name).toBe(MAX_LENGTH_MESSAGE);
  });

  it('accepts the phone shapes of spec §5 and refuses others', () => {
    for (const phone of ['612345678', '+34 612 34 56 78', '(968) 123-456', '+1.555.123.4567']) {
      expect(validatePersonalData({ ...valid, phone }).phone, phone).toBeUndefined();
    }
    for (const phone of ['teléfono', '+34 612 345 678 901 234 5', '612-345-678 ext 2']) {
      expect(validatePersonalData({ ...valid, phone }).phone, phone).toBe(INVALID_FORMAT_MESSAGE);
    }
  });

  it('sends trimmed values and null for an emptied phone', () => {
    expect(
      checkForm(personalDataSchema, { name: ' Lucía ', surname: 'Gil ', phone: '  ' }),
    ).toEqual({ ok: true, errors: {}, data: { name: 'Lucía', surname: 'Gil', phone: null } });
  });
});

describe('checkPictureFile (spec §5 allowed types)', () => {
  it('accepts the image types, whatever the case of the extension', () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.webp', 'e.avif', 'f.svg']) {
      expect(checkPictureFile({ name, size: 1000 }), name).toBeUndefined();
    }
  });

  it('refuses other types with the spec message listing the accepted ones', () => {
    expect(checkPictureFile({ name: 'cv.pdf', size: 10 })).toBe(PICTURE_NOT_ALLOWED_MESSAGE);
    expect(checkPictureFile({ name: 'foto', size: 10 })).toBe(PICTURE_NOT_ALLOWED_MESSAGE);
    expect(PICTURE_NOT_ALLOWED_MESSAGE).toBe(
      'Archivo no permitido. Solo se aceptan: png, jpg, jpeg, webp, avif, svg',
    );
  });

  it('refuses images of 15MB or more', () => {
    expect(checkPictureFile({ name: 'a.png', size: 16 * 1024 * 1024 })).toBe(
      PICTURE_TOO_BIG_MESSAGE,
    );
  });
});
