import { ReportsDashboard } from '../../../features/reports/components/reports-dashboard';
import { RequireAdmin } from './require-admin';

/**
 * `/admin/informes` (ADR 0049): the impact dashboard. Loaded on demand with its charting library
 * (recharts), which stays out of the bundle every visitor downloads.
 */
export function AdminReportsRoute() {
  return (
    <RequireAdmin>
      <ReportsDashboard />
    </RequireAdmin>
  );
}
