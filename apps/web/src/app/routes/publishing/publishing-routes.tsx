import type { RouteObject } from 'react-router';
import { CandidatesRoute } from './candidates-route';
import { CreateOrganizationRoute } from './create-organization-route';
import { CreateProjectRoute } from './create-project-route';
import { EditOrganizationRoute } from './edit-organization-route';
import { EditProjectRoute } from './edit-project-route';
import { OrganizationProjectsRoute, TeacherProjectsRoute } from './my-projects-route';
import { RequireRole } from './publishing-gates';

/**
 * Routes of the publishing area (see ../../routes.tsx, ADR 0028): publishing, editing and
 * following one's projects, reviewing their candidates, and creating and editing the
 * coordinator's organisation. Every one needs a session (spec §2: /organizations goes to the login).
 */
export const publishingRoutes: RouteObject[] = [
  {
    path: 'projects/create',
    element: (
      <RequireRole roles={['teacher', 'coordinator', 'admin']}>
        <CreateProjectRoute />
      </RequireRole>
    ),
  },
  {
    path: 'projects/:id/editar',
    element: (
      <RequireRole roles={['teacher', 'coordinator', 'admin']}>
        <EditProjectRoute />
      </RequireRole>
    ),
  },
  {
    path: 'projects/personal',
    element: (
      <RequireRole roles={['teacher', 'coordinator', 'admin']}>
        <TeacherProjectsRoute />
      </RequireRole>
    ),
  },
  {
    path: 'projects/:id/candidaturas',
    element: (
      <RequireRole roles={['teacher', 'coordinator', 'admin']}>
        <CandidatesRoute />
      </RequireRole>
    ),
  },
  {
    path: 'organizations',
    element: (
      <RequireRole roles={['teacher', 'coordinator', 'admin']}>
        <OrganizationProjectsRoute />
      </RequireRole>
    ),
  },
  {
    path: 'organizations/create',
    element: (
      <RequireRole roles={['coordinator']}>
        <CreateOrganizationRoute />
      </RequireRole>
    ),
  },
  {
    path: 'organizations/editar',
    element: (
      <RequireRole roles={['coordinator']}>
        <EditOrganizationRoute />
      </RequireRole>
    ),
  },
];
