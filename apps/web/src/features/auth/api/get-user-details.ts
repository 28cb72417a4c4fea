import { queryOptions, skipToken } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { NamedRef, SessionUser, UserDetails } from '../types';

interface Related<T> {
  data: { id: number; attributes: T } | null;
}
interface RelatedList<T> {
  data: { id: number; attributes: T }[];
}
interface ProfileEntry {
  id: number;
  attributes: {
    province?: string | null;
    teacher_area?: string | null;
    university?: Related<{ name: string }>;
    organization?: Related<{ name: string }>;
    tfxs?: RelatedList<Record<string, unknown>>;
  };
}

/** The profile lookup of spec §7 for each profile type, populated with what the header needs. */
const LOOKUPS = {
  // `preview`: a pending or rejected work is hers too (spec §2: "Subir mi proyecto" only while
  // she has no work), and the populated works follow the lookup's publication state.
  student: { path: '/api/students', populate: ['university', 'tfxs'], preview: true },
  teacher: { path: '/api/teachers', populate: ['university'], preview: false },
  coordinator: { path: '/api/coordinators', populate: ['organization'], preview: false },
} as const;

function named(ref: Related<{ name: string }> | undefined): NamedRef | null {
  return ref?.data ? { id: ref.data.id, name: ref.data.attributes.name } : null;
}

/**
 * Spec §3 "User details (header)": `GET /api/{profileType}s?filters[user][id][$eq]=...&populate=...`.
 * Admins and users who have not chosen a profile type have no profile record.
 */
export async function getUserDetails(
  user: SessionUser,
  { signal }: { signal?: AbortSignal } = {},
): Promise<UserDetails> {
  const empty: UserDetails = {
    profileId: null,
    university: null,
    province: null,
    phone: user.phone,
    organization: null,
    tfxs: [],
    teacherArea: null,
  };
  const lookup =
    user.profileType && user.profileType !== 'admin' ? LOOKUPS[user.profileType] : undefined;
  if (!lookup) return empty;
  const params = new URLSearchParams({ 'filters[user][id][$eq]': String(user.id) });
  lookup.populate.forEach((name, index) => params.set(`populate[${index}]`, name));
  if (lookup.preview) params.set('publicationState', 'preview');
  const answer = await apiRequest<{ data: ProfileEntry[] }>(`${lookup.path}?${params}`, { signal });
  const entry = answer.data[0];
  if (!entry) return empty;
  const a = entry.attributes;
  return {
    ...empty,
    profileId: entry.id,
    university: named(a.university),
    province: a.province ?? null,
    organization: named(a.organization),
    tfxs: (a.tfxs?.data ?? []).map(({ id }) => ({ id })),
    teacherArea: a.teacher_area ?? null,
  };
}

/** Runs once the user is known (`skipToken` until then). */
export const userDetailsQueryOptions = (user: SessionUser | null) =>
  queryOptions({
    queryKey: ['session', 'details', user?.id ?? null, user?.profileType ?? null],
    queryFn: user ? ({ signal }) => getUserDetails(user, { signal }) : skipToken,
  });
