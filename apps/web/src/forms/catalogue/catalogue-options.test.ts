import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/api';
import {
  createCampusOptions,
  getStudentDegreeOptions,
  getTeacherDegreeOptions,
  getUniversityOptions,
} from './catalogue-options';

function namesEnvelope(names: string[], page = 1, pageCount = 1) {
  return {
    data: names.map((name, index) => ({ id: index + 1, attributes: { name } })),
    meta: { pagination: { page, pageSize: 10, pageCount, total: names.length } },
  };
}

/** The decoded path and query of the n-th call of the stubbed fetch. */
function calledUrl(fetchMock: ReturnType<typeof stubApi>, n = 0): string {
  const input = fetchMock.mock.calls[n]?.[0];
  return decodeURIComponent(typeof input === 'string' ? input : '');
}

describe('catalogue option fetchers', () => {
  it('when universities are searched, the call carries page, page size 10 and the search; options are entries (id, name) and more pages are announced', async () => {
    const fetchMock = stubApi({
      '/api/universities/names': () => jsonResponse(namesEnvelope(['Universidad de Murcia'], 2, 3)),
    });
    const page = await getUniversityOptions({ search: ' murcia ', page: 2, values: {} });
    expect(calledUrl(fetchMock)).toBe(
      '/api/universities/names?pagination[page]=2&pagination[pageSize]=10&filters[name][$contains]=murcia',
    );
    expect(page).toEqual({
      options: [{ value: '1', label: 'Universidad de Murcia' }],
      hasMore: true,
    });
  });

  it('when chosen values are asked for, the call finds those ids within the parent filters, in one page', async () => {
    const fetchMock = stubApi({
      '/api/degree/names': () => jsonResponse(namesEnvelope(['Grado en Historia'])),
    });
    const page = await getStudentDegreeOptions({
      search: '',
      page: 1,
      values: { campus: '7' },
      chosen: ['12', 'Otra', '30'],
    });
    expect(calledUrl(fetchMock)).toBe(
      '/api/degree/names?pagination[page]=1&pagination[pageSize]=2&filters[id][$in][0]=12&filters[id][$in][1]=30&filters[campuses][id][$eq]=7',
    );
    expect(page.options).toEqual([{ value: '1', label: 'Grado en Historia' }]);
  });

  it('when there is no search and the last page comes, no name filter is sent and no more pages follow', async () => {
    const fetchMock = stubApi({
      '/api/universities/names': () => jsonResponse(namesEnvelope(['A', 'B'], 1, 1)),
    });
    const page = await getUniversityOptions({ search: '', page: 1, values: {} });
    expect(calledUrl(fetchMock)).not.toContain('filters');
    expect(page.hasMore).toBe(false);
  });

  it('when campuses are asked for, they are filtered by the chosen university id, never its name', async () => {
    const fetchMock = stubApi({
      '/api/campuses/names': () => jsonResponse(namesEnvelope(['Facultad de Informática'])),
    });
    const getCampuses = createCampusOptions({ universityField: 'uni' });
    const page = await getCampuses({ search: '', page: 1, values: { uni: '4' } });
    expect(calledUrl(fetchMock)).toBe(
      '/api/campuses/names?pagination[page]=1&pagination[pageSize]=10&filters[university][id][$eq]=4',
    );
    expect(page.options).toEqual([{ value: '1', label: 'Facultad de Informática' }]);
  });

  it('when no university or "Otra" is chosen, campuses are an empty page without a call', async () => {
    const fetchMock = stubApi({});
    const getCampuses = createCampusOptions();
    expect(await getCampuses({ search: '', page: 1, values: {} })).toEqual({
      options: [],
      hasMore: false,
    });
    expect(await getCampuses({ search: '', page: 1, values: { university: 'Otra' } })).toEqual({
      options: [],
      hasMore: false,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when a student chose Máster and a campus, degrees are filtered by master=true and the campus id', async () => {
    const fetchMock = stubApi({
      '/api/degree/names': () => jsonResponse(namesEnvelope(['Máster en Datos'])),
    });
    await getStudentDegreeOptions({
      search: 'datos',
      page: 1,
      values: { study_type: 'Máster', university: '2', campus: '7' },
    });
    expect(calledUrl(fetchMock)).toBe(
      '/api/degree/names?pagination[page]=1&pagination[pageSize]=10&filters[name][$contains]=datos&filters[master][$eq]=true&filters[campuses][id][$eq]=7',
    );
  });

  it('when a student chose a university but no campus yet, degrees are those of its campuses', async () => {
    const fetchMock = stubApi({ '/api/degree/names': () => jsonResponse(namesEnvelope([])) });
    await getStudentDegreeOptions({
      search: '',
      page: 1,
      values: { study_type: 'Grado', university: '2' },
    });
    expect(calledUrl(fetchMock)).toContain('filters[master][$eq]=false');
    expect(calledUrl(fetchMock)).toContain('filters[campuses][university][id][$eq]=2');
  });

  it('when a student chose Grado only, degrees are filtered by master=false alone', async () => {
    const fetchMock = stubApi({ '/api/degree/names': () => jsonResponse(namesEnvelope([])) });
    await getStudentDegreeOptions({ search: '', page: 1, values: { study_type: 'Grado' } });
    expect(calledUrl(fetchMock)).toContain('filters[master][$eq]=false');
    expect(calledUrl(fetchMock)).not.toContain('campuses');
  });

  it('when the campus or the university is "Otra", the degree page is empty without a call', async () => {
    const fetchMock = stubApi({});
    const args = { search: '', page: 1 };
    for (const values of [{ campus: 'Otra', university: '2' }, { university: 'Otra' }]) {
      expect(await getStudentDegreeOptions({ ...args, values })).toEqual({
        options: [],
        hasMore: false,
      });
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the teacher has not chosen both class type and campus, the degree page is empty without a call', async () => {
    const fetchMock = stubApi({ '/api/degree/names': () => jsonResponse(namesEnvelope(['X'])) });
    const args = { search: '', page: 1 };
    expect(
      (await getTeacherDegreeOptions({ ...args, values: { class_type: 'Grado' } })).options,
    ).toEqual([]);
    expect((await getTeacherDegreeOptions({ ...args, values: { campus: '7' } })).options).toEqual(
      [],
    );
    expect(fetchMock).not.toHaveBeenCalled();
    const page = await getTeacherDegreeOptions({
      ...args,
      values: { class_type: 'Grado', campus: '7' },
    });
    expect(page.options).toEqual([{ value: '1', label: 'X' }]);
    expect(calledUrl(fetchMock)).toContain('filters[master][$eq]=false');
    expect(calledUrl(fetchMock)).toContain('filters[campuses][id][$eq]=7');
  });

  it('when the API fails, the fetcher rejects so the combobox can log it', async () => {
    stubApi({});
    await expect(getUniversityOptions({ search: '', page: 1, values: {} })).rejects.toThrow();
  });
});
