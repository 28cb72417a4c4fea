import { apiRequest, type ApiRequestOptions } from '../../../lib/api-client';
import type { ProjectPayload, ProjectRecord } from '../types';

/**
 * `POST /api/projects {data}`: the API fills the owner (the teacher, or the coordinator and their
 * organisation) and accepts only a draft or a project sent to review (ADR 0024). With the
 * submission's `idempotencyKey`, a 503 or a lost connection is tried again (ADR 0070).
 */
export async function createProject(
  data: ProjectPayload,
  request: Pick<ApiRequestOptions, 'idempotencyKey' | 'onRetry'> = {},
): Promise<ProjectRecord> {
  const answer = await apiRequest<{ data: ProjectRecord }>('/api/projects', {
    method: 'POST',
    body: { data },
    ...request,
  });
  return answer.data;
}

/** `PUT /api/projects/:id {data}`: a partial update. */
export async function updateProject(id: number, data: ProjectPayload): Promise<ProjectRecord> {
  const answer = await apiRequest<{ data: ProjectRecord }>(`/api/projects/${id}`, {
    method: 'PUT',
    body: { data },
  });
  return answer.data;
}
