import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../src/app/provider';
import { routes } from '../src/app/routes';
import { createQueryClient } from '../src/lib/query-client';

/** Renders the whole app (providers, layout, routes) at `path`, as the browser would. */
export function renderApp(path = '/', { queryClient = createQueryClient() } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}

/** A client that fails at once instead of retrying with back-off (network-failure tests). */
export function createNoRetryQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}
