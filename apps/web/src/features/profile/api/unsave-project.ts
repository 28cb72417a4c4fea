import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectSummary } from '../types';
import { savedProjectsQueryOptions } from './get-saved-projects';

interface UnsaveInput {
  studentId: number;
  projectId: number;
}

/**
 * `PUT /api/students/<id> {data:{favorites:{disconnect:[projectId]}}}` (spec §3
 * Student.favorites): removes one saved project and leaves the others untouched.
 */
export function unsaveProject({ studentId, projectId }: UnsaveInput): Promise<unknown> {
  return apiRequest(`/api/students/${studentId}?fields[0]=primaryKey`, {
    method: 'PUT',
    body: { data: { favorites: { disconnect: [projectId] } } },
  });
}

/** Unsaves and drops the project from the cached list at once; the list is read again after. */
export function useUnsaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsaveProject,
    onSuccess: (_answer, { studentId, projectId }) => {
      const { queryKey } = savedProjectsQueryOptions(studentId);
      queryClient.setQueryData<ProjectSummary[]>(queryKey, (list) =>
        list?.filter((project) => project.id !== projectId),
      );
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
