import { AdminHome } from '../../../features/admin-home/components/admin-home';
import { TEXTS } from '../../../features/admin-home/texts';
import { usePageTitle } from '../../layouts/page-title';
import { RequireAdmin } from './require-admin';

/**
 * `/admin` (ADR 0066): the administration home, where an admin lands after signing in (spec §2
 * maps the role admin to the area `admin`).
 */
export function AdminHomeRoute() {
  usePageTitle(TEXTS.title);
  return (
    <RequireAdmin>
      <AdminHome />
    </RequireAdmin>
  );
}
