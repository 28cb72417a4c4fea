import { queryOptions, skipToken } from '@tanstack/react-query';
import { TEACHER_VERIFICATIONS, type TeacherVerification } from '@plataforma/shared';
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
    verification?: string | null;
    university?: Related<{ name: string }>;
    organization?: Related<{ name: string }>;
    tfxs?: RelatedList<Record<string, never>>;
  };
}

interface Lookup {
  path: string;
  /** The profile's own fields the details read (`id` alone: none). */
  fields: readonly string[];
  /** Each relation the details read, with the fields read of it (`id` alone: which ones). */
  populate: Readonly<Record<string, readonly string[]>>;
  preview: boolean;
}

/**
 * The profile lookup of spec §7 for each profile type, asking only for what the header and the
 * shell read (every page load asks it): a work is only counted, so of the student's works only
 * the ids come (ADR 0042), never their summaries, index and file.
 */
const LOOKUPS: Record<'student' | 'teacher' | 'coordinator', Lookup> = {
  // `preview`: a pending or rejected work is hers too (spec §2: "Subir mi proyecto" only while
  // she has no work), and the populated works follow the lookup's publication state.
  student: {
    path: '/api/students',
    fields: ['province'],
    populate: { university: ['name'], tfxs: ['id'] },
    preview: true,
  },
  // `verification`: whether they may publish (ADR 0051); `preview`: a rejected teacher's record
  // is unpublished, and it is still theirs to read.
  teacher: {
    path: '/api/teachers',
    fields: ['teacher_area', 'verification'],
    populate: { university: ['name'] },
    preview: true,
  },
  coordinator: {
    path: '/api/coordinators',
    fields: ['id'],
    populate: { organization: ['name'] },
    preview: false,
  },
};

/** Strapi's query for a lookup: `fields[0]=…&populate[relation][fields][0]=…`. */
export function lookupParams(lookup: Lookup, userId: number): URLSearchParams {
  const params = new URLSearchParams({ 'filters[user][id][$eq]': String(userId) });
  lookup.fields.forEach((field, index) => params.set(`fields[${index}]`, field));
  for (const [relation, fields] of Object.entries(lookup.populate)) {
    fields.forEach((field, index) => params.set(`populate[${relation}][fields][${index}]`, field));
  }
  if (lookup.preview) params.set('publicationState', 'preview');
  return params;
}

const isVerification = (value: unknown): value is TeacherVerification =>
  (TEACHER_VERIFICATIONS as readonly unknown[]).includes(value);

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
    teacherVerification: null,
  };
  const lookup =
    user.profileType && user.profileType !== 'admin' ? LOOKUPS[user.profileType] : undefined;
  if (!lookup) return empty;
  const params = lookupParams(lookup, user.id);
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
    teacherVerification: isVerification(a.verification) ? a.verification : null,
  };
}

/** Runs once the user is known (`skipToken` until then). */
export const userDetailsQueryOptions = (user: SessionUser | null) =>
  queryOptions({
    queryKey: ['session', 'details', user?.id ?? null, user?.profileType ?? null],
    queryFn: user ? ({ signal }) => getUserDetails(user, { signal }) : skipToken,
  });
