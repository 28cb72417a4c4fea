import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalTextKind, LegalTextList } from '@plataforma/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import type { LegalText } from '../types';

/** Every query of a legal text or its versions starts with this key. */
export const LEGAL_TEXTS_QUERY_ROOT = 'legal-texts';

/**
 * `GET /api/legal-texts?filters[kind][$eq]=` (ADR 0035): the text as it reads now. The three
 * exist on every installation; a missing one is answered as the API's 404.
 */
export async function getLegalText(
  kind: LegalTextKind,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LegalText> {
  const answer = await apiRequest<LegalTextList>(
    `/api/legal-texts?filters[kind][$eq]=${encodeURIComponent(kind)}`,
    { signal, auth: false },
  );
  const entry = answer.data[0];
  if (!entry) throw new ApiError(404, `No legal text ${kind}`, 'NotFoundError');
  const { title, content, version, updatedAt } = entry.attributes;
  return { id: entry.id, kind, title, content, version, updatedAt };
}

export const legalTextQueryOptions = (kind: LegalTextKind) =>
  queryOptions({
    queryKey: [LEGAL_TEXTS_QUERY_ROOT, kind],
    queryFn: ({ signal }) => getLegalText(kind, { signal }),
    // The same for everyone: kept across sign-in and sign-out.
    meta: { isPublic: true },
  });

export const useLegalText = (kind: LegalTextKind) => useQuery(legalTextQueryOptions(kind));
