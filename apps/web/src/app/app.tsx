import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client';
import { setHydrationClock } from '../lib/server-rendered';
import { AppProvider } from './provider';
import { routes } from './routes';

interface AppProps {
  /** A client already holding the answers the server drew the page from (ADR 0060). */
  queryClient?: QueryClient;
}

/** The browser app: one query client and one router for the page's lifetime. */
export function App({ queryClient: given }: AppProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(() => createBrowserRouter(routes));
  // The scripts have taken the page over (hydrated, or drawn it): what the journeys wait for
  // before they act on a page the server drew (ADR 0060).
  useEffect(() => {
    setHydrationClock(undefined);
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
