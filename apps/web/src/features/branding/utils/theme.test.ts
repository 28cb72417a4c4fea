import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '../defaults';
import { fontStack } from './theme';
import { toBranding, toMenuLogo } from './to-branding';

describe('fontStack', () => {
  it('when the font is not Montserrat, Montserrat is the bundled fallback', () => {
    expect(fontStack('Roboto')).toBe(
      '"Roboto", "Montserrat", "Montserrat Fallback", ui-sans-serif, system-ui, sans-serif',
    );
  });

  it('when the font is Montserrat, it is listed once', () => {
    expect(fontStack('Montserrat')).toBe(
      '"Montserrat", "Montserrat Fallback", ui-sans-serif, system-ui, sans-serif',
    );
  });
});

describe('toBranding', () => {
  it('when attributes are missing, every field takes its default', () => {
    expect(toBranding(undefined)).toEqual(DEFAULT_BRANDING);
    expect(toBranding({})).toEqual(DEFAULT_BRANDING);
  });

  it('when values are empty or invalid, they fall back one by one', () => {
    const branding = toBranding({
      mainColor: 'red; background: url(x)',
      secondaryColor: '#00AA00',
      projectName: '   ',
      mainfont: 'Evil"; font-family: x',
      university_name: 'Universidad de Pruebas',
    });
    expect(branding.mainColor).toBe(DEFAULT_BRANDING.mainColor);
    expect(branding.secondaryColor).toBe('#00AA00');
    expect(branding.projectName).toBe(DEFAULT_BRANDING.projectName);
    expect(branding.mainFont).toBe('Montserrat');
    expect(branding.universityName).toBe('Universidad de Pruebas');
  });
});

describe('toMenuLogo', () => {
  const entry = (url: string | null) => ({
    id: 1,
    attributes: {
      name: 'x',
      menuLogo: { data: url === null ? null : { id: 2, attributes: { url, mime: 'image/png' } } },
    },
  });

  it('picks the first entry that has a logo', () => {
    expect(toMenuLogo({ data: [entry(null), entry('/uploads/a.png')], meta: {} })).toEqual({
      url: '/uploads/a.png',
      alternativeText: null,
      mime: 'image/png',
    });
  });

  it('when no entry has a usable logo, it answers null', () => {
    expect(toMenuLogo({ data: [], meta: {} })).toBeNull();
    expect(toMenuLogo({ data: [entry('javascript:alert(1)')], meta: {} })).toBeNull();
  });
});
