import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NamesAnswer } from '@plataforma/shared';
import { RESOURCE_ROOTS } from '../../../entities/resources';
import { apiRequest } from '../../../lib/api-client';
import type { FormValues } from '../../../forms/types';
import type { WizardRole } from '../types';
import { toStudentPayload, toTeacherPayload, type ProfilePayload } from '../utils/profile-values';
import { PROFILE_RECORDS } from './get-profile';

/**
 * The id of the catalogue entry with exactly this name (`GET /api/<catalogue>/names`, ADR 0005),
 * narrowed by its parent's name; null when there is none (nothing is linked then).
 */
async function findCatalogueId(
  path: string,
  name: string,
  parents: { filter: string; name: string | null }[] = [],
): Promise<number | null> {
  const params = [
    `filters[name][$eq]=${encodeURIComponent(name)}`,
    ...parents.flatMap((parent) =>
      parent.name ? [`${parent.filter}=${encodeURIComponent(parent.name)}`] : [],
    ),
    'pagination[pageSize]=10',
  ];
  const answer = await apiRequest<NamesAnswer>(`${path}?${params.join('&')}`);
  return answer.data.find((entry) => entry.attributes.name === name)?.id ?? null;
}

/** The relation names as the ids the update writes. */
async function resolveRelations({ relations }: ProfilePayload) {
  const [university, campus, degrees] = await Promise.all([
    relations.university ? findCatalogueId('/api/universities/names', relations.university) : null,
    relations.campus
      ? findCatalogueId('/api/campuses/names', relations.campus, [
          { filter: 'filters[university][name][$eq]', name: relations.university },
        ])
      : null,
    Promise.all(
      relations.degrees.map((degree) =>
        // Two universities may both have a "Facultad de Informática": the campus is narrowed by
        // its university too.
        findCatalogueId('/api/degree/names', degree, [
          { filter: 'filters[campuses][name][$eq]', name: relations.campus },
          { filter: 'filters[campuses][university][name][$eq]', name: relations.university },
        ]),
      ),
    ),
  ]);
  return {
    university: { set: university ? [university] : [] },
    campus: { set: campus ? [campus] : [] },
    degreeIds: degrees.filter((id): id is number => id !== null),
  };
}

/**
 * Saves the wizard: `PUT /api/students/:id` or `/api/teachers/:id` (`{data}`), and the phone
 * through `PUT /api/user/me` when it was asked.
 */
export async function saveProfile(role: WizardRole, profileId: number, values: FormValues) {
  const payload = role === 'student' ? toStudentPayload(values) : toTeacherPayload(values);
  const { university, campus, degreeIds } = await resolveRelations(payload);
  const degreeRelation =
    role === 'student'
      ? { degree: { set: degreeIds.slice(0, 1) } }
      : { degrees: { set: degreeIds } };
  await apiRequest(`${PROFILE_RECORDS[role].path}/${profileId}`, {
    method: 'PUT',
    body: { data: { ...payload.data, university, campus, ...degreeRelation } },
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
