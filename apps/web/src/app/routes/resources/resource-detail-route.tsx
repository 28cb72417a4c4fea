import { useLocation, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useResource } from '../../../entities/resource/api/get-resource';
import { useRecordResourceVisit } from '../../../entities/resource/api/record-visit';
import { useSavedResourceIds } from '../../../entities/student-favorites/api/get-favorite-resources';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { ResourceDetailView } from '../../../features/resources/components/resource-detail';
import { ResourcesDisabled } from '../../../features/resources/components/resources-disabled';
import type { ResourceViewer } from '../../../features/resources/types';
import { ApiError } from '../../../lib/api-client';
import { NotFoundRoute } from '../not-found';
import { useResourceViewer } from './use-resource-viewer';
import { usePageTitle } from '../../layouts/page-title';

/** A resource id from the path: digits only; anything else is not a resource page. */
export function parseResourceId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  return Number(raw);
}

/** The history state of a resource page: `resourcesSearch` when opened from a list (the cards). */
export interface ResourcePageState {
  resourcesSearch?: string;
}

function ResourceDetailScreen({
  resourceId,
  viewer,
}: {
  resourceId: number;
  viewer: ResourceViewer;
}) {
  const location = useLocation();
  const resource = useResource(resourceId);
  usePageTitle(resource.data?.title, resource.data?.introduction);
  const studentId = viewer.role === 'student' ? viewer.studentId : null;
  const saved = useSavedResourceIds(studentId);
  // A visit counts once the page shows the resource (the server counts one a visitor a day).
  useRecordResourceVisit(resource.isSuccess ? resourceId : null);

  if (resource.isPending) return <LoadingStatus />;
  if (resource.isError) {
    if (resource.error instanceof ApiError && resource.error.status === 404) {
      return <NotFoundRoute />;
    }
    return (
      <div className="mx-auto w-full max-w-3xl px-3 py-10 sm:px-6">
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>No se ha podido cargar el recurso. Inténtalo de nuevo en unos minutos.</span>
          <Button variant="secondary" onClick={() => void resource.refetch()}>
            Reintentar
          </Button>
        </Alert>
      </div>
    );
  }

  const state = location.state as ResourcePageState | null;
  const search = state?.resourcesSearch?.startsWith('?') ? state.resourcesSearch : '';
  return (
    <ResourceDetailView
      resource={resource.data}
      viewer={viewer}
      isSaved={saved.data?.includes(resourceId) ?? false}
      backHref={`/resources${search}`}
    />
  );
}

/** /resources/:id: a resource's page; a non-numeric id or an unknown one is "not found". */
export function ResourceDetailRoute() {
  const { id } = useParams();
  const resourceId = parseResourceId(id);
  const viewer = useResourceViewer();
  const { permissions, isPending } = usePermissions();
  if (resourceId === null) return <NotFoundRoute />;
  if (viewer === null || isPending) return <LoadingStatus />;
  if (viewer.role !== 'admin' && !permissions.resources.enabled) return <ResourcesDisabled />;
  return <ResourceDetailScreen key={resourceId} resourceId={resourceId} viewer={viewer} />;
}
