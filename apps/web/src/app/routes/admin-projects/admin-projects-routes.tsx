import type { RouteObject } from 'react-router';

/**
 * Routes of this area (see ../../routes.tsx; ADR 0029): the admin's applications and tutor
 * assignment, and the teacher's panel. Only admins or teachers open them, so their code is loaded
 * on demand (`lazy`). Static paths rank above the catalogue's `projects/:id`.
 */
export const adminProjectsRoutes: RouteObject[] = [
  {
    path: 'projects/applys',
    lazy: async () => ({ Component: (await import('./applications-route')).ApplicationsRoute }),
  },
  {
    path: 'projects/asignations',
    lazy: async () => ({ Component: (await import('./asignations-route')).AsignationsRoute }),
  },
  {
    path: 'teachers/dashboard',
    lazy: async () => ({
      Component: (await import('./teacher-dashboard-route')).TeacherDashboardRoute,
    }),
  },
];
