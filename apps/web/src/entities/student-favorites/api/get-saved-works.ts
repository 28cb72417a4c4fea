import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCE_ROOTS } from '../../resources';

/** A work a student saved, platform or external (spec §3 Student.favorites_tfxes). */
export interface SavedWork {
  id: number;
  title: string;
  external: boolean;
  /** External works only: who wrote it. */
  authorName: string | null;
  institution: string | null;
  degreeName: string | null;
  /** "MM/yyyy". */
  releaseMonth: string | null;
  /** Where an external work is read when it has no PDF here. */
  fileUrl: string | null;
  awarded: boolean;
}

const FIELDS = [
  'title',
  'external',
  'author_name',
  'institution',
  'degree_name',
  'release_month',
  'file_URL',
  'awarded',
] as const;

interface SavedWorkAttributes {
  title: string;
  external?: boolean | null;
  author_name?: string | null;
  institution?: string | null;
  degree_name?: string | null;
  release_month?: string | null;
  file_URL?: string | null;
  awarded?: boolean | null;
}

interface StudentSavedWorks {
  data: {
    id: number;
    attributes: {
      favorites_tfxes?: { data: { id: number; attributes: SavedWorkAttributes }[] | null };
    };
  };
}

/**
 * `GET /api/students/<id>?populate[favorites_tfxes][fields][0]=title…`: the works the student
 * saved, as the server lets them see them (published ones). One query for every screen that
 * shows them: the profile lists them, the library's cards and a work's page ask whether a work
 * is among them, and saving sends the whole list (toggle-saved-work.ts).
 */
export async function getSavedWorks(
  studentId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SavedWork[]> {
  const params = new URLSearchParams({ 'fields[0]': 'primaryKey' });
  FIELDS.forEach((field, index) =>
    params.set(`populate[favorites_tfxes][fields][${index}]`, field),
  );
  const answer = await apiRequest<StudentSavedWorks>(`/api/students/${studentId}?${params}`, {
    signal,
  });
  return (answer.data.attributes.favorites_tfxes?.data ?? []).map(({ id, attributes: a }) => ({
    id,
    title: a.title,
    external: a.external === true,
    authorName: a.author_name ?? null,
    institution: a.institution ?? null,
    degreeName: a.degree_name ?? null,
    releaseMonth: a.release_month ?? null,
    fileUrl: a.file_URL ?? null,
    awarded: a.awarded === true,
  }));
}

export const savedWorksQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: [RESOURCE_ROOTS.students, studentId, 'saved-works'],
    queryFn: ({ signal }) => getSavedWorks(studentId, { signal }),
  });

/** The saved works, for the profile's list. */
export function useSavedWorks(studentId: number) {
  return useQuery(savedWorksQueryOptions(studentId));
}

const toIds = (works: SavedWork[]) => works.map((work) => work.id);

/** The ids of the saved works, for a work's page (none to read for a non-student). */
export function useSavedWorkIds(studentId: number | null) {
  return useQuery({
    ...savedWorksQueryOptions(studentId ?? 0),
    select: toIds,
    enabled: studentId !== null,
  });
}
