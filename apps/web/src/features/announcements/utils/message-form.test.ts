import { ANNOUNCEMENT_MESSAGE_MAX } from '@plataforma/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_MESSAGE, toAnnouncementInput, validateMessage } from './message-form';

const NOW = new Date(2026, 10, 26, 10, 0);
const valid = { ...EMPTY_MESSAGE, subject: 'Jornada de empleo', message: '<p>Os esperamos</p>' };

describe('validateMessage', () => {
  it('asks for a subject and a message with some text', () => {
    expect(validateMessage({ ...EMPTY_MESSAGE, message: '<p> </p>' }, NOW)).toEqual({
      subject: 'Este campo es obligatorio.',
      message: 'Este campo es obligatorio.',
    });
    expect(validateMessage(valid, NOW)).toEqual({});
  });

  it('a subject past 255 characters is too long', () => {
    expect(validateMessage({ ...valid, subject: 'a'.repeat(256) }, NOW).subject).toBe(
      'Longitud máxima alcanzada.',
    );
  });

  it('words the schema’s refusals by the kit’s table', () => {
    expect(validateMessage({ ...valid, subject: '   ' }, NOW).subject).toBe(
      'Este campo es obligatorio.',
    );
    expect(
      validateMessage({ ...valid, message: `<p>${'a'.repeat(ANNOUNCEMENT_MESSAGE_MAX)}</p>` }, NOW)
        .message,
    ).toBe('Longitud máxima alcanzada.');
  });

  it('sent now, the moment in the fields is not checked', () => {
    expect(validateMessage({ ...valid, when: 'now', sendAt: '2026-11-26T25:00' }, NOW)).toEqual({});
  });

  it('a scheduled send needs a moment to come', () => {
    const later = { ...valid, when: 'later' as const };
    expect(validateMessage({ ...later, sendAt: '' }, NOW).sendAt).toBe(
      'Este campo es obligatorio.',
    );
    expect(validateMessage({ ...later, sendAt: '2026-11-26T25:00' }, NOW).sendAt).toBe(
      'Formato no válido.',
    );
    expect(validateMessage({ ...later, sendAt: '2026-11-26T09:59' }, NOW).sendAt).toBe(
      'Elige un momento que aún no haya pasado.',
    );
    expect(validateMessage({ ...later, sendAt: '2026-11-26T10:30' }, NOW)).toEqual({});
  });
});

describe('toAnnouncementInput', () => {
  it('sends now without sendAt; scheduled, the moment in the browser’s time zone as ISO', () => {
    const audience = { province: { $in: ['Murcia'] } };
    expect(toAnnouncementInput({ ...valid, subject: ' Jornada ' }, audience)).toEqual({
      subject: 'Jornada',
      message: '<p>Os esperamos</p>',
      audience,
      kind: 'u4i_advice',
    });
    const scheduled = toAnnouncementInput(
      { ...valid, kind: 'professional_offers', when: 'later', sendAt: '2026-12-03T10:00' },
      audience,
    );
    expect(scheduled.sendAt).toBe(new Date(2026, 11, 3, 10, 0).toISOString());
    expect(scheduled.kind).toBe('professional_offers');
  });
});
