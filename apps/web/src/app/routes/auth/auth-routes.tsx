import type { RouteObject } from 'react-router';
import { ForgotPasswordRoute } from './forgot-password-route';
import { LoginRoute } from './login-route';
import { RegisterRoute } from './register-route';
import { ResetPasswordRoute } from './reset-password-route';

/**
 * Sign-in screens (spec §2): login (also where the confirmation and sign-in links land),
 * registration, and the two steps of a forgotten password. Routes of this area (see
 * ../../routes.tsx).
 */
export const authRoutes: RouteObject[] = [
  { path: 'user/auth/login', element: <LoginRoute /> },
  { path: 'register', element: <RegisterRoute /> },
  { path: 'forgot-password', element: <ForgotPasswordRoute /> },
  { path: 'reset-password', element: <ResetPasswordRoute /> },
];
