import type { ResourceAttributes } from '@plataforma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateResource } from '../../../entities/resources';
import { apiRequest } from '../../../lib/api-client';
import type { ResourceWriteData } from '../types';

interface ResourceAnswer {
  data: { id: number; attributes: ResourceAttributes };
}

/** `POST /api/resources {data}` (generic Strapi route; admins only): a new resource. */
export function createResource(data: ResourceWriteData) {
  return apiRequest<ResourceAnswer>('/api/resources', { method: 'POST', body: { data } });
}

/**
 * `PUT /api/resources/:id {data}`: changes a resource; `{publishedAt: null}` alone makes it a
 * draft again and a date publishes it.
 */
export function updateResource(id: number, data: Partial<ResourceWriteData>) {
  return apiRequest<ResourceAnswer>(`/api/resources/${id}`, { method: 'PUT', body: { data } });
}

export type SaveResourceInput =
  { id: null; data: ResourceWriteData } | { id: number; data: Partial<ResourceWriteData> };

/**
 * Creates (`id: null`) or changes a resource; afterwards every list and page that shows resources
 * (the public list, a student's saved ones) is read again.
 */
export function useSaveResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: SaveResourceInput) =>
      id === null ? createResource(data) : updateResource(id, data),
    onSuccess: () => invalidateResource(queryClient, 'resources'),
  });
}
