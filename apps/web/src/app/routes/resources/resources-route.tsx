import { LoadingStatus } from '../../../components/ui/loading-status';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { ResourceCatalogue } from '../../../features/resources/components/resource-catalogue';
import { ResourcesDisabled } from '../../../features/resources/components/resources-disabled';
import { useResourceViewer } from './use-resource-viewer';

/**
 * /resources (spec §2): the published resources for whoever the resources switch is on for;
 * students also save them. Admins always see it (they manage the resources at /admin/recursos).
 */
export function ResourcesRoute() {
  const viewer = useResourceViewer();
  const { permissions, isPending } = usePermissions();
  if (viewer === null || isPending) return <LoadingStatus />;
  if (viewer.role !== 'admin' && !permissions.resources.enabled) return <ResourcesDisabled />;
  return <ResourceCatalogue viewer={viewer} />;
}
