import { describe, expect, it } from 'vitest';
import type { BrandingDraft } from '../types';
import { MAX_LENGTHS, validateBrandingDraft } from './branding-draft';

const valid: BrandingDraft = {
  projectName: 'Plataforma',
  university_name: '',
  origin: '',
  program: '',
  mailTo: '',
  politicsUrl: '',
  logoUrl: '',
  mainfont: 'Montserrat',
  mainColor: '#1226AA',
  secondaryColor: '#fff',
  terciaryColor: '#EEEEEE',
  quaternaryColor: '#000',
  footerColor: '#123456',
};
const errorsOf = (change: Partial<BrandingDraft>) => validateBrandingDraft({ ...valid, ...change });

describe('validateBrandingDraft (spec §5 messages)', () => {
  it('a complete draft has no errors; names, contact and links are optional', () => {
    expect(errorsOf({})).toEqual({});
    expect(
      errorsOf({
        university_name: 'Universidad de Murcia',
        mailTo: ' info@um.es ',
        politicsUrl: '/privacidad',
        logoUrl: 'https://www.um.es/logo.svg',
      }),
    ).toEqual({});
  });

  it('asks for the project’s name, the font and every colour', () => {
    expect(errorsOf({ projectName: ' ', mainfont: '', mainColor: '', footerColor: '  ' })).toEqual({
      projectName: 'Este campo es obligatorio.',
      mainfont: 'Este campo es obligatorio.',
      mainColor: 'Este campo es obligatorio.',
      footerColor: 'Este campo es obligatorio.',
    });
  });

  it('refuses what the API would not store', () => {
    expect(
      errorsOf({
        mailTo: 'info@um',
        politicsUrl: 'www.um.es/privacidad',
        logoUrl: 'javascript:alert(1)',
        mainfont: 'Comic-Sans',
        secondaryColor: 'red',
        terciaryColor: '#12345',
      }),
    ).toEqual({
      mailTo: 'Formato no válido.',
      politicsUrl: 'Formato no válido.',
      logoUrl: 'Formato no válido.',
      mainfont: 'Formato no válido.',
      secondaryColor: 'Formato no válido.',
      terciaryColor: 'Formato no válido.',
    });
  });

  it('holds the texts to their columns', () => {
    expect(errorsOf({ projectName: 'x'.repeat(MAX_LENGTHS.projectName + 1) })).toEqual({
      projectName: 'Longitud máxima alcanzada.',
    });
  });
});
