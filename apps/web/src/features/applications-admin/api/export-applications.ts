import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import type { ApplicationFilters } from '../types';
import { exportFileName, toStrapiFilters } from '../utils/application-filters';

/**
 * `GET /api/applys/export` with the same Strapi filters as the list (ADR 0029): the CSV comes
 * back as a Blob, fetched with the session's bearer token (a plain link could not send it).
 */
export function exportApplications(filters: ApplicationFilters): Promise<Blob> {
  const params = new URLSearchParams(toStrapiFilters(filters));
  const query = params.size > 0 ? `?${params}` : '';
  return apiRequest<Blob>(`/api/applys/export${query}`, {
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
}

/** Fetches the CSV and hands it to the browser as `candidaturas-<fecha>.csv`. */
export function useExportApplications() {
  return useMutation({
    mutationFn: exportApplications,
    onSuccess: (blob) => downloadBlob(blob, exportFileName()),
  });
}
