import type { RouteObject } from 'react-router';
import { SETUP_PATH } from '@plataforma/shared';
import type { RouteHandle } from '../../../lib/server-rendered';

/**
 * Sign-in screens (spec §2): login (also where the confirmation and sign-in links land),
 * registration, the two steps of a forgotten password, and the first start's setup. Routes of
 * this area (see ../../routes.tsx); loaded on demand (`lazy`, ADR 0056).
 */
export const authRoutes: RouteObject[] = [
  {
    path: 'user/auth/login',
    lazy: async () => ({ Component: (await import('./login-route')).LoginRoute }),
  },
  {
    path: 'register',
    lazy: async () => ({ Component: (await import('./register-route')).RegisterRoute }),
  },
  {
    path: 'forgot-password',
    lazy: async () => ({
      Component: (await import('./forgot-password-route')).ForgotPasswordRoute,
    }),
  },
  {
    path: 'reset-password',
    lazy: async () => ({ Component: (await import('./reset-password-route')).ResetPasswordRoute }),
  },
  {
    // The first start's page (ADR 0064): its answer depends on the link's token and on whether
    // an administrator exists, so the browser draws it (ADR 0060).
    path: SETUP_PATH.slice(1),
    handle: { serverRender: false } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./setup-route')).SetupRoute }),
  },
];
