import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCE_ROOTS } from '../../resources';

interface StudentDegreeAnswer {
  data: {
    id: number;
    attributes: { degree?: { data: { id: number; attributes: { name: string } } | null } };
  };
}

/**
 * `GET /api/students/:id` with only the degree: the degree a student studies, so the calls of
 * their degree can be offered first and the final-work form shows it. Null when they have not
 * said.
 */
export async function getStudentDegree(
  studentId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ id: number; name: string } | null> {
  const params = new URLSearchParams({
    'fields[0]': 'id',
    'populate[degree][fields][0]': 'name',
  });
  const answer = await apiRequest<StudentDegreeAnswer>(`/api/students/${studentId}?${params}`, {
    signal,
  });
  const degree = answer.data.attributes.degree?.data;
  return degree ? { id: degree.id, name: degree.attributes.name } : null;
}

export const studentDegreeQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.students, studentId, 'degree'],
    queryFn: ({ signal }) => getStudentDegree(studentId, { signal }),
  });

export function useStudentDegree(studentId: number) {
  return useQuery(studentDegreeQueryOptions(studentId));
}
