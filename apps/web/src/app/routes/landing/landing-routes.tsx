import type { RouteObject } from 'react-router';

/**
 * Audience landing areas (spec §2 routes; the campaign banners show on them), loaded on demand
 * (`lazy`, ADR 0056).
 */
export const landingRoutes: RouteObject[] = [
  {
    path: 'estudiantes',
    lazy: async () => ({ Component: (await import('./students-route')).StudentsLandingRoute }),
  },
  {
    path: 'organizaciones',
    lazy: async () => ({
      Component: (await import('./organizations-route')).OrganizationsLandingRoute,
    }),
  },
];
