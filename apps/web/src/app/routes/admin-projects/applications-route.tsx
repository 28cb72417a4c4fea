import { ApplicationsScreen } from '../../../features/applications-admin/components/applications-screen';
import { RequireAdmin } from '../admin/require-admin';

/** /projects/applys (spec §2 "Admin: applications"). */
export function ApplicationsRoute() {
  return (
    <RequireAdmin>
      <ApplicationsScreen />
    </RequireAdmin>
  );
}
