import { describe, expect, it } from 'vitest';
import type { Banner } from '../types';
import { isWithinWindow, matchesAudience, matchesPath, visibleBanners } from './banner-visibility';

const at = (iso: string) => Date.parse(iso);

/** The student campaign of spec §2: /estudiantes for everyone, /projects for teachers only. */
const studentBanner: Banner = {
  id: 2,
  title: 'Candidaturas abiertas',
  message: 'Hasta el 31/3/2024',
  link: null,
  placements: [
    { path: '/estudiantes', audiences: [] },
    { path: '/projects', audiences: ['teacher'] },
  ],
  startsAt: at('2024-02-05T00:00:00+01:00'),
  endsAt: at('2024-03-31T23:59:59+02:00'),
  isPublished: true,
  publishedAt: '2024-01-01T00:00:00.000Z',
  version: 'v1',
};

/** The company call: / and /organizaciones until 31 Jan 2024, no start. */
const companyBanner: Banner = {
  ...studentBanner,
  id: 1,
  title: 'Convocatoria para empresas',
  placements: [
    { path: '/', audiences: [] },
    { path: '/organizaciones', audiences: [] },
  ],
  startsAt: null,
  endsAt: at('2024-01-31T23:59:59+01:00'),
};

describe('isWithinWindow', () => {
  it.each([
    ['one millisecond before the start', '2024-02-04T23:59:59.999+01:00', false],
    ['exactly at the start', '2024-02-05T00:00:00+01:00', true],
    ['in the middle', '2024-03-01T12:00:00+01:00', true],
    ['at the last second of the end day', '2024-03-31T23:59:59+02:00', true],
    ['one second after the end', '2024-04-01T00:00:00+02:00', false],
  ])('%s, the student banner is in its window: %s', (_case, now, expected) => {
    expect(isWithinWindow(studentBanner, at(now))).toBe(expected);
  });

  it('without a start, a banner is in its window at any time before its end', () => {
    expect(isWithinWindow(companyBanner, at('2000-01-01T00:00:00Z'))).toBe(true);
    expect(isWithinWindow(companyBanner, at('2024-02-01T00:00:00+01:00'))).toBe(false);
  });
});

describe('matchesPath', () => {
  it.each([
    ['/', '/', true],
    ['/', '/estudiantes', false],
    ['/projects', '/projects', true],
    ['/projects', '/projects/', true],
    ['/projects', '/Projects', true],
    ['/projects', '/projects/create', false],
    ['/projects', '/projectsx', false],
    ['/projects/*', '/projects', true],
    ['/projects/*', '/projects/create', true],
    ['/projects/*', '/projectsx', false],
    ['/*', '/cualquier/ruta', true],
  ])('the pattern %s on %s matches: %s', (pattern, pathname, expected) => {
    expect(matchesPath(pattern, pathname)).toBe(expected);
  });
});

describe('matchesAudience', () => {
  it('a placement without audiences is for everyone, even before the session is known', () => {
    expect(matchesAudience({ audiences: [] }, null)).toBe(true);
    expect(matchesAudience({ audiences: [] }, 'visitor')).toBe(true);
  });

  it('a placement with audiences is only for them, and never for an unknown session', () => {
    expect(matchesAudience({ audiences: ['teacher'] }, 'teacher')).toBe(true);
    expect(matchesAudience({ audiences: ['teacher'] }, 'student')).toBe(false);
    expect(matchesAudience({ audiences: ['teacher'] }, 'visitor')).toBe(false);
    expect(matchesAudience({ audiences: ['teacher'] }, null)).toBe(false);
  });
});

describe('visibleBanners (spec §2 Banners)', () => {
  const all = [companyBanner, studentBanner];
  const idsShown = (
    now: string,
    pathname: string,
    audience: Banner['placements'][0]['audiences'][0] | null,
  ) => visibleBanners(all, { now: at(now), pathname, audience }).map((b) => b.id);

  it('on 15 Jan 2024 the company banner shows on / and /organizaciones, not on /estudiantes', () => {
    expect(idsShown('2024-01-15T10:00:00+01:00', '/', 'visitor')).toEqual([1]);
    expect(idsShown('2024-01-15T10:00:00+01:00', '/organizaciones', 'coordinator')).toEqual([1]);
    expect(idsShown('2024-01-15T10:00:00+01:00', '/estudiantes', 'visitor')).toEqual([]);
  });

  it('on 1 Mar 2024 the student banner shows on /estudiantes to anyone and on /projects to teachers only', () => {
    expect(idsShown('2024-03-01T10:00:00+01:00', '/estudiantes', 'visitor')).toEqual([2]);
    expect(idsShown('2024-03-01T10:00:00+01:00', '/estudiantes', 'student')).toEqual([2]);
    expect(idsShown('2024-03-01T10:00:00+01:00', '/projects', 'teacher')).toEqual([2]);
    expect(idsShown('2024-03-01T10:00:00+01:00', '/projects', 'student')).toEqual([]);
    expect(idsShown('2024-03-01T10:00:00+01:00', '/', 'visitor')).toEqual([]);
  });

  it('on 15 Apr 2024 no banner shows anywhere', () => {
    for (const path of ['/', '/organizaciones', '/estudiantes', '/projects']) {
      expect(idsShown('2024-04-15T10:00:00+02:00', path, 'teacher')).toEqual([]);
    }
  });

  it('an unpublished banner never shows, even inside its window', () => {
    const draft = { ...studentBanner, isPublished: false, publishedAt: null };
    expect(
      visibleBanners([draft], {
        now: at('2024-03-01T10:00:00+01:00'),
        pathname: '/estudiantes',
        audience: 'visitor',
      }),
    ).toEqual([]);
  });
});
