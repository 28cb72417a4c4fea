import { Outlet, ScrollRestoration } from 'react-router';
import { SiteHeader } from './site-header';

/** Page frame of every screen: skip link, header, main content. */
export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only z-50 rounded-md bg-main px-4 py-2 font-semibold text-on-main [--focus-ring:var(--color-main)] focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="contenido" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
