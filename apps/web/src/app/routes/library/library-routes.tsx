import type { RouteObject } from 'react-router';
import { RequireSession } from '../../../features/auth/components/require-session';

/**
 * The final-work library (spec §2, see ../../routes.tsx, ADR 0040), loaded on demand (ADR 0056).
 * `tfx/:id` only takes numbers; the static paths (external, create/form) rank before it.
 */
export const libraryRoutes: RouteObject[] = [
  {
    path: 'tfx',
    lazy: async () => {
      const { LibraryRoute } = await import('./library-route');
      return { Component: () => <LibraryRoute kind="platform" /> };
    },
  },
  {
    path: 'tfx/external',
    lazy: async () => {
      const { LibraryRoute } = await import('./library-route');
      return { Component: () => <LibraryRoute kind="external" /> };
    },
  },
  { path: 'tfx/:id', lazy: async () => ({ Component: (await import('./work-route')).WorkRoute }) },
  {
    path: 'tfx/create/form',
    lazy: async () => {
      const { UploadWorkRoute } = await import('./upload-work-route');
      return {
        Component: () => (
          <RequireSession>
            <UploadWorkRoute />
          </RequireSession>
        ),
      };
    },
  },
];
