import { CatalogueAdminScreen } from '../../../features/catalogue-admin/components/catalogue-admin-screen';
import { CatalogueLoadScreen } from '../../../features/catalogue-admin/components/catalogue-load-screen';
import { LOAD_TEXTS } from '../../../features/catalogue-admin/utils/load-texts';
import { usePageTitle } from '../../layouts/page-title';
import { RequireAdmin } from './require-admin';

/** `/campus`, "Facultades y Grados" (spec §2, ADR 0047): admins only. */
export function CatalogueAdminRoute() {
  return (
    <RequireAdmin>
      <CatalogueAdminScreen />
    </RequireAdmin>
  );
}

/** `/campus/load`: the catalogue from a CSV or XLSX file (ADR 0065): admins only. */
export function CatalogueLoadRoute() {
  // WCAG 2.4.2: the tab says which page this is (ADR 0056).
  usePageTitle(LOAD_TEXTS.title);
  return (
    <RequireAdmin>
      <CatalogueLoadScreen />
    </RequireAdmin>
  );
}
