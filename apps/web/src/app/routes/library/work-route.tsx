import { useLocation, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSession } from '../../../features/auth/hooks/use-session';
import { useCountView } from '../../../features/library/api/count-view';
import { useWork } from '../../../features/library/api/get-work';
import { RelatedWorks } from '../../../features/library/components/related-works';
import type { WorkPageState } from '../../../features/library/components/work-card';
import { WorkDetail } from '../../../features/library/components/work-detail';
import type { LibraryViewer } from '../../../features/library/types';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { useSavedWorkIds } from '../../../entities/student-favorites/api/get-saved-works';
import { EXTERNAL_LIBRARY_PATH, LIBRARY_PATH } from '../../../entities/tfx/utils/paths';
import { ApiError } from '../../../lib/api-client';
import { NotFoundRoute } from '../not-found';
import { useCatalogueViewer } from '../projects/use-catalogue-viewer';
import { LibraryDisabled, WorkNotFound } from './library-pages';
import { usePageTitle } from '../../layouts/page-title';

/** A work id from the path: digits only; anything else is not a work's page. */
export function parseWorkId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  return Number(raw);
}

const NO_IDS: readonly number[] = [];

function WorkScreen({ workId, viewer }: { workId: number; viewer: LibraryViewer }) {
  const location = useLocation();
  const { details } = useSession();
  const { permissions } = usePermissions();
  const work = useWork(workId);
  usePageTitle(work.data?.attributes.title, work.data?.attributes.summary);
  const studentId = viewer.role === 'student' ? viewer.studentId : null;
  const savedIds = useSavedWorkIds(studentId).data ?? NO_IDS;
  // Once the work is known to be there (spec: a visit is counted when the page opens).
  useCountView(workId, work.isSuccess);

  const state = location.state as WorkPageState | null;
  const fromSearch = state?.librarySearch?.startsWith('?') ? state.librarySearch : '';
  const fromPath =
    state?.libraryPath === EXTERNAL_LIBRARY_PATH || state?.libraryPath === LIBRARY_PATH
      ? state.libraryPath
      : null;

  if (work.isPending) return <LoadingStatus />;
  if (work.isError) {
    if (work.error instanceof ApiError && work.error.status === 404) {
      return <WorkNotFound backHref={fromPath ?? LIBRARY_PATH} />;
    }
    return (
      <div className="mx-auto w-full max-w-3xl px-3 py-10 sm:px-6">
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>No se ha podido cargar el trabajo. Inténtalo de nuevo en unos minutos.</span>
          <Button variant="secondary" onClick={() => void work.refetch()}>
            Reintentar
          </Button>
        </Alert>
      </div>
    );
  }

  const external = work.data.attributes.external;
  const enabled = external ? permissions.externalTfxes.enabled : permissions.tfxes.enabled;
  if (viewer.role !== 'admin' && !enabled) return <LibraryDisabled external={external} />;
  const listPath = fromPath ?? (external ? EXTERNAL_LIBRARY_PATH : LIBRARY_PATH);
  return (
    <WorkDetail
      work={work.data}
      studentId={studentId}
      isSaved={savedIds.includes(workId)}
      isOwn={details?.tfxs.some((own) => own.id === workId) ?? false}
      backHref={`${listPath}${fromPath ? fromSearch : ''}`}
      backLabel={
        listPath === EXTERNAL_LIBRARY_PATH
          ? 'Volver a los trabajos externos'
          : 'Volver a la biblioteca'
      }
      related={<RelatedWorks workId={workId} studentId={studentId} savedIds={savedIds} />}
    />
  );
}

/**
 * /tfx/:id: a work's page. A non-numeric id is "Página no encontrada"; a work that does not exist
 * or is not visible to the reader (the API answers 404 for both) is "Trabajo no encontrado".
 */
export function WorkRoute() {
  const { id } = useParams();
  const workId = parseWorkId(id);
  const viewer = useCatalogueViewer();
  const { permissions, isPending } = usePermissions();
  if (workId === null) return <NotFoundRoute />;
  if (viewer === null || isPending) return <LoadingStatus />;
  const anyLibrary = permissions.tfxes.enabled || permissions.externalTfxes.enabled;
  if (viewer.role !== 'admin' && !anyLibrary) return <LibraryDisabled />;
  return <WorkScreen key={workId} workId={workId} viewer={viewer} />;
}
