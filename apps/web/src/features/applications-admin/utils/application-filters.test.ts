import { describe, expect, it } from 'vitest';
import {
  exportFileName,
  hasFilters,
  readFilters,
  readPage,
  toStrapiFilters,
  writeFilters,
} from './application-filters';

describe('readFilters', () => {
  it('keeps known statuses, trimmed texts and real days; drops the rest', () => {
    const params = new URLSearchParams({
      status: 'En revisión',
      project: '  agua ',
      organization: '   ',
      university: 'Murcia',
      degree: 'Informática',
      from: '2026-02-30',
      to: '2026-11-05',
      other: 'x',
    });
    expect(readFilters(params)).toEqual({
      status: 'En revisión',
      project: 'agua',
      university: 'Murcia',
      degree: 'Informática',
      to: '2026-11-05',
    });
    expect(readFilters(new URLSearchParams('status=Aceptada'))).toEqual({});
  });

  it('reads the page as a positive integer, 1 otherwise', () => {
    expect(readPage(new URLSearchParams('page=3'))).toBe(3);
    expect(readPage(new URLSearchParams('page=0'))).toBe(1);
    expect(readPage(new URLSearchParams('page=abc'))).toBe(1);
    expect(readPage(new URLSearchParams())).toBe(1);
  });
});

describe('writeFilters', () => {
  it('writes only the filters with a value, and never a page', () => {
    expect(
      writeFilters({ status: 'Seleccionado', project: ' ', from: '2026-01-01' }).toString(),
    ).toBe('status=Seleccionado&from=2026-01-01');
  });

  it('round-trips with readFilters', () => {
    const filters = { status: 'Suplente', organization: 'Fundación', to: '2026-12-31' } as const;
    expect(readFilters(writeFilters(filters))).toEqual(filters);
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters({})).toBe(false);
  });
});

describe('toStrapiFilters', () => {
  it('maps each filter to its Strapi operator and the dates to whole local days', () => {
    const entries = Object.fromEntries(
      toStrapiFilters({
        status: 'Enviada',
        project: 'agua',
        organization: 'Horizonte',
        university: 'Murcia',
        degree: 'Derecho',
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    );
    expect(entries).toEqual({
      'filters[status][$eq]': 'Enviada',
      'filters[project][title][$containsi]': 'agua',
      'filters[project][organization][name][$containsi]': 'Horizonte',
      'filters[student][university][name][$containsi]': 'Murcia',
      'filters[student][degree][name][$containsi]': 'Derecho',
      'filters[createdAt][$gte]': new Date(2026, 10, 1).toISOString(),
      'filters[createdAt][$lt]': new Date(2026, 11, 1).toISOString(),
    });
  });

  it('sends nothing without filters', () => {
    expect(toStrapiFilters({})).toEqual([]);
  });
});

describe('exportFileName', () => {
  it('names the file after the local day', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 30))).toBe('candidaturas-2026-01-05.csv');
  });
});
