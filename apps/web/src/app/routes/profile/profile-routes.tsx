import type { RouteObject } from 'react-router';
import { RequireSession } from '../../../features/auth/components/require-session';
import { CompleteProfileRoute } from './complete-profile-route';
import { ProfileRoute } from './profile-route';

/** Routes of this area (see ../../routes.tsx). Spec §2: signed out, /profile goes to the login. */
export const profileRoutes: RouteObject[] = [
  {
    path: 'profile',
    element: (
      <RequireSession>
        <ProfileRoute />
      </RequireSession>
    ),
  },
  {
    path: 'profile/completar',
    element: (
      <RequireSession>
        <CompleteProfileRoute />
      </RequireSession>
    ),
  },
];
