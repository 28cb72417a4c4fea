import type { ProjectStatus } from '@plataforma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createProject, updateProject } from '../../../entities/project/api/save-project';
import type { ProjectPayload, ProjectRecord } from '../../../entities/project/types';
import { invalidateResource } from '../../../entities/resources';
import type { FormValues } from '../../../forms/types';
import { useSubmission, type SubmissionRequest } from '../../../lib/use-submission';
import {
  getCampusId,
  getChangedFields,
  toProjectPayload,
  toProjectValues,
} from '../utils/project-values';

/** The statuses a publisher saves with: a draft, or sent to review (ADR 0024). */
export type SaveStatus = Extract<ProjectStatus, 'Pendiente' | 'Por validar'>;

/** The project's `data`, its campus by the id the option holds. */
function toPayloadWithCampus(values: FormValues): ProjectPayload {
  return { ...toProjectPayload(values), campus: getCampusId(values) };
}

/**
 * A new project from the form, saved as a draft or sent to review, with the key of this body
 * (ADR 0070): the same form sent again after the retries ran out is the same project.
 */
async function createFromForm(
  values: FormValues,
  status: SaveStatus,
  request: (sent: unknown) => SubmissionRequest,
) {
  const data: ProjectPayload = { ...toPayloadWithCampus(values), status };
  return createProject(data, request(data));
}

/**
 * The project with only the fields that changed since it was loaded, plus the status when the
 * publisher sends it to review.
 */
async function updateFromForm(original: ProjectRecord, values: FormValues, status?: SaveStatus) {
  const before = toStoredPayload(original);
  const data: ProjectPayload = getChangedFields(before, toPayloadWithCampus(values));
  if (status && status !== original.attributes.status) data.status = status;
  if (Object.keys(data).length === 0) return original;
  return updateProject(original.id, data);
}

/** The stored project as the body it would be written with (to compare against). */
function toStoredPayload(original: ProjectRecord): ProjectPayload {
  return {
    ...toProjectPayload(toProjectValues(original.attributes)),
    campus: original.attributes.campus?.data?.id ?? null,
  };
}

/**
 * Creating and editing; every screen showing projects reads them again afterwards. A creation
 * carries one key per submission and is tried again on a 503 or a lost connection (`retrying`
 * says so); an edit is a PUT, sent once (ADR 0070).
 */
export function useSaveProject(original?: ProjectRecord) {
  const queryClient = useQueryClient();
  const submission = useSubmission();
  const mutation = useMutation({
    mutationFn: ({ values, status }: { values: FormValues; status?: SaveStatus }) =>
      original
        ? updateFromForm(original, values, status)
        : createFromForm(values, status ?? 'Pendiente', submission.request),
    onSuccess: () => invalidateResource(queryClient, 'projects'),
    onSettled: (_answer, error) => submission.settle(error),
  });
  return { ...mutation, retrying: submission.retrying };
}
