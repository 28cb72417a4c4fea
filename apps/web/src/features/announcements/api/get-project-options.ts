import { MAX_PAGE_SIZE, OPTION_PAGE_SIZE } from '@plataforma/shared';
import type { GetOptions } from '../../../forms/types';
import { apiRequest } from '../../../lib/api-client';

interface ProjectTitles {
  data: { id: number; attributes: { title: string } }[];
  meta: { pagination: { page: number; pageCount: number } };
}

/**
 * The projects an audience may name (`GET /api/projects`, generic route): titles containing the
 * search, in every state (`publicationState=preview`: a finished or withdrawn project still has
 * candidates), 10 a page like the catalogue's option fetchers; with `chosen`, those ids. The API
 * answers what the caller may see: every project for an admin.
 */
export const getProjectOptions: GetOptions = async ({ search, page, chosen, signal }) => {
  const ids = (chosen ?? []).map(Number).filter((id) => Number.isInteger(id) && id > 0);
  if (chosen && ids.length === 0) return { options: [], hasMore: false };
  const params = new URLSearchParams({
    'fields[0]': 'title',
    publicationState: 'preview',
    'sort[0]': 'title:asc',
  });
  if (chosen) {
    params.set('pagination[pageSize]', String(Math.min(ids.length, MAX_PAGE_SIZE)));
    ids
      .slice(0, MAX_PAGE_SIZE)
      .forEach((id, index) => params.set(`filters[id][$in][${index}]`, String(id)));
  } else {
    params.set('pagination[page]', String(page));
    params.set('pagination[pageSize]', String(OPTION_PAGE_SIZE));
    if (search.trim() !== '') params.set('filters[title][$containsi]', search.trim());
  }
  const answer = await apiRequest<ProjectTitles>(`/api/projects?${params}`, { signal });
  return {
    options: answer.data.map((project) => ({
      value: String(project.id),
      label: project.attributes.title,
    })),
    hasMore: answer.meta.pagination.page < answer.meta.pagination.pageCount,
  };
};
