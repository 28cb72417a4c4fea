import { NavLink, Outlet } from 'react-router';
import { cn } from '../../../lib/cn';

const SECTIONS = [
  { to: 'marca', label: 'Marca' },
  { to: 'permisos', label: 'Permisos' },
  { to: 'pie', label: 'Pie de página' },
  { to: 'banners', label: 'Banners' },
  { to: 'textos-legales', label: 'Textos legales' },
  { to: 'correo', label: 'Correo saliente' },
] as const;

/**
 * `/admin/ajustes`: what a university changes without a developer (branding, feature permissions,
 * footer, banners, legal texts) and the outbox. Each section is a link with its own address, so it can be bookmarked and the
 * browser's back button works; the current one is marked with aria-current.
 */
export function SettingsLayout() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Ajustes de la plataforma
        </h1>
        <p className="mt-2 text-base text-slate-700">
          Imagen de marca, permisos por rol, pie de página, banners, textos legales y el correo que
          envía la plataforma. Los cambios se ven en toda la plataforma en cuanto se guardan.
        </p>
      </div>
      <nav aria-label="Secciones de ajustes" className="border-b border-slate-300">
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
