import type { ProjectStatus } from '@plataforma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { FormValues } from '../../../forms/types';
import type { ProjectPayload } from '../types';
import {
  getCampusChoice,
  getChangedFields,
  toProjectPayload,
  toProjectValues,
} from '../utils/project-values';
import type { ProjectRecord } from './get-project';
import { findCampusId } from './find-campus-id';
import { invalidateProjectData } from './invalidate-project-data';

/** The statuses a publisher saves with: a draft, or sent to review (contract, issue 6). */
export type SaveStatus = Extract<ProjectStatus, 'Pendiente' | 'Por validar'>;

/** The project's `data` with its campus looked up by name. */
async function toPayloadWithCampus(values: FormValues): Promise<ProjectPayload> {
  const choice = getCampusChoice(values);
  const campus = choice ? await findCampusId(choice.campus, choice.university) : null;
  return { ...toProjectPayload(values), campus };
}

/**
 * `POST /api/projects {data:{...fields, status}}`: the API fills the owner (the teacher, or the
 * coordinator and their organisation) and refuses any other status.
 */
export async function createProject(values: FormValues, status: SaveStatus) {
  const data = { ...(await toPayloadWithCampus(values)), status };
  const answer = await apiRequest<{ data: ProjectRecord }>('/api/projects', {
    method: 'POST',
    body: { data },
  });
  return answer.data;
}

/**
 * `PUT /api/projects/:id` with only the fields that changed since it was loaded, plus the status
 * when the publisher sends it to review.
 */
export async function updateProject(
  original: ProjectRecord,
  values: FormValues,
  status?: SaveStatus,
) {
  const before = toPayloadWithoutLookup(original);
  const unchangedCampus = sameCampus(original, values);
  const next: ProjectPayload = unchangedCampus
    ? { ...toProjectPayload(values), campus: before.campus }
    : await toPayloadWithCampus(values);
  const data: ProjectPayload = getChangedFields(before, next);
  if (status && status !== original.attributes.status) data.status = status;
  if (Object.keys(data).length === 0) return original;
  const answer = await apiRequest<{ data: ProjectRecord }>(`/api/projects/${original.id}`, {
    method: 'PUT',
    body: { data },
  });
  return answer.data;
}

/** The stored project as the body it would be written with (to compare against). */
function toPayloadWithoutLookup(original: ProjectRecord): ProjectPayload {
  return {
    ...toProjectPayload(toProjectValues(original.attributes)),
    campus: original.attributes.campus?.data?.id ?? null,
  };
}

function sameCampus(original: ProjectRecord, values: FormValues): boolean {
  const stored = toProjectValues(original.attributes);
  return stored.campus === values.campus && stored.university === values.university;
}

/** Creating and editing; the lists and the project reload afterwards. */
export function useSaveProject(original?: ProjectRecord) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, status }: { values: FormValues; status?: SaveStatus }) =>
      original
        ? updateProject(original, values, status)
        : createProject(values, status ?? 'Pendiente'),
    onSuccess: async () => {
      await invalidateProjectData(queryClient);
    },
  });
}
