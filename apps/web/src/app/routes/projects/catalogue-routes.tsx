import type { RouteObject } from 'react-router';
import { RequireSession } from '../../../features/auth/components/require-session';

/**
 * The project catalogue (see ../../routes.tsx, ADR 0027), loaded on demand (ADR 0056).
 * `projects/:id` only takes numbers; the static paths of other areas (projects/create, personal,
 * applys, asignations) are their own routes, which React Router ranks before a dynamic segment.
 */
export const catalogueRoutes: RouteObject[] = [
  {
    path: 'projects',
    lazy: async () => ({ Component: (await import('./projects-route')).ProjectsRoute }),
  },
  {
    path: 'projects/:id',
    lazy: async () => ({ Component: (await import('./project-detail-route')).ProjectDetailRoute }),
  },
  {
    path: 'projects/:id/inscripcion',
    lazy: async () => {
      const { ProjectApplyRoute } = await import('./project-apply-route');
      return {
        Component: () => (
          <RequireSession>
            <ProjectApplyRoute />
          </RequireSession>
        ),
      };
    },
  },
];
