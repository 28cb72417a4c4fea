import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useBrandingQuery } from '../../../features/branding/api/get-branding';
import { useMenuLogo } from '../../../features/branding/api/get-menu-logo';
import { useUpdateBranding } from '../../../features/branding/api/update-branding';
import { useUpdateMenuLogo } from '../../../features/branding/api/update-menu-logo';
import { DEFAULT_BRANDING } from '../../../features/branding/defaults';
import { useUploadImage } from '../../../features/settings/api/upload-image';
import { BrandingForm } from '../../../features/settings/components/branding-form';
import { MenuLogoCard } from '../../../features/settings/components/menu-logo-card';
import { SELF_HOSTED_FONTS } from '../../../features/settings/constants';
import { themeTools, toBrandingDraft } from './theme-tools';

/** `/admin/ajustes/marca`: the branding (spec §3) with a live preview, and the menu logo. */
export function BrandingSettingsRoute() {
  const branding = useBrandingQuery();
  const menuLogo = useMenuLogo();
  const updateBranding = useUpdateBranding();
  const updateMenuLogo = useUpdateMenuLogo();
  const uploadImage = useUploadImage();

  if (branding.isPending) return <LoadingStatus />;
  const logo = menuLogo ? { url: menuLogo.url, alternativeText: menuLogo.alternativeText } : null;

  return (
    <section aria-labelledby="ajustes-marca" className="flex flex-col gap-6">
      <div>
        <h2 id="ajustes-marca" className="text-xl font-bold text-slate-900">
          Marca
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Nombre, colores, tipografía y enlaces de tu universidad. La vista previa muestra los
          cambios antes de guardarlos; el resto de la plataforma cambia al guardar.
        </p>
      </div>
      {branding.isError ? (
        <Alert tone="info">
          No se pudo cargar la marca guardada: el formulario muestra los valores por defecto.
        </Alert>
      ) : null}
      <BrandingForm
        initialDraft={toBrandingDraft(branding.data ?? DEFAULT_BRANDING)}
        tools={themeTools}
        logo={logo}
        fonts={SELF_HOSTED_FONTS}
        onSave={async (payload) => {
          await updateBranding.mutateAsync(payload);
        }}
      />
      <MenuLogoCard
        logo={logo}
        onUpload={async (file) => {
          const stored = await uploadImage.mutateAsync(file);
          await updateMenuLogo.mutateAsync(stored.id);
        }}
        onRemove={() => updateMenuLogo.mutateAsync(null)}
      />
    </section>
  );
}
