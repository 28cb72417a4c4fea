import { acceptedBox, chosenId, isoDay, optionalHttpUrl, requiredText } from '@plataforma/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkForm } from './field-errors';

/** The message each field's first refusal gets from the table. */
const errorsOf = (shape: z.ZodRawShape, values: Record<string, unknown>) =>
  checkForm(z.object(shape) as never, values).errors as Record<string, string | undefined>;

describe('the Spanish message table of the form kit', () => {
  it('words every generic refusal in the spec §5 texts, never in zod’s English', () => {
    expect(
      errorsOf(
        {
          empty: requiredText(10),
          blank: requiredText(10),
          long: requiredText(3),
          pattern: z.string().regex(/^\d+$/),
          box: acceptedBox,
          choice: chosenId,
          list: z.array(z.number()).min(1),
          enumerated: z.enum(['a', 'b']),
          day: isoDay,
          link: optionalHttpUrl(100),
          count: z.number().int().min(1).max(6),
          few: z.string().min(3),
        },
        {
          empty: '',
          blank: '   ',
          long: 'abcd',
          pattern: 'x1',
          box: false,
          choice: '',
          list: [],
          enumerated: '',
          day: '2026-02-30',
          link: 'javascript:alert(1)',
          count: 7,
          few: 'ab',
        },
      ),
    ).toEqual({
      empty: 'Este campo es obligatorio.',
      blank: 'Este campo es obligatorio.',
      long: 'Longitud máxima alcanzada.',
      pattern: 'Formato no válido.',
      box: 'Aceptar este campo es obligatorio.',
      choice: 'Este campo es obligatorio.',
      list: 'Elige al menos una opción.',
      enumerated: 'Este campo es obligatorio.',
      day: 'Formato no válido.',
      link: 'Formato no válido.',
      count: 'Escribe un número igual o menor que 6.',
      few: 'Escribe al menos 3 caracteres.',
    });
  });

  it('keeps the message a check carries, and gives the body when nothing is refused', () => {
    expect(errorsOf({ name: z.string().min(1, 'Indica el nombre.') }, { name: '' })).toEqual({
      name: 'Indica el nombre.',
    });
    const checked = checkForm(
      z.object({ name: requiredText(10), university: chosenId, link: optionalHttpUrl(50) }),
      { name: '  Campus Sur ', university: '4', link: '' },
    );
    expect(checked).toEqual({
      ok: true,
      errors: {},
      data: { name: 'Campus Sur', university: 4, link: null },
    });
  });
});
