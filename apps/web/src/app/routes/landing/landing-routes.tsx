import type { RouteObject } from 'react-router';

/** Routes of this area (see ../../routes.tsx). */
export const landingRoutes: RouteObject[] = [];
