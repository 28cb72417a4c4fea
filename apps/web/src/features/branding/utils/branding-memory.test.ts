import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '../defaults';
import { BRANDING_MEMORY_KEY, recallBranding, rememberBranding } from './branding-memory';

afterEach(() => {
  localStorage.removeItem(BRANDING_MEMORY_KEY);
});

describe('the branding of the last visit', () => {
  it('on a first visit there is none', () => {
    expect(recallBranding()).toBeUndefined();
  });

  it('a remembered answer comes back as the app reads it, invalid values replaced by the defaults', () => {
    rememberBranding({ projectName: 'Campus Solidario', mainColor: 'no es un color' });
    expect(recallBranding()).toEqual({
      ...DEFAULT_BRANDING,
      projectName: 'Campus Solidario',
    });
  });

  it('"none configured" is remembered as the defaults', () => {
    rememberBranding(null);
    expect(recallBranding()).toEqual(DEFAULT_BRANDING);
  });

  it('stored text that is not a branding is ignored', () => {
    localStorage.setItem(BRANDING_MEMORY_KEY, '[1,2]');
    expect(recallBranding()).toBeUndefined();
    localStorage.setItem(BRANDING_MEMORY_KEY, '{no es json');
    expect(recallBranding()).toBeUndefined();
  });
});
