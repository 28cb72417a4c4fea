import { useSession } from '../../../features/auth/hooks/use-session';
import type { ResourceViewer } from '../../../features/resources/types';

/**
 * Who looks at the resources, from the session: visitors, students (with their student record,
 * known once the profile details load), admins, and the rest. `null` while that is not known.
 */
export function useResourceViewer(): ResourceViewer | null {
  const { status, user, details } = useSession();
  if (status === 'loading') return null;
  if (status === 'anonymous' || !user) return { role: 'visitor', studentId: null };
  if (user.profileType === 'admin') return { role: 'admin', studentId: null };
  if (user.profileType === 'student') {
    if (details === null) return null;
    return { role: 'student', studentId: details.profileId };
  }
  return { role: 'other', studentId: null };
}
