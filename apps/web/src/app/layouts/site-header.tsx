import { useState } from 'react';
import { Link } from 'react-router';
import { useMenuLogo } from '../../features/branding/api/get-menu-logo';
import { useBranding } from '../../features/branding/hooks/use-branding';

/**
 * Site header: the menu logo and the project name, together the link home. Role-based navigation
 * (spec §2 "Header and menu by audience") grows on the right.
 */
export function SiteHeader() {
  const { projectName } = useBranding();
  const menuLogo = useMenuLogo();
  // A logo URL that does not load must not leave a broken-image icon in the header.
  const [failedLogoUrl, setFailedLogoUrl] = useState<string | null>(null);
  const showLogo = menuLogo !== null && menuLogo.url !== failedLogoUrl;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-4 sm:h-20 sm:px-6">
        <Link to="/" className="group flex min-w-0 items-center gap-3 rounded-md text-slate-900">
          {showLogo ? (
            // The project name next to it is the link text, so the logo itself is decorative.
            <img
              src={menuLogo.url}
              alt=""
              className="h-9 w-auto max-w-40 shrink-0 object-contain sm:h-11"
              onError={() => setFailedLogoUrl(menuLogo.url)}
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-9 shrink-0 place-items-center rounded-lg bg-main text-sm font-bold text-on-main sm:size-11"
            >
              {initials(projectName)}
            </span>
          )}
          <span className="truncate text-base font-bold tracking-tight decoration-main decoration-2 underline-offset-4 group-hover:underline sm:text-lg">
            {projectName}
          </span>
        </Link>
      </div>
    </header>
  );
}

/** Up to two initials of the project name, for the placeholder mark when there is no logo. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
  const picked = words.length > 0 ? words : name.split(/\s+/);
  return picked
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}
