import { describe, expect, it } from 'vitest';
import { applicationsAnswer, impactAnswer, projectsAnswer } from '../../../../test/api';
import { describeFilters } from './format';
import {
  impactOdsTable,
  isEmptyTable,
  monthLabel,
  monthsTable,
  organizationTypesTable,
} from './report-tables';

describe('the charts’ tables', () => {
  it('organisation types: the list’s, then not stated, then projects without organisation', () => {
    const { data } = projectsAnswer({
      organizationTypes: { ONG: 2, none: 1 },
      withoutOrganization: 5,
    });
    const rows = organizationTypesTable(data).rows;
    expect(rows[0]).toEqual({ label: 'ONG', values: [2] });
    expect(rows.slice(-2)).toEqual([
      { label: 'Organización sin tipo indicado', values: [1] },
      { label: 'Sin organización (proyecto del profesorado)', values: [5] },
    ]);
  });

  it('months in Spanish words, two numbers each', () => {
    expect(monthLabel('2026-01')).toBe('enero de 2026');
    expect(
      monthsTable(applicationsAnswer([{ month: '2025-12', applications: 3, selections: 1 }]).data),
    ).toEqual({
      columns: ['Mes', 'Candidaturas', 'Selecciones'],
      rows: [{ label: 'diciembre de 2025', values: [3, 1] }],
    });
  });

  it('the ODS summary: the 17 with their official names and colours', () => {
    const table = impactOdsTable(
      impactAnswer({}, { 13: { projects: 1, selections: 2, hours: 300 } }).data,
    );
    expect(table.rows).toHaveLength(17);
    expect(table.rows[12]).toEqual({
      label: 'ODS 13: Acción por el clima',
      values: [1, 2, 300],
      color: '#3F7E44',
    });
    expect(isEmptyTable(table)).toBe(false);
    expect(isEmptyTable(impactOdsTable(impactAnswer().data))).toBe(true);
  });
});

describe('describeFilters', () => {
  it('says whose figures and which days, in words', () => {
    expect(describeFilters({ university: null, from: null, to: null }, null)).toBe(
      'Todas las universidades, desde el principio',
    );
    expect(
      describeFilters({ university: 2, from: '2026-04-01', to: null }, 'Universidad de Murcia'),
    ).toBe('Universidad de Murcia, desde el 1 de abril de 2026');
    expect(describeFilters({ university: 2, from: '2026-04-01', to: '2026-04-01' }, null)).toBe(
      'Universidad 2, el 1 de abril de 2026',
    );
  });
});
