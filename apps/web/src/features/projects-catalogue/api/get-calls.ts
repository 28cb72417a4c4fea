import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Call } from '../types';

interface Named {
  data: { id: number; attributes: { name: string } } | null;
}
interface CallsAnswer {
  data: {
    id: number;
    attributes: {
      name: string;
      requires_dni?: boolean | null;
      academic_period_start?: string | null;
      academic_period_end?: string | null;
      description?: string | null;
      degrees?: {
        data: {
          id: number;
          attributes: {
            name: string;
            campuses?: { data: { id: number; attributes: { university?: Named } }[] };
          };
        }[];
      };
    };
  }[];
}

/** Most calls one list shows (the API's largest page). */
const CALLS_PAGE_SIZE = 100;

/** Today in the browser, "yyyy-MM-dd". */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * `GET /api/calls` (public, spec §3 Call): the calls a student may apply under, with their period
 * and their degrees (each with its campus's university), so that calls of the same name can be
 * told apart. Calls whose academic period is over are left out (ADR 0034). With `degreeId`, only
 * the calls of that degree.
 */
export async function getCalls({
  degreeId,
  signal,
}: { degreeId?: number; signal?: AbortSignal } = {}): Promise<Call[]> {
  const params = new URLSearchParams({
    'sort[0]': 'name:asc',
    'sort[1]': 'academic_period_start:desc',
    'pagination[pageSize]': String(CALLS_PAGE_SIZE),
    'filters[$or][0][academic_period_end][$gte]': today(),
    'filters[$or][1][academic_period_end][$null]': 'true',
    'populate[degrees][fields][0]': 'name',
    'populate[degrees][populate][campuses][fields][0]': 'name',
    'populate[degrees][populate][campuses][populate][university][fields][0]': 'name',
  });
  if (degreeId !== undefined) params.set('filters[degrees][id][$eq]', String(degreeId));
  const answer = await apiRequest<CallsAnswer>(`/api/calls?${params}`, { signal });
  return answer.data.map(({ id, attributes }) => ({
    id,
    name: attributes.name,
    requiresDni: attributes.requires_dni === true,
    periodStart: attributes.academic_period_start ?? null,
    periodEnd: attributes.academic_period_end ?? null,
    description: attributes.description ?? null,
    degrees: (attributes.degrees?.data ?? []).map((degree) => ({
      id: degree.id,
      name: degree.attributes.name,
      universities: [
        ...new Set(
          (degree.attributes.campuses?.data ?? []).flatMap((campus) =>
            campus.attributes.university?.data
              ? [campus.attributes.university.data.attributes.name]
              : [],
          ),
        ),
      ],
    })),
  }));
}

export const callsQueryOptions = (degreeId?: number) =>
  queryOptions({
    queryKey: ['calls', degreeId ?? 'all'],
    queryFn: ({ signal }) => getCalls({ degreeId, signal }),
    meta: { isPublic: true, logErrorAs: 'No se pudieron cargar las convocatorias.' },
  });

export function useCalls(degreeId?: number) {
  return useQuery(callsQueryOptions(degreeId));
}
