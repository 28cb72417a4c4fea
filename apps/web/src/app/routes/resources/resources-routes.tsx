import type { RouteObject } from 'react-router';

/** The resources (see ../../routes.tsx, spec §2 `/resources`, ADR 0041), loaded on demand. */
export const resourcesRoutes: RouteObject[] = [
  {
    path: 'resources',
    lazy: async () => ({ Component: (await import('./resources-route')).ResourcesRoute }),
  },
  {
    path: 'resources/:id',
    lazy: async () => ({
      Component: (await import('./resource-detail-route')).ResourceDetailRoute,
    }),
  },
];
