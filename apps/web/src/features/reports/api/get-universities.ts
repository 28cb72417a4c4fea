import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type NamesAnswer } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';

export interface UniversityOption {
  id: number;
  name: string;
}

/** More pages than this are not read: a platform has tens of universities, not thousands. */
const MAX_PAGES = 10;

/**
 * Every university of the catalogue by name (`GET /api/universities/names`, 100 a page), for the
 * dashboard's choice of university.
 */
export async function getUniversities({ signal }: { signal?: AbortSignal } = {}): Promise<
  UniversityOption[]
> {
  const page = (n: number) =>
    apiRequest<NamesAnswer>(
      `/api/universities/names?pagination[page]=${n}&pagination[pageSize]=${MAX_PAGE_SIZE}`,
      { signal },
    );
  const first = await page(1);
  const pageCount = Math.min(first.meta.pagination.pageCount, MAX_PAGES);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) => page(i + 2)),
  );
  return [first, ...rest].flatMap((answer) =>
    answer.data.map(({ id, attributes }) => ({ id, name: attributes.name })),
  );
}

export const universitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['universities', 'names', 'all'],
    queryFn: ({ signal }) => getUniversities({ signal }),
    // The catalogue is the same for everyone (kept when someone signs in or out).
    meta: { isPublic: true },
  });

export const useUniversities = () => useQuery(universitiesQueryOptions());
