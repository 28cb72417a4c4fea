import { useCallback } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSession } from '../../../features/auth/hooks/use-session';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { ProfileWizard } from '../../../features/profile-wizard/components/profile-wizard';
import type { CatalogueFetchers } from '../../../features/profile-wizard/types';
import { getThanksTarget } from '../../../features/profile-wizard/utils/thanks-target';
import {
  getCampusOptions,
  getStudentDegreeOptions,
  getTeacherDegreeOptions,
  getUniversityOptions,
} from '../../../forms/catalogue';

/** The catalogue calls each role's wizard chooses from (spec §5 Degree choices). */
const FETCHERS: Record<'student' | 'teacher', CatalogueFetchers> = {
  student: {
    universities: getUniversityOptions,
    campuses: getCampusOptions,
    degrees: getStudentDegreeOptions,
  },
  teacher: {
    universities: getUniversityOptions,
    campuses: getCampusOptions,
    degrees: getTeacherDegreeOptions,
  },
};

/**
 * `/profile/completar`: the profile-completion wizard of students and teachers (spec §2 Modals)
 * over the page; the welcome's "Completar perfil en 3 minutos" leads here. Leaving it goes back to
 * /profile; other roles go straight there.
 */
export function CompleteProfileRoute() {
  const { user, details } = useSession();
  const { permissions } = usePermissions();
  const navigate = useNavigate();
  const close = useCallback(() => {
    void navigate('/profile');
  }, [navigate]);

  const role = user?.profileType;
  if (role !== 'student' && role !== 'teacher') return <Navigate to="/profile" replace />;
  if (!details?.profileId) return <LoadingStatus />;
  return (
    <ProfileWizard
      role={role}
      profileId={details.profileId}
      askPhone={!user?.phone?.trim()}
      fetchers={FETCHERS[role]}
      thanksTarget={getThanksTarget({
        isProjectsEnabled: permissions.projects.enabled,
        // The final works' switch, the one every /tfx link of the menu follows (spec §2).
        isTfxEnabled: permissions.tfxes.enabled,
      })}
      onClose={close}
    />
  );
}
