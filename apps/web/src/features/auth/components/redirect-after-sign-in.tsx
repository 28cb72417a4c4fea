import type { ProfileType } from '@plataforma/shared';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { homeFor, isServerPage, safeRedirectTarget } from '../utils/redirects';

/**
 * The server page this document is already leaving for. The login screen may render this again
 * while the browser loads it (the session's queries settle); a second `location.replace` would
 * abort the first load.
 */
let leavingFor: string | null = null;

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
    if (!leavesTheApp || leavingFor === target) return;
    leavingFor = target;
    window.location.replace(target);
  }, [leavesTheApp, target]);

  if (leavesTheApp) return <LoadingStatus />;
  return <Navigate to={target} replace />;
}
