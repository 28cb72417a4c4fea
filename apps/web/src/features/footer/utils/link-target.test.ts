import { describe, expect, it } from 'vitest';
import { isSameAddress, linkTarget, mailtoOf } from './link-target';

describe('linkTarget', () => {
  it.each([
    ['/projects', { kind: 'route', to: '/projects' }],
    ['/register?profile=student', { kind: 'route', to: '/register?profile=student' }],
    ['https://www.linkedin.com/', { kind: 'external', href: 'https://www.linkedin.com/' }],
    ['mailto:hola@example.org', { kind: 'email', href: 'mailto:hola@example.org' }],
    ['tel:+34 600 000 000', { kind: 'phone', href: 'tel:+34 600 000 000' }],
  ])('%s is a %o', (url, expected) => {
    expect(linkTarget(url)).toEqual(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>',
    '//evil.example',
    '/\\evil.example',
    'projects',
    'tel:llámame',
    '',
    null,
    undefined,
  ])('%j is never a link', (url) => {
    expect(linkTarget(url)).toBeNull();
  });
});

describe('mailtoOf and isSameAddress', () => {
  it('a contact e-mail becomes a mailto: link; anything else gives none', () => {
    expect(mailtoOf(' hola@example.org ')).toBe('mailto:hola@example.org');
    expect(mailtoOf('no es un correo')).toBeNull();
    expect(mailtoOf('javascript:a@b')).toBeNull();
    expect(mailtoOf(null)).toBeNull();
  });

  it('addresses that differ only in case or a trailing slash are the same', () => {
    expect(isSameAddress('/Privacidad/', '/privacidad')).toBe(true);
    expect(isSameAddress('/privacidad', '/cookies')).toBe(false);
  });
});
