import type { RouteObject } from 'react-router';

/**
 * Sign-in screens (spec §2): login (also where the confirmation and sign-in links land),
 * registration, and the two steps of a forgotten password. Routes of this area (see
 * ../../routes.tsx); loaded on demand (`lazy`, ADR 0056).
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
];
