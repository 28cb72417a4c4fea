import type { RouteObject } from 'react-router';
import { RequireSession } from '../../../features/auth/components/require-session';

/**
 * Routes of this area (see ../../routes.tsx), loaded on demand (ADR 0056). Spec §2: signed out,
 * /profile goes to the login.
 */
export const profileRoutes: RouteObject[] = [
  {
    path: 'profile',
    lazy: async () => {
      const { ProfileRoute } = await import('./profile-route');
      return {
        Component: () => (
          <RequireSession>
            <ProfileRoute />
          </RequireSession>
        ),
      };
    },
  },
  {
    path: 'profile/completar',
    lazy: async () => {
      const { CompleteProfileRoute } = await import('./complete-profile-route');
      return {
        Component: () => (
          <RequireSession>
            <CompleteProfileRoute />
          </RequireSession>
        ),
      };
    },
  },
];
