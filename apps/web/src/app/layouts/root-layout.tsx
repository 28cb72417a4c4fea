import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { PageTitle } from './page-title';
import { SiteBanners } from './site-banners';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Only a signed-in person can get a welcome: its dialog loads for them alone (ADR 0061). */
const WelcomeModals = lazy(() =>
  import('./welcome-modals').then((module) => ({ default: module.WelcomeModals })),
);

/**
 * Page frame of every screen: skip link, header, campaign banners, main content, footer (with the
 * scroll-to-top button) and the welcome modals (spec §2).
 */
export function RootLayout() {
  const { status } = useSession();
  return (
    <PageTitle>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#contenido"
          className="sr-only z-50 rounded-md bg-main px-4 py-2 font-semibold text-on-main [--focus-ring:var(--color-main)] focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Saltar al contenido
        </a>
        <SiteHeader />
        <SiteBanners />
        {/* At least a screen tall: the footer starts below the fold, so content that arrives
            late grows the page without moving anything in view (no layout shift, ADR 0056). */}
        <main id="contenido" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
          <Outlet />
        </main>
        <SiteFooter />
        {status === 'authenticated' ? (
          <Suspense fallback={null}>
            <WelcomeModals />
          </Suspense>
        ) : null}
        <ScrollRestoration />
      </div>
    </PageTitle>
  );
}
