import { describe, expect, it } from 'vitest';
import type { ResourceFormValues } from '../types';
import { RESOURCE_LIMITS, emptyResourceForm, validateResourceForm } from './resource-form';

const PICTURE = {
  id: 7,
  url: '/uploads/guia.png',
  smallUrl: null,
  alt: '',
  width: 800,
  height: 600,
};
const valid: ResourceFormValues = {
  ...emptyResourceForm(),
  title: 'Guía para el TFG',
  introduction: 'Cómo empezar.',
  link: 'https://example.org/guia',
};
const errorsOf = (change: Partial<ResourceFormValues>) =>
  validateResourceForm({ ...valid, ...change });

describe('validateResourceForm (spec §5 texts)', () => {
  it('a complete form has no errors; the link, topics and picture are optional', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ link: '  ' })).toEqual({});
  });

  it('asks for the title and the introduction', () => {
    expect(errorsOf({ title: '  ', introduction: '' })).toEqual({
      title: 'Este campo es obligatorio.',
      introduction: 'Este campo es obligatorio.',
    });
  });

  it('holds every text to its column', () => {
    expect(
      errorsOf({
        title: 'x'.repeat(RESOURCE_LIMITS.title + 1),
        introduction: 'x'.repeat(RESOURCE_LIMITS.introduction + 1),
        link: `https://example.org/${'a'.repeat(RESOURCE_LIMITS.link)}`,
        picture: PICTURE,
        pictureAlt: 'x'.repeat(RESOURCE_LIMITS.pictureAlt + 1),
      }),
    ).toEqual({
      title: 'Longitud máxima alcanzada.',
      introduction: 'Longitud máxima alcanzada.',
      link: 'Longitud máxima alcanzada.',
      pictureAlt: 'Longitud máxima alcanzada.',
    });
  });

  it('says too many topics or purposes as the form always has', () => {
    const tooMany = Array.from({ length: RESOURCE_LIMITS.labels + 1 }, (_, i) => `t${i}`);
    expect(errorsOf({ tags: tooMany, purposes: tooMany })).toEqual({
      tags: 'Longitud máxima alcanzada.',
      purposes: 'Longitud máxima alcanzada.',
    });
  });

  it.each(['javascript:alert(1)', 'ftp://example.org', 'example.org'])(
    'refuses the link %j as the API would',
    (link) => expect(errorsOf({ link }).link).toBe('Formato no válido.'),
  );
});
