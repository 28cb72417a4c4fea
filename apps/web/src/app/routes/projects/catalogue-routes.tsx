import type { RouteObject } from 'react-router';
import { RequireSession } from '../../../features/auth/components/require-session';
import { ProjectApplyRoute } from './project-apply-route';
import { ProjectDetailRoute } from './project-detail-route';
import { ProjectsRoute } from './projects-route';

/**
 * The project catalogue (see ../../routes.tsx, ADR 0027). `projects/:id` only takes numbers;
 * the static paths of other areas (projects/create, personal, applys, asignations) are their own
 * routes, which React Router ranks before a dynamic segment.
 */
export const catalogueRoutes: RouteObject[] = [
  { path: 'projects', element: <ProjectsRoute /> },
  { path: 'projects/:id', element: <ProjectDetailRoute /> },
  {
    path: 'projects/:id/inscripcion',
    element: (
      <RequireSession>
        <ProjectApplyRoute />
      </RequireSession>
    ),
  },
];
