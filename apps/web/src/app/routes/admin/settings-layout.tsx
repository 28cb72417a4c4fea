import { Outlet } from 'react-router';
import { SectionTabs } from '../../../components/ui/section-tabs';

const SECTIONS = [
  { to: 'marca', label: 'Marca' },
  { to: 'permisos', label: 'Permisos' },
  { to: 'pie', label: 'Pie de página' },
  { to: 'banners', label: 'Banners' },
  { to: 'textos-legales', label: 'Textos legales' },
  { to: 'profesorado', label: 'Profesorado' },
  { to: 'correo', label: 'Correo saliente' },
] as const;

/**
 * `/admin/ajustes`: what a university changes without a developer (branding, feature permissions,
 * footer, banners, legal texts, its teachers' email domains) and the outbox. Each section is a link with its own address, so it can be bookmarked and the
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
          Imagen de marca, permisos por rol, pie de página, banners, textos legales, la verificación
          del profesorado y el correo que envía la plataforma. Los cambios se ven en toda la
          plataforma en cuanto se guardan.
        </p>
      </div>
      <SectionTabs label="Secciones de ajustes" sections={SECTIONS} />
      <Outlet />
    </div>
  );
}
