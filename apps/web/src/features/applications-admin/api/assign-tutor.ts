import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

interface AssignTutorInput {
  applicationId: number;
  teacherId: number;
}

/**
 * `PUT /api/applys/<id> {data:{tutorAsigned: teacherId}}`: an admin assigns the tutor; the server
 * tells the student (communication entry and email).
 */
export function assignTutor({ applicationId, teacherId }: AssignTutorInput): Promise<unknown> {
  return apiRequest(`/api/applys/${applicationId}`, {
    method: 'PUT',
    body: { data: { tutorAsigned: teacherId } },
  });
}

export function useAssignTutor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignTutor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['applications-admin'] }),
  });
}
