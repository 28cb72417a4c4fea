import { describe, expect, it } from 'vitest';
import { findCurrentHref } from './current-link';

const PROFILE_LINKS = [
  '/profile',
  '/profile?section=applys',
  '/profile?section=notifications',
  '/projects',
  '/projects/create',
];

describe('findCurrentHref', () => {
  it('on /profile without a section, the current link is "/profile"', () => {
    expect(findCurrentHref(PROFILE_LINKS, { pathname: '/profile', search: '' })).toBe('/profile');
  });

  it('on a profile section, the section link wins over "/profile"', () => {
    expect(
      findCurrentHref(PROFILE_LINKS, { pathname: '/profile', search: '?section=notifications' }),
    ).toBe('/profile?section=notifications');
  });

  it('on a section no link names, "/profile" is current', () => {
    expect(findCurrentHref(PROFILE_LINKS, { pathname: '/profile', search: '?section=tfx' })).toBe(
      '/profile',
    );
  });

  it('a deeper path does not make its parent current', () => {
    expect(findCurrentHref(PROFILE_LINKS, { pathname: '/projects/create', search: '' })).toBe(
      '/projects/create',
    );
    expect(findCurrentHref(['/projects'], { pathname: '/projects/42', search: '' })).toBeNull();
  });

  it('a trailing slash and extra query values still match', () => {
    expect(findCurrentHref(PROFILE_LINKS, { pathname: '/projects/', search: '?page=2' })).toBe(
      '/projects',
    );
  });

  it('a page no link points to has no current link', () => {
    expect(findCurrentHref(PROFILE_LINKS, { pathname: '/', search: '' })).toBeNull();
  });
});
