import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
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
  // Scroll events come faster than renders: the state read in one may not yet know that the
  // next page was asked for, so the request is remembered here and asked for once.
  const isRequestingNext = useRef(false);

  const options = (query.data?.pages ?? []).flatMap((page) => page.options.map(normalizeOption));
  return {
    options,
    // Spec §8 "Cargando...": from the moment the list opens until its first page is here.
    isLoading: isOpen && getOptions !== undefined && query.isPending,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (!query.hasNextPage || query.isFetching || isRequestingNext.current) return;
      isRequestingNext.current = true;
      void query.fetchNextPage({ cancelRefetch: false }).finally(() => {
        isRequestingNext.current = false;
      });
    },
  };
}

/**
 * The labels of chosen values an async source has not shown in this field yet (a saved record
 * holds ids): asked once with `chosen`, under the current parents. A value the source no longer
 * offers has no label; the form's dependency rule drops it.
 */
export function useChosenLabels({
  getOptions,
  unknown,
  values,
  parentKey,
}: {
  getOptions: GetOptions | undefined;
  unknown: readonly string[];
  values: FormValues;
  parentKey: string;
}) {
  const query = useQuery({
    queryKey: [
      'form-option-labels',
      getOptions ? sourceIdOf(getOptions) : 0,
      parentKey,
      [...unknown].sort(),
    ] as const,
    queryFn: async ({ signal }): Promise<Record<string, string>> => {
      if (!getOptions) return {};
      try {
        const page = await getOptions({ search: '', page: 1, values, chosen: unknown, signal });
        return Object.fromEntries(
          page.options.map(normalizeOption).map((option) => [option.value, option.label]),
        );
      } catch (error) {
        if (signal.aborted) throw error;
        console.error('No se pudieron cargar las opciones elegidas', error);
        return {};
      }
    },
    enabled: getOptions !== undefined && unknown.length > 0,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  return { labels: query.data ?? {}, isLoading: unknown.length > 0 && query.isPending };
}
