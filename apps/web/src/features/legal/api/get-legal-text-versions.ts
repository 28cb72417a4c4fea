import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalTextKind, LegalTextVersionList } from '@plataforma/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import type { LegalTextVersion } from '../types';
import { LEGAL_TEXTS_QUERY_ROOT } from './get-legal-text';

function toVersion(entry: LegalTextVersionList['data'][number]): LegalTextVersion {
  const { version, title, content, createdAt } = entry.attributes;
  return { id: entry.id, version, title, content, createdAt };
}

/**
 * `GET /api/legal-text-versions?filters[legalText][kind][$eq]=&sort=version:desc`: every version of
 * a text, newest first (ADR 0035: the versions are kept so what was accepted can be shown).
 */
export async function getLegalTextVersions(
  kind: LegalTextKind,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LegalTextVersion[]> {
  const query = [
    `filters[legalText][kind][$eq]=${encodeURIComponent(kind)}`,
    'sort=version:desc',
    'pagination[pageSize]=100',
  ].join('&');
  const answer = await apiRequest<LegalTextVersionList>(`/api/legal-text-versions?${query}`, {
    signal,
    auth: false,
  });
  return answer.data.map(toVersion);
}

/** `GET /api/legal-text-versions?...&filters[version][$eq]=`: one version, or null. */
export async function getLegalTextVersion(
  kind: LegalTextKind,
  version: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LegalTextVersion | null> {
  const query = [
    `filters[legalText][kind][$eq]=${encodeURIComponent(kind)}`,
    `filters[version][$eq]=${version}`,
  ].join('&');
  const answer = await apiRequest<LegalTextVersionList>(`/api/legal-text-versions?${query}`, {
    signal,
    auth: false,
  });
  const entry = answer.data[0];
  return entry ? toVersion(entry) : null;
}

/**
 * The version in force: the newest (versions are written in the same transaction as the text, so
 * the newest is always the text as it reads now), with the date it was published.
 */
export async function getCurrentLegalTextVersion(
  kind: LegalTextKind,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LegalTextVersion> {
  const query = [
    `filters[legalText][kind][$eq]=${encodeURIComponent(kind)}`,
    'sort=version:desc',
    'pagination[pageSize]=1',
  ].join('&');
  const answer = await apiRequest<LegalTextVersionList>(`/api/legal-text-versions?${query}`, {
    signal,
    auth: false,
  });
  const entry = answer.data[0];
  if (!entry) throw new ApiError(404, `No legal text ${kind}`, 'NotFoundError');
  return toVersion(entry);
}

export const currentLegalTextVersionQueryOptions = (kind: LegalTextKind) =>
  queryOptions({
    queryKey: [LEGAL_TEXTS_QUERY_ROOT, kind, 'current'],
    queryFn: ({ signal }) => getCurrentLegalTextVersion(kind, { signal }),
    meta: { isPublic: true },
  });

/** The text as it reads now, with its version number and date (pages, registration). */
export const useCurrentLegalTextVersion = (kind: LegalTextKind) =>
  useQuery(currentLegalTextVersionQueryOptions(kind));

export const legalTextVersionsQueryOptions = (kind: LegalTextKind) =>
  queryOptions({
    queryKey: [LEGAL_TEXTS_QUERY_ROOT, kind, 'versions'],
    queryFn: ({ signal }) => getLegalTextVersions(kind, { signal }),
    meta: { isPublic: true },
  });

export const legalTextVersionQueryOptions = (kind: LegalTextKind, version: number) =>
  queryOptions({
    queryKey: [LEGAL_TEXTS_QUERY_ROOT, kind, 'versions', version],
    queryFn: ({ signal }) => getLegalTextVersion(kind, version, { signal }),
    meta: { isPublic: true },
  });

export const useLegalTextVersions = (kind: LegalTextKind) =>
  useQuery(legalTextVersionsQueryOptions(kind));

/** One version; pass null to skip (the page shows the current text). */
export const useLegalTextVersion = (kind: LegalTextKind, version: number | null) =>
  useQuery({ ...legalTextVersionQueryOptions(kind, version ?? 0), enabled: version !== null });
