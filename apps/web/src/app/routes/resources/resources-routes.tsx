import type { RouteObject } from 'react-router';
import { ResourceDetailRoute } from './resource-detail-route';
import { ResourcesRoute } from './resources-route';

/** The resources (see ../../routes.tsx, spec §2 `/resources`, ADR 0041). */
export const resourcesRoutes: RouteObject[] = [
  { path: 'resources', element: <ResourcesRoute /> },
  { path: 'resources/:id', element: <ResourceDetailRoute /> },
];
