import type { ProfileType } from '@plataforma/shared';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { homeFor, isServerPage, safeRedirectTarget } from '../utils/redirects';

interface RedirectAfterSignInProps {
  /** The `redirect` parameter the login page received, if any (checked here). */
  requestedTarget: string | null;
  profileType: ProfileType | null | undefined;
}

/**
 * Spec §2 Auth redirects: after signing in, the stored target if it is a path of this site, else
 * the profile's home (student and teacher /projects, coordinator /organizations, admin /).
 */
export function RedirectAfterSignIn({ requestedTarget, profileType }: RedirectAfterSignInProps) {
  const target = safeRedirectTarget(requestedTarget) ?? homeFor(profileType);
  const leavesTheApp = isServerPage(target);

  useEffect(() => {
    if (leavesTheApp) window.location.replace(target);
  }, [leavesTheApp, target]);

  if (leavesTheApp) return <LoadingStatus />;
  return <Navigate to={target} replace />;
}
