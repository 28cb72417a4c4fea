import { AsignationsScreen } from '../../../features/applications-admin/components/asignations-screen';
import { RequireAdmin } from '../admin/require-admin';

/** /projects/asignations (spec §2 "Admin: assign projects"). */
export function AsignationsRoute() {
  return (
    <RequireAdmin>
      <AsignationsScreen />
    </RequireAdmin>
  );
}
