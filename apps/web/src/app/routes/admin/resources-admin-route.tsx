import { useParams } from 'react-router';
import {
  NewResourceEditor,
  ResourceEditor,
} from '../../../features/resources-admin/components/resource-editor';
import { ResourcesAdminList } from '../../../features/resources-admin/components/resources-admin-list';
import { NotFoundRoute } from '../not-found';
import { parseResourceId } from '../resources/resource-detail-route';
import { RequireAdmin } from './require-admin';

/** `/admin/recursos` (ADR 0041): every resource, drafts included, to edit and publish. */
export function AdminResourcesRoute() {
  return (
    <RequireAdmin>
      <ResourcesAdminList />
    </RequireAdmin>
  );
}

/** `/admin/recursos/nuevo`. */
export function AdminNewResourceRoute() {
  return (
    <RequireAdmin>
      <NewResourceEditor />
    </RequireAdmin>
  );
}

/** `/admin/recursos/:id`; an id that is not a number or no resource is "not found". */
export function AdminResourceEditRoute() {
  const { id } = useParams();
  const resourceId = parseResourceId(id);
  return (
    <RequireAdmin>
      {resourceId === null ? (
        <NotFoundRoute />
      ) : (
        <ResourceEditor key={resourceId} resourceId={resourceId} notFound={<NotFoundRoute />} />
      )}
    </RequireAdmin>
  );
}
