import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../../test/api';
import { clearSession } from '../../../lib/session-tokens';
import type { SessionUser } from '../types';
import { getUserDetails } from './get-user-details';

const user = (profileType: SessionUser['profileType']): SessionUser => ({
  id: 7,
  username: 'lucia',
  email: 'estudiante@demo.es',
  name: 'Lucía',
  surname: 'Martínez',
  phone: null,
  profileType,
  confirmed: true,
});

/** The query of the one lookup the details made. */
function lookupQuery(fetchMock: ReturnType<typeof stubApi>): URLSearchParams {
  const calls = fetchMock.mock.calls.map(
    ([input]) =>
      new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost'),
  );
  expect(calls).toHaveLength(1);
  return calls[0]!.searchParams;
}

afterEach(() => clearSession());

describe('getUserDetails: the profile lookup every page makes', () => {
  it('for a student, asks only the ids of her works (not whole works), her province and her university’s name', async () => {
    const fetchMock = stubApi({
      '/api/students': () =>
        jsonResponse({
          data: [
            {
              id: 31,
              attributes: {
                province: 'Murcia',
                university: { data: { id: 2, attributes: { name: 'Universidad de Murcia' } } },
                tfxs: { data: [{ id: 44, attributes: {} }] },
              },
            },
          ],
          meta: {},
        }),
    });
    const details = await getUserDetails(user('student'));
    const query = lookupQuery(fetchMock);
    expect(Object.fromEntries(query)).toEqual({
      'filters[user][id][$eq]': '7',
      'fields[0]': 'province',
      'populate[university][fields][0]': 'name',
      'populate[tfxs][fields][0]': 'id',
      publicationState: 'preview',
    });
    expect(details).toMatchObject({
      profileId: 31,
      province: 'Murcia',
      university: { id: 2, name: 'Universidad de Murcia' },
      tfxs: [{ id: 44 }],
    });
  });

  it('for a teacher and a coordinator, asks only the area, the verification and the names the shell shows', async () => {
    const teacherMock = stubApi({
      '/api/teachers': () =>
        jsonResponse({
          data: [{ id: 5, attributes: { teacher_area: 'Física', verification: 'pending' } }],
        }),
    });
    expect(await getUserDetails(user('teacher'))).toMatchObject({
      teacherArea: 'Física',
      teacherVerification: 'pending',
    });
    expect(Object.fromEntries(lookupQuery(teacherMock))).toEqual({
      'filters[user][id][$eq]': '7',
      'fields[0]': 'teacher_area',
      'fields[1]': 'verification',
      'populate[university][fields][0]': 'name',
      publicationState: 'preview',
    });

    const coordinatorMock = stubApi({
      '/api/coordinators': () =>
        jsonResponse({
          data: [
            {
              id: 9,
              attributes: {
                organization: { data: { id: 3, attributes: { name: 'Cruz Roja' } } },
              },
            },
          ],
        }),
    });
    expect(await getUserDetails(user('coordinator'))).toMatchObject({
      organization: { id: 3, name: 'Cruz Roja' },
    });
    expect(Object.fromEntries(lookupQuery(coordinatorMock))).toEqual({
      'filters[user][id][$eq]': '7',
      'fields[0]': 'id',
      'populate[organization][fields][0]': 'name',
    });
  });
});
