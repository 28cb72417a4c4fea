import { describe, expect, it } from 'vitest';
import { apiQueryOf, readReportFilters, writeReportFilters } from './report-filters';

describe('the dashboard filters in the address', () => {
  it('reads a university, a start and an end, and writes them back in the same words', () => {
    const params = new URLSearchParams('universidad=3&desde=2026-01-01&hasta=2026-06-30');
    const filters = readReportFilters(params);
    expect(filters).toEqual({ university: 3, from: '2026-01-01', to: '2026-06-30' });
    expect(writeReportFilters(filters).toString()).toBe(params.toString());
    expect(apiQueryOf(filters)).toBe('university=3&from=2026-01-01&to=2026-06-30');
  });

  it('leaves out what the API would refuse: no id, no real day, an end before the start', () => {
    expect(
      readReportFilters(new URLSearchParams('universidad=murcia&desde=2026-02-30&hasta=ayer')),
    ).toEqual({ university: null, from: null, to: null });
    expect(readReportFilters(new URLSearchParams('universidad=0'))).toMatchObject({
      university: null,
    });
    expect(readReportFilters(new URLSearchParams('desde=2026-06-30&hasta=2026-06-01'))).toEqual({
      university: null,
      from: '2026-06-30',
      to: null,
    });
  });

  it('without filters the calls carry no query', () => {
    const none = readReportFilters(new URLSearchParams(''));
    expect(writeReportFilters(none).toString()).toBe('');
    expect(apiQueryOf(none)).toBe('');
  });
});
