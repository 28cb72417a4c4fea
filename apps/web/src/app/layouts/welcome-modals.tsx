import { useLocation } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { clearWelcomePending, isWelcomePending } from '../../features/auth/utils/welcome-flag';
import { WelcomeModal } from '../../features/welcome/components/welcome-modal';
import {
  useWelcomeModal,
  type RegistrationFlag,
} from '../../features/welcome/hooks/use-welcome-modal';
import type { WelcomeSubject } from '../../features/welcome/utils/welcome-rules';

/** The registration mark the auth feature sets after signing up (spec §4 Welcome modal). */
const REGISTRATION_FLAG: RegistrationFlag = {
  isPending: isWelcomePending,
  clear: clearWelcomePending,
};

/**
 * Spec §2 Modals, part of every page's frame: the student welcome ("¡Estás dentro!"), the
 * teacher's (into their profile wizard, ADR 0033) and the coordinator welcome ("Crear mi
 * organización"). Nothing is decided until the user and their
 * profile details are both loaded; visitors never get one.
 */
export function WelcomeModals() {
  const { status, user, details } = useSession();
  const { pathname } = useLocation();
  const subject: WelcomeSubject | null =
    status === 'authenticated' && user && details
      ? {
          userId: user.id,
          profileType: user.profileType,
          province: details.province,
          phone: details.phone ?? user.phone,
          hasOrganization: details.organization !== null,
          teacherArea: details.teacherArea,
        }
      : null;
  const { welcome, close } = useWelcomeModal({
    subject,
    pathname,
    registration: REGISTRATION_FLAG,
  });
  if (!welcome) return null;
  return <WelcomeModal kind={welcome.kind} isOpen={welcome.isOpen} onClose={close} />;
}
