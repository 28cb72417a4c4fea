import { LoadingStatus } from '../../../components/ui/loading-status';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { ProjectCatalogue } from '../../../features/projects-catalogue/components/project-catalogue';
import { ProjectsDisabled } from './projects-disabled';
import { useCatalogueViewer } from './use-catalogue-viewer';

/**
 * /projects (spec §2): the catalogue for everyone; students also get recommendations and the
 * save toggle, admins every status (ADR 0027).
 */
export function ProjectsRoute() {
  const viewer = useCatalogueViewer();
  const { permissions, isPending } = usePermissions();
  if (viewer === null || isPending) return <LoadingStatus />;
  if (viewer.role !== 'admin' && !permissions.projects.enabled) return <ProjectsDisabled />;
  return <ProjectCatalogue viewer={viewer} />;
}
