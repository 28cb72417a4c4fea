import { apiRequest } from '../../../lib/api-client';
import { OPTION_PAGE_SIZE, type NamesAnswer } from '@plataforma/shared';

/**
 * The id of the campus with exactly this name at this university (`GET /api/campuses/names`,
 * ADR 0005): the form holds names, the project stores the relation. Null when there is none.
 */
export async function findCampusId(campus: string, university: string): Promise<number | null> {
  const params = new URLSearchParams({
    'filters[name][$eq]': campus,
    'filters[university][name][$eq]': university,
    'pagination[pageSize]': String(OPTION_PAGE_SIZE),
  });
  const answer = await apiRequest<NamesAnswer>(`/api/campuses/names?${params}`);
  return answer.data.find((entry) => entry.attributes.name === campus)?.id ?? null;
}
