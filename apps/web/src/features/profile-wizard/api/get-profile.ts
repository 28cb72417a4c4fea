import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { FormValues } from '../../../forms/types';
import type { StudentAttributes, TeacherAttributes, WizardRole } from '../types';
import { toStudentValues, toTeacherValues } from '../utils/profile-values';

/** What each role's record is read with: its path and the relations and component shown. */
export const PROFILE_RECORDS = {
  student: { path: '/api/students', populate: ['university', 'campus', 'degree', 'notification'] },
  teacher: { path: '/api/teachers', populate: ['university', 'campus', 'degrees'] },
} as const satisfies Record<WizardRole, { path: string; populate: string[] }>;

/**
 * `GET /api/students/:id` or `/api/teachers/:id` with its relations: the saved answers, as the
 * wizard's values (so reopening it shows them).
 */
export async function getProfileValues(
  role: WizardRole,
  profileId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FormValues> {
  const { path, populate } = PROFILE_RECORDS[role];
  const query = populate.map((name, index) => `populate[${index}]=${name}`).join('&');
  const answer = await apiRequest<{ data: { attributes: StudentAttributes & TeacherAttributes } }>(
    `${path}/${profileId}?${query}`,
    { signal },
  );
  return role === 'student'
    ? toStudentValues(answer.data.attributes)
    : toTeacherValues(answer.data.attributes);
}

export const profileValuesQueryOptions = (role: WizardRole, profileId: number) =>
  queryOptions({
    queryKey: ['profile-wizard', role, profileId],
    queryFn: ({ signal }) => getProfileValues(role, profileId, { signal }),
  });

export function useProfileValues(role: WizardRole, profileId: number) {
  return useQuery(profileValuesQueryOptions(role, profileId));
}
