import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RESOURCE_ROOTS } from '../../../entities/resources';
import { apiRequest } from '../../../lib/api-client';
import type { FormValues } from '../../../forms/types';
import type { WizardRole } from '../types';
import { toStudentPayload, toTeacherPayload } from '../utils/profile-values';
import { PROFILE_RECORDS } from './get-profile';

/**
 * Saves the wizard: `PUT /api/students/:id` or `/api/teachers/:id` (`{data}`, the catalogue
 * relations by the ids the options hold), and the phone through `PUT /api/user/me` when it was
 * asked.
 */
export async function saveProfile(role: WizardRole, profileId: number, values: FormValues) {
  const payload = role === 'student' ? toStudentPayload(values) : toTeacherPayload(values);
  await apiRequest(`${PROFILE_RECORDS[role].path}/${profileId}`, {
    method: 'PUT',
    body: { data: payload.data },
  });
  if (payload.phone) {
    await apiRequest('/api/user/me', { method: 'PUT', body: { phone: payload.phone } });
  }
}

/** The save; afterwards the session's details (province, phone) and the saved answers reload. */
export function useSaveProfile(role: WizardRole, profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FormValues) => saveProfile(role, profileId, values),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['session'] }),
        queryClient.invalidateQueries({ queryKey: ['profile-wizard', role, profileId] }),
        // What a student studies and wants decides their recommended projects (ADR 0026).
        queryClient.invalidateQueries({ queryKey: [RESOURCE_ROOTS.projects, 'recommended'] }),
      ]);
    },
  });
}
