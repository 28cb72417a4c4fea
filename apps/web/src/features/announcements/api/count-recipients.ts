import type { AnnouncementRecipientsAnswer } from '@plataforma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AudienceFilter } from '../types';
import { ANNOUNCEMENTS_ROOT } from './get-announcements';

/**
 * `POST /api/announcements/recipients {data: {audience}}`: how many students the audience reaches
 * now, compiled as the send will compile it (ADR 0045). Nothing is written, so it is a query. A
 * bad audience is a 400.
 */
export async function countRecipients(
  audience: AudienceFilter,
  { signal }: { signal?: AbortSignal } = {},
) {
  const answer = await apiRequest<AnnouncementRecipientsAnswer>('/api/announcements/recipients', {
    method: 'POST',
    body: { data: { audience } },
    signal,
  });
  return answer.data.recipients;
}

/** `audienceKey`: the audience as JSON, so equal audiences share one answer. */
export const recipientsQueryOptions = (audienceKey: string) =>
  queryOptions({
    queryKey: [ANNOUNCEMENTS_ROOT, 'recipients', audienceKey],
    queryFn: ({ signal }) => countRecipients(JSON.parse(audienceKey) as AudienceFilter, { signal }),
    // Students come and go: a count is worth half a minute, not the session (spec §9's
    // never-stale cache is about content, this is a live figure).
    staleTime: 30_000,
  });

/** The live count of `audienceKey`; idle while `enabled` is false (an audience not ready). */
export const useRecipientsCount = (audienceKey: string, enabled = true) =>
  useQuery({ ...recipientsQueryOptions(audienceKey), enabled });
