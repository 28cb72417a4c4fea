import { LoadingStatus } from '../../../components/ui/loading-status';
import { LibraryCatalogue } from '../../../features/library/components/library-catalogue';
import type { LibraryKind } from '../../../features/library/types';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { useCatalogueViewer } from '../projects/use-catalogue-viewer';
import { LibraryDisabled } from './library-pages';

/**
 * /tfx and /tfx/external (spec §2): the library for everyone, visitors included, wherever its
 * switch is on for them (`tfxes` for the platform's works, `externalTfxes` for the external
 * repository: the switches the menu's links follow); students also get the save button. Admins
 * always see it.
 */
export function LibraryRoute({ kind }: { kind: LibraryKind }) {
  const viewer = useCatalogueViewer();
  const { permissions, isPending } = usePermissions();
  if (viewer === null || isPending) return <LoadingStatus />;
  const enabled =
    kind === 'external' ? permissions.externalTfxes.enabled : permissions.tfxes.enabled;
  if (viewer.role !== 'admin' && !enabled)
    return <LibraryDisabled external={kind === 'external'} />;
  // Keyed by kind: going from one repository to the other starts a fresh screen.
  return <LibraryCatalogue key={kind} kind={kind} viewer={viewer} />;
}
