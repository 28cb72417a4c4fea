import type { QueryClient } from '@tanstack/react-query';

/**
 * The web's server state is keyed by resource, not by screen (ADR 0030): every query of a
 * resource starts with its root, named as the API names it, so a write can refresh every screen
 * that shows it without knowing the screens.
 *
 * - `['projects', …]`: one project `['projects', id]`, the search, the recommendations, "mine";
 * - `['applys', …]`: any list or entry of applications;
 * - `['students', studentId, 'favorites']`: the projects a student saved;
 * - `['teachers', 'dashboard']`: the teacher's panel;
 * - `['resources', …]`: the resources (spec §3 Resource): a list `['resources', 'list', query]`,
 *   one `['resources', id]`; `['students', studentId, 'favorite-resources']`: those a student saved;
 * - `['tfxes', …]`: the final works: one work `['tfxes', id]`, the library's search, related
 *   works, a student's own works `['tfxes', 'student', studentId]`, the staff review lists;
 * - `['students', studentId, 'saved-works']`: the works a student saved (`favorites_tfxes`).
 */
export const RESOURCE_ROOTS = {
  projects: 'projects',
  applys: 'applys',
  students: 'students',
  teachers: 'teachers',
  resources: 'resources',
  tfxes: 'tfxes',
} as const;

export type Resource =
  | 'projects'
  | 'applys'
  | 'favorites'
  | 'progress'
  | 'resources'
  | 'favorite-resources'
  | 'tfxes'
  | 'savedWorks';

/**
 * Which answers show a resource: its own queries and the ones that embed it (an application
 * list shows its project's title, the search shows whether the student saved or applied to each
 * project, the teacher's panel counts candidates and shows progress). A write to the resource
 * makes all of them stale.
 */
const SHOWN_IN: Record<Resource, readonly string[]> = {
  projects: ['projects', 'applys', 'students', 'teachers'],
  applys: ['applys', 'projects', 'teachers'],
  favorites: ['students', 'projects'],
  progress: ['applys', 'teachers'],
  // A student's saved resources show each resource's title, picture and introduction.
  resources: ['resources', 'students'],
  'favorite-resources': ['students'],
  // A work's writes show in the library and in its author's profile; the search and a work's
  // page say whether the student saved it.
  tfxes: ['tfxes', 'students'],
  savedWorks: ['students', 'tfxes'],
};

/** After a write to `resource`: every answer that shows it is read again when next shown. */
export function invalidateResource(queryClient: QueryClient, resource: Resource): Promise<void> {
  return Promise.all(
    SHOWN_IN[resource].map((root) => queryClient.invalidateQueries({ queryKey: [root] })),
  ).then(() => undefined);
}
