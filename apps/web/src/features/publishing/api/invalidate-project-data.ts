import type { QueryClient } from '@tanstack/react-query';

/**
 * Roots of the other screens' queries that show projects or applications (the catalogue, the
 * teacher's dashboard, the admin's applications). Features do not import each other, so the roots
 * are named here; the cache never goes stale by itself (spec §9), so a write must invalidate them.
 */
export const RELATED_QUERY_ROOTS = [
  'projects-catalogue',
  'teacher-dashboard',
  'applications-admin',
];

/** After a write to projects or applications: this feature's queries and the related ones reload. */
export function invalidateProjectData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    ['publishing', ...RELATED_QUERY_ROOTS].map((root) =>
      queryClient.invalidateQueries({ queryKey: [root] }),
    ),
  );
}
