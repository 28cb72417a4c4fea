import { Link } from 'react-router';
import { useSession } from '../../../features/auth/hooks/use-session';
import { homeFor, LOGIN_PATH } from '../../../features/auth/utils/redirects';
import { heroActionClasses } from '../../../features/landing/components/landing-hero';

interface AudienceActionsProps {
  /** Registration with the audience's profile preselected, e.g. `/register?profile=student`. */
  registerTo: string;
  registerLabel: string;
}

/**
 * The calls to action of an audience landing: signed in, the way to one's own area; signed out,
 * registration for that audience and the login.
 */
export function AudienceActions({ registerTo, registerLabel }: AudienceActionsProps) {
  const { status, user } = useSession();
  if (status === 'authenticated') {
    return (
      <Link to={homeFor(user?.profileType)} className={heroActionClasses('primary')}>
        Ir a mi área
      </Link>
    );
  }
  return (
    <>
      <Link to={registerTo} className={heroActionClasses('primary')}>
        {registerLabel}
      </Link>
      <Link to={LOGIN_PATH} className={heroActionClasses('secondary')}>
        Iniciar sesión
      </Link>
    </>
  );
}
