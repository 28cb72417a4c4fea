import { useLayoutEffect, type ReactNode } from 'react';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useBrandingQuery } from '../api/get-branding';
import { useMenuLogo } from '../api/get-menu-logo';
import { DEFAULT_BRANDING } from '../defaults';
import { applyBranding, setFavicon } from '../utils/theme';

/**
 * Loads the branding and applies it to the page (title, colours, font, favicon). Until the branding
 * has settled it shows "Cargando..." (spec §8), so the first screen never flashes another
 * university's name; if it fails, the app runs on the defaults. The menu logo does not block.
 */
export function BrandingProvider({ children }: { children: ReactNode }) {
  const { data, isPending } = useBrandingQuery();
  const menuLogo = useMenuLogo();

  // Layout effects run before the browser paints, so the brand colours never flash in late.
  useLayoutEffect(() => {
    if (!isPending) applyBranding(data ?? DEFAULT_BRANDING);
  }, [data, isPending]);

  useLayoutEffect(() => {
    if (menuLogo) setFavicon(menuLogo.url, menuLogo.mime);
  }, [menuLogo]);

  if (isPending) return <LoadingStatus fullScreen />;
  return children;
}
