import { CatalogueAdminScreen } from '../../../features/catalogue-admin/components/catalogue-admin-screen';
import { RequireAdmin } from './require-admin';

/** `/campus`, "Facultades y Grados" (spec §2, ADR 0047): admins only. */
export function CatalogueAdminRoute() {
  return (
    <RequireAdmin>
      <CatalogueAdminScreen />
    </RequireAdmin>
  );
}
