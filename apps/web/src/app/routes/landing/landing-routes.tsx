import type { RouteObject } from 'react-router';
import { OrganizationsLandingRoute } from './organizations-route';
import { StudentsLandingRoute } from './students-route';

/** Audience landing areas (spec §2 routes; the campaign banners show on them). */
export const landingRoutes: RouteObject[] = [
  { path: 'estudiantes', element: <StudentsLandingRoute /> },
  { path: 'organizaciones', element: <OrganizationsLandingRoute /> },
];
