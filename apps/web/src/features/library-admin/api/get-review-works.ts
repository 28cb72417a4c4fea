import type { Pagination, TfxReviewStatus } from '@plataforma/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RESOURCE_ROOTS } from '../../../entities/resources';
import { apiRequest } from '../../../lib/api-client';
import type { ReviewPage } from '../types';
import { toReviewWork, type ReviewTfxRecord } from '../utils/to-review-work';

/** Works a page of a review list shows. */
export const REVIEW_PAGE_SIZE = 20;

/** The order of each list: the oldest waiting first; the latest decisions first. */
const SORT: Record<TfxReviewStatus, string> = {
  pending: 'createdAt:asc',
  published: 'publishedAt:desc',
  rejected: 'updatedAt:desc',
};

/**
 * The query string of `GET /api/tfxes` for a review list: the students' works (not imported
 * external ones) in one review state, drafts included (`publicationState=preview`: pending and
 * rejected works are unpublished), with the PDF and the author's name, degree and university.
 */
export function reviewListParams(status: TfxReviewStatus, page: number): URLSearchParams {
  return new URLSearchParams({
    'filters[review_status][$eq]': status,
    'filters[external][$eq]': 'false',
    publicationState: 'preview',
    'populate[file]': '*',
    'populate[student][fields][0]': 'id',
    'populate[student][populate][user][fields][0]': 'name',
    'populate[student][populate][user][fields][1]': 'surname',
    'populate[student][populate][degree][fields][0]': 'name',
    'populate[student][populate][university][fields][0]': 'name',
    'sort[0]': SORT[status],
    'sort[1]': 'id:asc',
    'pagination[page]': String(page),
    'pagination[pageSize]': String(REVIEW_PAGE_SIZE),
  });
}

/** `GET /api/tfxes?…` (generic Strapi route, admins see every work): one page of a review list. */
export async function getReviewWorks(
  status: TfxReviewStatus,
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReviewPage> {
  const answer = await apiRequest<{ data: ReviewTfxRecord[]; meta?: { pagination?: Pagination } }>(
    `/api/tfxes?${reviewListParams(status, page).toString()}`,
    { signal },
  );
  return {
    works: answer.data.map(toReviewWork),
    pagination: answer.meta?.pagination ?? {
      page: 1,
      pageSize: answer.data.length,
      pageCount: 1,
      total: answer.data.length,
    },
  };
}

export const reviewWorksQueryOptions = (status: TfxReviewStatus, page: number) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.tfxes, 'review', status, page],
    queryFn: ({ signal }) => getReviewWorks(status, page, { signal }),
    placeholderData: keepPreviousData,
  });

export function useReviewWorks(status: TfxReviewStatus, page: number) {
  return useQuery(reviewWorksQueryOptions(status, page));
}
