import type { RouteObject } from 'react-router';
import { RequireRole } from './publishing-gates';

/**
 * Routes of the publishing area (see ../../routes.tsx, ADR 0028): publishing, editing and
 * following one's projects, reviewing their candidates, and creating and editing the
 * coordinator's organisation. Every one needs a session (spec §2: /organizations goes to the
 * login). Loaded on demand (`lazy`, ADR 0056).
 */
export const publishingRoutes: RouteObject[] = [
  {
    path: 'projects/create',
    lazy: async () => {
      const { CreateProjectRoute } = await import('./create-project-route');
      return {
        Component: () => (
          <RequireRole roles={['teacher', 'coordinator', 'admin']}>
            <CreateProjectRoute />
          </RequireRole>
        ),
      };
    },
  },
  {
    path: 'projects/:id/editar',
    lazy: async () => {
      const { EditProjectRoute } = await import('./edit-project-route');
      return {
        Component: () => (
          <RequireRole roles={['teacher', 'coordinator', 'admin']}>
            <EditProjectRoute />
          </RequireRole>
        ),
      };
    },
  },
  {
    path: 'projects/personal',
    lazy: async () => {
      const { TeacherProjectsRoute } = await import('./my-projects-route');
      return {
        Component: () => (
          <RequireRole roles={['teacher', 'coordinator', 'admin']}>
            <TeacherProjectsRoute />
          </RequireRole>
        ),
      };
    },
  },
  {
    path: 'projects/:id/candidaturas',
    lazy: async () => {
      const { CandidatesRoute } = await import('./candidates-route');
      return {
        Component: () => (
          <RequireRole roles={['teacher', 'coordinator', 'admin']}>
            <CandidatesRoute />
          </RequireRole>
        ),
      };
    },
  },
  {
    path: 'organizations',
    lazy: async () => {
      const { OrganizationProjectsRoute } = await import('./my-projects-route');
      return {
        Component: () => (
          <RequireRole roles={['teacher', 'coordinator', 'admin']}>
            <OrganizationProjectsRoute />
          </RequireRole>
        ),
      };
    },
  },
  {
    path: 'organizations/create',
    lazy: async () => {
      const { CreateOrganizationRoute } = await import('./create-organization-route');
      return {
        Component: () => (
          <RequireRole roles={['coordinator']}>
            <CreateOrganizationRoute />
          </RequireRole>
        ),
      };
    },
  },
  {
    path: 'organizations/editar',
    lazy: async () => {
      const { EditOrganizationRoute } = await import('./edit-organization-route');
      return {
        Component: () => (
          <RequireRole roles={['coordinator']}>
            <EditOrganizationRoute />
          </RequireRole>
        ),
      };
    },
  },
];
