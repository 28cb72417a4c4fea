import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  getCampusOptions,
  getStudentDegreeOptions,
  getUniversityOptions,
} from '../../../forms/catalogue';
import type { FormOption, GetOptions } from '../../../forms/types';
import type { ParsedAudience } from '../utils/audience';
import type { AudienceNames } from '../utils/describe-audience';
import { ANNOUNCEMENTS_ROOT } from './get-announcements';
import { getProjectOptions } from './get-project-options';

/** The names the option fetchers give for `ids` (none asked: none fetched). */
async function namesOf(
  getOptions: GetOptions,
  ids: readonly number[],
  values: Record<string, string>,
  signal?: AbortSignal,
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const page = await getOptions({
    search: '',
    page: 1,
    values,
    chosen: ids.map(String),
    signal,
  });
  return new Map(
    page.options.map((option: FormOption) =>
      typeof option === 'string' ? [Number(option), option] : [Number(option.value), option.label],
    ),
  );
}

/**
 * The names of the universities, campuses, degrees and projects an audience names, through the
 * fetchers the forms use (the catalogue's, ADR 0031) in their "chosen" mode: one call each.
 */
export async function getAudienceNames(
  audience: ParsedAudience,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AudienceNames> {
  const [university] = audience.universities;
  const [universities, campuses, degrees, projects] = await Promise.all([
    namesOf(getUniversityOptions, audience.universities, {}, signal),
    // The campuses' fetcher asks within a university: the audience's, as the builder chose it.
    university === undefined
      ? Promise.resolve(new Map<number, string>())
      : namesOf(getCampusOptions, audience.campuses, { university: String(university) }, signal),
    namesOf(getStudentDegreeOptions, audience.degrees, {}, signal),
    namesOf(getProjectOptions, audience.projects, {}, signal),
  ]);
  return { universities, campuses, degrees, projects };
}

/**
 * The names for an audience's description. Failing to find them is not worth an error: the
 * description says "n.º 3" meanwhile and in that case.
 */
export function useAudienceNames(audience: ParsedAudience) {
  const ids = {
    universities: audience.universities,
    campuses: audience.campuses,
    degrees: audience.degrees,
    projects: audience.projects,
  };
  return useQuery(
    queryOptions({
      queryKey: [ANNOUNCEMENTS_ROOT, 'audience-names', ids],
      queryFn: ({ signal }) => getAudienceNames(audience, { signal }),
      meta: { logErrorAs: 'No se pudieron leer los nombres de los destinatarios' },
    }),
  );
}
