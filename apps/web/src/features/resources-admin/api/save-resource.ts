import type { ResourceAttributes } from '@plataforma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateResource } from '../../../entities/resources';
import { apiRequest } from '../../../lib/api-client';
import { updateFileInfo } from '../../../lib/upload';
import type { PictureAltChange, ResourceWriteData } from '../types';

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

export type SaveResourceInput = (
  { id: null; data: ResourceWriteData } | { id: number; data: Partial<ResourceWriteData> }
) & {
  /** A new alternative text for the picture: written to its file first (ADR 0042). */
  pictureAlt?: PictureAltChange | null;
};

/**
 * Creates (`id: null`) or changes a resource, after writing its picture's new alternative text
 * to the picture's file (a refused text saves nothing); afterwards every list and page that shows
 * resources (the public list, a student's saved ones) is read again.
 */
export function useSaveResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveResourceInput) => {
      if (input.pictureAlt) {
        await updateFileInfo(input.pictureAlt.fileId, {
          alternativeText: input.pictureAlt.alternativeText,
        });
      }
      return input.id === null ? createResource(input.data) : updateResource(input.id, input.data);
    },
    onSuccess: () => invalidateResource(queryClient, 'resources'),
  });
}
