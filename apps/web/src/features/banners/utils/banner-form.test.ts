import { describe, expect, it } from 'vitest';
import {
  BANNER_LIMITS,
  EMPTY_BANNER_FORM,
  END_BEFORE_START_MESSAGE,
  MAX_LENGTH_MESSAGE,
  PATTERN_MESSAGE,
  REQUIRED_MESSAGE,
  fromLocalInput,
  toBannerInput,
  toFormValues,
  toLocalInput,
  validateBannerForm,
  type BannerFormValues,
} from './banner-form';

const valid: BannerFormValues = {
  title: 'Candidaturas abiertas',
  message: 'Hasta el 31/3/2024.',
  linkUrl: '/projects',
  linkLabel: 'Ver proyectos',
  placements: [
    { path: '/estudiantes', audiences: [] },
    { path: '/projects', audiences: ['teacher'] },
  ],
  startsAt: '2024-02-05T00:00',
  endsAt: '2024-03-31T23:59',
  isPublished: true,
};

describe('validateBannerForm (spec §5 messages)', () => {
  it('a complete form has no errors', () => {
    expect(validateBannerForm(valid)).toEqual({});
  });

  it('the empty form asks for the title, the message and the end', () => {
    expect(validateBannerForm(EMPTY_BANNER_FORM)).toEqual({
      title: REQUIRED_MESSAGE,
      message: REQUIRED_MESSAGE,
      endsAt: REQUIRED_MESSAGE,
    });
  });

  it.each<[string, Partial<BannerFormValues>, Record<string, unknown>]>([
    ['a title of spaces', { title: '   ' }, { title: REQUIRED_MESSAGE }],
    ['a title over 120 characters', { title: 'x'.repeat(121) }, { title: MAX_LENGTH_MESSAGE }],
    [
      'a message over 500 characters',
      { message: 'x'.repeat(501) },
      { message: MAX_LENGTH_MESSAGE },
    ],
    ['a javascript: link', { linkUrl: 'javascript:alert(1)' }, { linkUrl: PATTERN_MESSAGE }],
    ['a protocol-relative link', { linkUrl: '//evil.example' }, { linkUrl: PATTERN_MESSAGE }],
    ['a link without its text', { linkLabel: '' }, { linkLabel: REQUIRED_MESSAGE }],
    ['a link text without a link', { linkUrl: '' }, { linkUrl: REQUIRED_MESSAGE }],
    ['no placement', { placements: [] }, { placements: REQUIRED_MESSAGE }],
    [
      'a path without its slash and an empty one',
      {
        placements: [
          { path: 'projects', audiences: [] },
          { path: ' ', audiences: [] },
        ],
      },
      { paths: { 0: PATTERN_MESSAGE, 1: REQUIRED_MESSAGE } },
    ],
    [
      'an end equal to the start',
      { endsAt: '2024-02-05T00:00' },
      { endsAt: END_BEFORE_START_MESSAGE },
    ],
    [
      'an end before the start',
      { endsAt: '2024-01-05T00:00' },
      { endsAt: END_BEFORE_START_MESSAGE },
    ],
    ['an end that is not a date', { endsAt: 'mañana' }, { endsAt: PATTERN_MESSAGE }],
  ])('%s gives its message', (_case, change, expected) => {
    expect(validateBannerForm({ ...valid, ...change })).toEqual(expected);
  });

  it('without a start, any end is fine (shown from publication)', () => {
    expect(validateBannerForm({ ...valid, startsAt: '', endsAt: '2000-01-01T00:00' })).toEqual({});
  });

  it('words the schema’s refusals by the kit’s table, at the position of each path', () => {
    expect(
      validateBannerForm({
        ...valid,
        placements: [
          { path: '/projects', audiences: [] },
          { path: `/${'a'.repeat(BANNER_LIMITS.path)}`, audiences: [] },
        ],
      }),
    ).toEqual({ paths: { 1: 'Longitud máxima alcanzada.' } });
    expect(
      validateBannerForm({ ...valid, linkLabel: 'x'.repeat(BANNER_LIMITS.linkLabel + 1) }),
    ).toEqual({
      linkLabel: 'Longitud máxima alcanzada.',
    });
  });

  it('checks the link’s halves and the period even while other fields are wrong', () => {
    expect(
      validateBannerForm({ ...valid, title: '', linkUrl: '', endsAt: '2024-01-05T00:00' }),
    ).toEqual({
      title: 'Este campo es obligatorio.',
      linkUrl: 'Este campo es obligatorio.',
      endsAt: END_BEFORE_START_MESSAGE,
    });
  });

  it('a path pattern with /* is accepted', () => {
    expect(
      validateBannerForm({ ...valid, placements: [{ path: '/projects/*', audiences: [] }] }),
    ).toEqual({});
  });
});

describe('toBannerInput', () => {
  it('trims the texts, converts the local dates to ISO and orders the audiences', () => {
    const input = toBannerInput(
      {
        ...valid,
        title: '  Candidaturas abiertas ',
        placements: [{ path: ' /projects ', audiences: ['teacher', 'student'] }],
      },
      { now: Date.parse('2024-01-10T00:00:00Z'), publishedAt: null },
    );
    expect(input).toEqual({
      title: 'Candidaturas abiertas',
      message: 'Hasta el 31/3/2024.',
      linkUrl: '/projects',
      linkLabel: 'Ver proyectos',
      placements: [{ path: '/projects', audiences: ['student', 'teacher'] }],
      startsAt: new Date('2024-02-05T00:00').toISOString(),
      endsAt: new Date('2024-03-31T23:59').toISOString(),
      publishedAt: '2024-01-10T00:00:00.000Z',
    });
  });

  it('keeps the original publication time, drops it for a draft, and sends no link when empty', () => {
    const kept = toBannerInput(valid, { now: 0, publishedAt: '2023-12-01T00:00:00.000Z' });
    expect(kept.publishedAt).toBe('2023-12-01T00:00:00.000Z');
    const draft = toBannerInput(
      { ...valid, isPublished: false, linkUrl: '', linkLabel: '', startsAt: '' },
      { now: 0, publishedAt: '2023-12-01T00:00:00.000Z' },
    );
    expect(draft).toMatchObject({
      publishedAt: null,
      linkUrl: null,
      linkLabel: null,
      startsAt: null,
    });
  });
});

describe('local date inputs', () => {
  it('round-trip a time to the minute in the browser time zone', () => {
    const time = new Date(2024, 2, 31, 23, 59).getTime();
    expect(toLocalInput(time)).toBe('2024-03-31T23:59');
    expect(fromLocalInput('2024-03-31T23:59')).toBe(time);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('31/03/2024')).toBeNaN();
  });

  it('an edited banner fills the form with its values', () => {
    const values = toFormValues({
      id: 1,
      title: 'T',
      message: 'M',
      link: null,
      placements: [{ path: '/', audiences: ['visitor'] }],
      startsAt: null,
      endsAt: new Date(2024, 0, 31, 23, 59).getTime(),
      isPublished: false,
      publishedAt: null,
      version: 'v',
    });
    expect(values).toEqual({
      title: 'T',
      message: 'M',
      linkUrl: '',
      linkLabel: '',
      placements: [{ path: '/', audiences: ['visitor'] }],
      startsAt: '',
      endsAt: '2024-01-31T23:59',
      isPublished: false,
    });
  });
});
