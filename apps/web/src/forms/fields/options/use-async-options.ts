import { useInfiniteQuery } from '@tanstack/react-query';
import type { FormValues, GetOptions, OptionsPage } from '../../types';
import { normalizeOption } from './option-utils';

/** A stable number per getOptions function, so two sources never share cached pages. */
const sourceIds = new WeakMap<GetOptions, number>();
let sourceCount = 0;
function sourceIdOf(getOptions: GetOptions): number {
  let sourceId = sourceIds.get(getOptions);
  if (sourceId === undefined) {
    sourceId = ++sourceCount;
    sourceIds.set(getOptions, sourceId);
  }
  return sourceId;
}

const EMPTY_PAGE: OptionsPage = { options: [], hasMore: false };

/**
 * Pages of options from `getOptions` (spec §9: 10 a page) for `search`, loaded while `isOpen`.
 * A new search or new parent values (`parentKey`) start again from page 1. A failing fetch is
 * logged and gives an empty list (spec §8 "Option fetch fails").
 */
export function useAsyncOptions({
  getOptions,
  search,
  values,
  parentKey,
  isOpen,
}: {
  getOptions: GetOptions | undefined;
  search: string;
  values: FormValues;
  parentKey: string;
  isOpen: boolean;
}) {
  const query = useInfiniteQuery({
    queryKey: ['form-options', getOptions ? sourceIdOf(getOptions) : 0, parentKey, search] as const,
    queryFn: async ({ pageParam, signal }): Promise<OptionsPage> => {
      if (!getOptions) return EMPTY_PAGE;
      try {
        return await getOptions({ search, page: pageParam, values, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        console.error('No se pudieron cargar las opciones', error);
        return EMPTY_PAGE;
      }
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: isOpen && getOptions !== undefined,
    // Options come from the catalogue as it is now; a reopened list asks again.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  const options = (query.data?.pages ?? []).flatMap((page) => page.options.map(normalizeOption));
  return {
    options,
    isLoading: query.isPending && query.fetchStatus === 'fetching',
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage && !query.isFetching) {
        void query.fetchNextPage();
      }
    },
  };
}
