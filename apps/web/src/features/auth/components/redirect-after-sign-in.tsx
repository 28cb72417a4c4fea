import type { ProfileType } from '@plataforma/shared';
import { Navigate } from 'react-router';
import { homeFor, safeRedirectTarget } from '../utils/redirects';

interface RedirectAfterSignInProps {
  /** The `redirect` parameter the login page received, if any (checked here). */
  requestedTarget: string | null;
  profileType: ProfileType | null | undefined;
}

/**
 * Spec §2 Auth redirects: after signing in, the stored target if it is a path of this site, else
 * the profile's home (student and teacher /projects, coordinator /organizations, admin /admin,
 * ADR 0066).
 */
export function RedirectAfterSignIn({ requestedTarget, profileType }: RedirectAfterSignInProps) {
  const target = safeRedirectTarget(requestedTarget) ?? homeFor(profileType);
  return <Navigate to={target} replace />;
}
