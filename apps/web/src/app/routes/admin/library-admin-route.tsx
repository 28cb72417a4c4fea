import { Outlet } from 'react-router';
import { SectionTabs } from '../../../components/ui/section-tabs';
import { ImportWorks } from '../../../features/library-admin/components/import-works';
import { ReviewList } from '../../../features/library-admin/components/review-list';

const SECTIONS = [
  { to: 'pendientes', label: 'Pendientes de revisión' },
  { to: 'publicados', label: 'Publicados' },
  { to: 'rechazados', label: 'Rechazados' },
  { to: 'importar', label: 'Importar trabajos externos' },
] as const;

/**
 * `/admin/biblioteca` (ADR 0041): the staff review of the final works students upload, by state,
 * and the import of external works. Each section is a link with its own address (bookmarks and
 * the back button work); the current one is marked with aria-current, as in the settings.
 */
export function LibraryAdminLayout() {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Biblioteca</h1>
        <p className="mt-2 text-base text-slate-700">
          Los trabajos finales que suben los estudiantes esperan aquí a que la administración los
          publique o los rechace. También se importan los trabajos externos.
        </p>
      </div>
      <SectionTabs label="Secciones de la biblioteca" sections={SECTIONS} />
      <Outlet />
    </div>
  );
}

export const PendingWorksRoute = () => <ReviewList key="pending" status="pending" />;
export const PublishedWorksRoute = () => <ReviewList key="published" status="published" />;
export const RejectedWorksRoute = () => <ReviewList key="rejected" status="rejected" />;
export const ImportWorksRoute = () => <ImportWorks />;
