import type { RouteObject } from 'react-router';
import { RequireSession } from '../../../features/auth/components/require-session';
import { LibraryRoute } from './library-route';
import { UploadWorkRoute } from './upload-work-route';
import { WorkRoute } from './work-route';

/**
 * The final-work library (spec §2, see ../../routes.tsx, ADR 0040). `tfx/:id` only takes
 * numbers; the static paths (external, create/form) rank before it.
 */
export const libraryRoutes: RouteObject[] = [
  { path: 'tfx', element: <LibraryRoute kind="platform" /> },
  { path: 'tfx/external', element: <LibraryRoute kind="external" /> },
  { path: 'tfx/:id', element: <WorkRoute /> },
  {
    path: 'tfx/create/form',
    element: (
      <RequireSession>
        <UploadWorkRoute />
      </RequireSession>
    ),
  },
];
