import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Call } from '../types';

interface CallsAnswer {
  data: { id: number; attributes: { name: string; requires_dni?: boolean | null } }[];
}

/**
 * `GET /api/calls` (public, spec §3 Call): the calls a student may apply under, by name. Every
 * attribute is read, so `requires_dni` arrives whenever the API has it.
 */
export async function getCalls({ signal }: { signal?: AbortSignal } = {}): Promise<Call[]> {
  const params = new URLSearchParams({ 'sort[0]': 'name:asc', 'pagination[pageSize]': '100' });
  const answer = await apiRequest<CallsAnswer>(`/api/calls?${params}`, { signal });
  return answer.data.map(({ id, attributes }) => ({
    id,
    name: attributes.name,
    requiresDni: attributes.requires_dni === true,
  }));
}

export const callsQueryOptions = () =>
  queryOptions({
    queryKey: ['calls'],
    queryFn: ({ signal }) => getCalls({ signal }),
    meta: { isPublic: true, logErrorAs: 'No se pudieron cargar las convocatorias.' },
  });

export function useCalls() {
  return useQuery(callsQueryOptions());
}
