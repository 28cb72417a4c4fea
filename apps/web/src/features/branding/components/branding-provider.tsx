import { useLayoutEffect, type ReactNode } from 'react';
import { useMenuLogo } from '../api/get-menu-logo';
import { useBranding } from '../hooks/use-branding';
import { applyBranding, setFavicon } from '../utils/theme';

/**
 * Applies the branding to the page (title, colours, font, favicon). It never holds the page: the
 * page renders at once with the branding of the last visit or the defaults, and takes the loaded
 * branding when it comes; a failure is only logged (spec §8, ADR 0033). The menu logo, also the
 * favicon (spec §1), comes on its own.
 */
export function BrandingProvider({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const menuLogo = useMenuLogo();

  // Layout effects run before the browser paints, so each branding is on screen with its colours.
  useLayoutEffect(() => {
    applyBranding(branding);
  }, [branding]);

  useLayoutEffect(() => {
    if (menuLogo) setFavicon(menuLogo.url, menuLogo.mime);
  }, [menuLogo]);

  return children;
}
