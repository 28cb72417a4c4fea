import { describe, expect, it } from 'vitest';
import type { FormItem } from '../types';
import { PHONE_PATTERN, PROFILE_PHONE_PATTERN } from '@plataforma/shared';
import { FORM_MESSAGES } from './messages';
import { getActiveItems, validateItem, validateStep } from './validation';

const text: FormItem = { type: 'text', value: 'name', label: 'Nombre' };

describe('validateItem', () => {
  it('when a required text is empty or blank, says "Este campo es obligatorio."', () => {
    expect(validateItem(text, '', {})).toBe('Este campo es obligatorio.');
    expect(validateItem(text, '   ', {})).toBe('Este campo es obligatorio.');
    expect(validateItem(text, undefined, {})).toBe('Este campo es obligatorio.');
  });

  it('when a required text has an answer, it is valid', () => {
    expect(validateItem(text, 'Ana', {})).toBeUndefined();
  });

  it('when the item is optional and empty, it is valid', () => {
    expect(validateItem({ ...text, optional: true }, '', {})).toBeUndefined();
  });

  it('when a required checkbox is unchecked, says "Aceptar este campo es obligatorio."', () => {
    const terms: FormItem = { type: 'checkbox', value: 'terms', label: 'Acepto' };
    expect(validateItem(terms, false, {})).toBe('Aceptar este campo es obligatorio.');
    expect(validateItem(terms, undefined, {})).toBe('Aceptar este campo es obligatorio.');
    expect(validateItem(terms, true, {})).toBeUndefined();
  });

  it('when the item is information, it is never required', () => {
    expect(validateItem({ type: 'information', value: 'info' }, undefined, {})).toBeUndefined();
  });

  it('when the condition fails, the hidden item is never invalid', () => {
    const hidden: FormItem = { ...text, condition: (values) => values.show === true };
    expect(validateItem(hidden, '', { show: false })).toBeUndefined();
    expect(validateItem(hidden, '', { show: true })).toBe(FORM_MESSAGES.required);
  });

  it('when the text does not match the pattern, says "Formato no válido."', () => {
    const code: FormItem = { ...text, pattern: '^[A-Z]{3}$' };
    expect(validateItem(code, 'abc', {})).toBe('Formato no válido.');
    expect(validateItem(code, 'ABC', {})).toBeUndefined();
    expect(validateItem({ ...text, pattern: /^\d+$/ }, '12a', {})).toBe('Formato no válido.');
  });

  it('when the text is longer than maxLength, says "Longitud máxima alcanzada."', () => {
    const short: FormItem = { type: 'textarea', value: 'about', maxLength: 5 };
    expect(validateItem(short, '123456', {})).toBe('Longitud máxima alcanzada.');
    expect(validateItem(short, '12345', {})).toBeUndefined();
  });

  it('when a multiple has more choices than maxLength, says "Longitud máxima alcanzada."', () => {
    const tags: FormItem = { type: 'multiple', value: 'tags', maxLength: 2 };
    expect(validateItem(tags, ['a', 'b', 'c'], {})).toBe(FORM_MESSAGES.maxLength);
    expect(validateItem(tags, ['a', 'b'], {})).toBeUndefined();
    expect(validateItem(tags, [], {})).toBe(FORM_MESSAGES.required);
  });

  it('when a number is negative or not a number, says "Formato no válido."; 0 and decimals pass', () => {
    const hours: FormItem = { type: 'number', value: 'hours' };
    expect(validateItem(hours, -1, {})).toBe(FORM_MESSAGES.pattern);
    expect(validateItem(hours, 'abc', {})).toBe(FORM_MESSAGES.pattern);
    expect(validateItem(hours, 0, {})).toBeUndefined();
    expect(validateItem(hours, 2.5, {})).toBeUndefined();
    expect(validateItem(hours, undefined, {})).toBe(FORM_MESSAGES.required);
  });

  it('a number item with a range takes the numbers in it, ends included, and says which outside it', () => {
    const hours: FormItem = {
      type: 'number',
      value: 'hours_per_week',
      range: { min: 1, max: 40, integer: true },
    };
    expect(validateItem(hours, 1, {})).toBeUndefined();
    expect(validateItem(hours, 40, {})).toBeUndefined();
    expect(validateItem(hours, 0, {})).toBe('Escribe un número entero entre 1 y 40.');
    expect(validateItem(hours, 41, {})).toBe('Escribe un número entero entre 1 y 40.');
    expect(validateItem(hours, 2.5, {})).toBe('Escribe un número entero entre 1 y 40.');
    expect(validateItem(hours, 'abc', {})).toBe(FORM_MESSAGES.pattern);
    const grade: FormItem = { type: 'number', value: 'qualification', range: { min: 0, max: 10 } };
    expect(validateItem(grade, 7.25, {})).toBeUndefined();
    expect(validateItem(grade, -0.5, {})).toBe('Escribe un número entre 0 y 10.');
    expect(validateItem(grade, 10_000, {})).toBe('Escribe un número entre 0 y 10.');
  });

  it('when a month is not MM/yyyy, says "Formato no válido."', () => {
    const month: FormItem = { type: 'month', value: 'release' };
    expect(validateItem(month, '13/2024', {})).toBe(FORM_MESSAGES.pattern);
    expect(validateItem(month, 'marzo', {})).toBe(FORM_MESSAGES.pattern);
    expect(validateItem(month, '03/2024', {})).toBeUndefined();
    expect(validateItem(month, '', {})).toBe(FORM_MESSAGES.required);
  });

  it('when a date is no real day, says "Formato no válido."', () => {
    const date: FormItem = { type: 'date', value: 'deadline' };
    expect(validateItem(date, '31/02/2024', {})).toBe(FORM_MESSAGES.pattern);
    expect(validateItem(date, '2024-02-30', {})).toBe(FORM_MESSAGES.pattern);
    expect(validateItem(date, '2024-02-29', {})).toBeUndefined();
  });

  it('when a phone has letters or too many digits, says "Formato no válido."', () => {
    const phone: FormItem = { type: 'phone', value: 'phone' };
    expect(validateItem(phone, '+34 600 123 456', {})).toBeUndefined();
    expect(validateItem(phone, '600-12-34-56', {})).toBeUndefined();
    expect(validateItem(phone, '600 abc', {})).toBe(FORM_MESSAGES.pattern);
    expect(validateItem(phone, '1234567890123456', {})).toBe(FORM_MESSAGES.pattern);
  });

  it('when a competence has no point chosen, says "Este campo es obligatorio."; 0 is an answer', () => {
    const item: FormItem = { type: 'competence', value: 'q1' };
    expect(validateItem(item, undefined, {})).toBe(FORM_MESSAGES.required);
    expect(validateItem(item, 0, {})).toBeUndefined();
  });

  it('when a file is missing, says "Este campo es obligatorio."', () => {
    const cv: FormItem = { type: 'file', value: 'cv' };
    expect(validateItem(cv, undefined, {})).toBe(FORM_MESSAGES.required);
    expect(validateItem(cv, { id: 1, name: 'cv.pdf', size: 10 }, {})).toBeUndefined();
  });
});

describe('phone patterns of spec §5', () => {
  it('the general pattern takes an optional prefix plus up to 15 digits, spaces, dots or hyphens', () => {
    expect(PHONE_PATTERN.test('+34 600.123.456')).toBe(true);
    expect(PHONE_PATTERN.test('(91) 123')).toBe(false);
  });

  it('the profile pattern also takes a parenthesised area code', () => {
    expect(PROFILE_PHONE_PATTERN.test('+34 (91) 123 45 67')).toBe(true);
    expect(PROFILE_PHONE_PATTERN.test('(91) 1234567')).toBe(true);
    expect(PROFILE_PHONE_PATTERN.test('91) 123')).toBe(false);
    expect(PROFILE_PHONE_PATTERN.test('+34 1234567890123456')).toBe(false);
  });
});

describe('validateStep', () => {
  const university: FormItem = {
    type: 'select',
    value: 'university',
    options: ['UAM', 'Otra'],
    extension: { options: ['Otra'], field: { type: 'text', value: 'university_other' } },
  };

  it('when "Otra" is chosen, its extension field is validated too', () => {
    expect(validateStep([university], { university: 'Otra' })).toEqual({
      university_other: FORM_MESSAGES.required,
    });
    expect(validateStep([university], { university: 'UAM' })).toEqual({});
  });

  it('when items are hidden or information, only the shown fields report errors', () => {
    const items: FormItem[] = [
      { type: 'information', value: 'intro' },
      text,
      { type: 'text', value: 'other', condition: () => false },
    ];
    expect(validateStep(items, {})).toEqual({ name: FORM_MESSAGES.required });
  });

  it('when "Otra" is among several chosen values, the extension is active', () => {
    const multi: FormItem = { ...university, type: 'multiple' };
    expect(getActiveItems([multi], { university: ['UAM', 'Otra'] }).map((i) => i.value)).toEqual([
      'university',
      'university_other',
    ]);
  });
});
