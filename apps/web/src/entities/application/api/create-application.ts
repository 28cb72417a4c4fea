import type { ApplyCreate } from '@plataforma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ApiRequestOptions } from '../../../lib/api-client';
import { useSubmission } from '../../../lib/use-submission';
import { invalidateResource } from '../../resources';

/**
 * `POST /api/applys {data}` (ADR 0025): the server checks the deadline, a repeated application,
 * the CV and the DNI, and answers each refusal in Spanish (shown as it is). With the
 * submission's `idempotencyKey`, a 503 or a lost connection is tried again (ADR 0070).
 */
export async function createApplication(
  data: ApplyCreate,
  request: Pick<ApiRequestOptions, 'idempotencyKey' | 'onRetry'> = {},
) {
  return apiRequest<{ data: { id: number } }>('/api/applys', {
    method: 'POST',
    body: { data },
    ...request,
  });
}

/**
 * @param onApplied runs first on success (the apply page leaves for the project's page). It is a
 * hook-level callback on purpose: the refreshed "own application" query makes the apply page
 * swap the form for "Ya te has inscrito", and a `mutate(…, {onSuccess})` callback of an
 * unmounted form would never run.
 *
 * One key per application sent (`useSubmission`); `retrying` says when it is being tried again.
 */
export function useCreateApplication(onApplied?: () => void) {
  const queryClient = useQueryClient();
  const submission = useSubmission();
  const mutation = useMutation({
    mutationFn: (data: ApplyCreate) => createApplication(data, submission.request(data)),
    onSuccess: () => {
      onApplied?.();
      return invalidateResource(queryClient, 'applys');
    },
    onSettled: (_answer, error) => submission.settle(error),
  });
  return { ...mutation, retrying: submission.retrying };
}
