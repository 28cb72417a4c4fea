import { BannersAdmin } from '../../../features/banners/components/banners-admin';

/**
 * `/admin/ajustes/banners`: the campaign banners an admin schedules (spec §2 Banners as data,
 * ADR 0015), inside the admin-only settings layout.
 */
export function AdminBannersRoute() {
  return (
    <section aria-labelledby="ajustes-banners" className="flex flex-col gap-6">
      <div>
        <h2 id="ajustes-banners" className="text-xl font-bold text-slate-900">
          Banners
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Los avisos que aparecen bajo la cabecera, con un botón para cerrarlos: en qué páginas,
          para quién y entre qué fechas. Fuera de sus fechas no se muestran.
        </p>
      </div>
      <BannersAdmin />
    </section>
  );
}
