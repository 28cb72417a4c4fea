import { describe, expect, it } from 'vitest';
import { homeFor, loginPathReturningTo, safeRedirectTarget } from './redirects';

describe('safeRedirectTarget', () => {
  it.each([
    ['/profile?section=applys', '/profile?section=applys'],
    ['/projects#top', '/projects#top'],
  ])('when the target is a path of this site (%s), it is kept', (target, expected) => {
    expect(safeRedirectTarget(target)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'profile',
    '',
    null,
  ])('when the target is %j, it is ignored', (target) => {
    expect(safeRedirectTarget(target)).toBeNull();
  });
});

describe('homeFor', () => {
  it('sends students and teachers to /projects, coordinators to /organizations, admins to their home /admin (ADR 0066), anyone else to /', () => {
    expect(homeFor('student')).toBe('/projects');
    expect(homeFor('teacher')).toBe('/projects');
    expect(homeFor('coordinator')).toBe('/organizations');
    expect(homeFor('admin')).toBe('/admin');
    expect(homeFor(null)).toBe('/');
    expect(homeFor(undefined)).toBe('/');
  });
});

describe('loginPathReturningTo', () => {
  it('encodes the target in the redirect parameter', () => {
    expect(loginPathReturningTo('/profile?section=tfx')).toBe(
      '/user/auth/login?redirect=%2Fprofile%3Fsection%3Dtfx',
    );
  });
});
