import { NavLink, Outlet } from 'react-router';
import { ImportWorks } from '../../../features/library-admin/components/import-works';
import { ReviewList } from '../../../features/library-admin/components/review-list';
import { cn } from '../../../lib/cn';

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
      <nav aria-label="Secciones de la biblioteca" className="border-b border-slate-300">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {SECTIONS.map(({ to, label }) => (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'block rounded-t-lg border-b-3 px-2.5 py-2.5 text-sm font-semibold sm:px-4',
                    isActive
                      ? 'border-main text-slate-950'
                      : 'border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-950',
                  )
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

export const PendingWorksRoute = () => <ReviewList key="pending" status="pending" />;
export const PublishedWorksRoute = () => <ReviewList key="published" status="published" />;
export const RejectedWorksRoute = () => <ReviewList key="rejected" status="rejected" />;
export const ImportWorksRoute = () => <ImportWorks />;
