import { describe, expect, it } from 'vitest';
import { KINDS } from './kinds';
import { hasFilters, readFilters, readPage, toStrapiQuery, writeFilters } from './people-params';

const students = KINDS.students;

describe('the URL of a people list', () => {
  it('reads what the kind offers and drops what it cannot be', () => {
    const params = new URLSearchParams(
      'q=%20ana%20&universidad=3&grado=x&etapa=doing&validado=si&publicado=talvez&orden=codigo&pagina=2',
    );
    expect(readFilters(params, students)).toEqual({
      q: 'ana',
      university: 3,
      thesisStage: 'doing',
      validated: 'si',
      sort: 'codigo',
    });
    expect(readPage(params)).toBe(2);
    expect(readPage(new URLSearchParams('pagina=-1'))).toBe(1);
    // Organisations have no university nor stage.
    expect(readFilters(params, KINDS.organizations)).toEqual({ q: 'ana' });
  });

  it('writes the filters back, the page only past the first, the tab kept', () => {
    const filters = { q: 'ana', university: 3, published: 'no' as const };
    expect(writeFilters(filters, 1, { vista: 'coordinadores' }).toString()).toBe(
      'vista=coordinadores&q=ana&universidad=3&publicado=no',
    );
    expect(writeFilters(filters, 3).get('pagina')).toBe('3');
    expect(readFilters(writeFilters(filters), students)).toEqual(filters);
    expect(hasFilters({ sort: 'nombre' })).toBe(false);
    expect(hasFilters(filters)).toBe(true);
  });
});

describe('the API query of a people list', () => {
  it('searches with $or of $containsi, filters, sorts with the id last and lists drafts', () => {
    const query = toStrapiQuery(students, {
      q: 'ana',
      university: 3,
      degree: 9,
      thesisStage: 'doing',
      validated: 'no',
      published: 'no',
      sort: 'apellidos',
    });
    expect(query.get('publicationState')).toBe('preview');
    expect(query.get('filters[$or][0][user][name][$containsi]')).toBe('ana');
    expect(query.get('filters[$or][2][user][email][$containsi]')).toBe('ana');
    expect(query.get('filters[$or][3][primaryKey][$containsi]')).toBe('ana');
    expect(query.get('filters[university][id][$eq]')).toBe('3');
    expect(query.get('filters[degree][id][$eq]')).toBe('9');
    expect(query.get('filters[thesis_stage][$eq]')).toBe('doing');
    expect(query.get('filters[validated][$eq]')).toBe('false');
    expect(query.get('filters[publishedAt][$null]')).toBe('true');
    expect(query.getAll('sort[0]')).toEqual(['user.surname:asc']);
    expect(query.get('sort[2]')).toBe('id:asc');
    // Never the DNI nor the disability: only the fields a list shows are asked for.
    expect([...query.values()]).not.toContain('dni');
    expect([...query.values()]).not.toContain('disability');
  });

  it('filters a teacher by any of their degrees, and organisations without drafts', () => {
    expect(toStrapiQuery(KINDS.teachers, { degree: 9 }).get('filters[degrees][id][$eq]')).toBe('9');
    const organizations = toStrapiQuery(KINDS.organizations, {}, { withSort: false });
    expect(organizations.has('publicationState')).toBe(false);
    expect(organizations.has('sort[0]')).toBe(false);
  });
});
