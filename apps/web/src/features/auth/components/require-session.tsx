import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSession } from '../hooks/use-session';
import { loginPathReturningTo } from '../utils/redirects';

/**
 * Spec §2 Auth redirects: a signed-out visitor of a private screen goes to the login page, which
 * brings them back afterwards. The server still decides what each call may read.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <LoadingStatus />;
  if (status === 'anonymous') {
    const target = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginPathReturningTo(target)} replace />;
  }
  return children;
}
