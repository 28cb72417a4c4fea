import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toast';
import { BrandingProvider } from '../features/branding/components/branding-provider';

interface AppProviderProps {
  /** Passed in so tests get a fresh cache each; the app makes one in app.tsx. */
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Everything a route needs around it: data cache, then the branding (which gates first render),
 * and the one live region where actions are confirmed (components/ui/toast).
 */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandingProvider>{children}</BrandingProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
