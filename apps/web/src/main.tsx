import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Default font, self-hosted (spec §9; no font CDN). unicode-range makes the browser fetch only the
// subsets a page uses.
import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/500.css';
import '@fontsource/montserrat/600.css';
import '@fontsource/montserrat/700.css';
import './styles.css';
import { App } from './app/app';
import { loadRouteModules, routes } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { serverRenderedState, setHydrationClock } from './lib/server-rendered';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const state = serverRenderedState();
if (state) {
  // The server drew this page (ADR 0060): the first render must draw it again from the same
  // answers and the same route modules, so React adopts the page instead of replacing it.
  const queryClient = createQueryClient();
  hydrate(queryClient, state.queries);
  setHydrationClock(state.now);
  // In a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (a phone would not answer a tap meanwhile).
  void loadRouteModules(routes, window.location).then(() =>
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
        {
          // A page that differs from the server's is drawn again by the browser; say so, since
          // the first screen then costs what the server's drawing was meant to save.
          onRecoverableError: (error) =>
            console.error('La página no coincide con la del servidor', error),
        },
      );
    }),
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
