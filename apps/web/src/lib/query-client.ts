import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, RETRY_LIMITS, retryDelay } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * When set, a failed query is logged with this message (once, after its retries) instead of
       * being shown to the user: spec §8 "Branding or logo fetch fails: only logged".
       */
      logErrorAs?: string;
      /**
       * The same for everyone (branding, footer, catalogues): kept when someone signs in or out.
       * Every other query may depend on who is signed in and is dropped then.
       */
      isPublic?: boolean;
    };
  }
}

/** Network failures and 5xx answers are retried this many times; 4xx never. */
export const MAX_RETRIES = 2;

/**
 * Retry what may be transient (no answer, 5xx, 429); a 4xx will fail the same way again, and a
 * `Retry-After` longer than our own longest wait is said to the person rather than waited out.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError) {
    if (error.isClientError && error.status !== 429) return false;
    if ((error.retryAfterSeconds ?? 0) * 1000 > RETRY_LIMITS.capMs) return false;
  }
  return true;
}

/**
 * Reads wait as keyed writes do (ADR 0070): back-off with full jitter, so the many pages a full
 * API turned away do not come back in step, and never before its `Retry-After`.
 */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  return retryDelay(failureCount, error instanceof ApiError ? error.retryAfterSeconds : undefined);
}

/**
 * The app's query client. Spec §9: the data cache never treats data as stale, so cached answers
 * are reused until a mutation invalidates them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        const message = query.meta?.logErrorAs;
        if (message) console.error(message, error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: shouldRetry,
        retryDelay: queryRetryDelay,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/**
 * The query client of one server render (ADR 0060): nothing is retried (what fails is left for
 * the browser to ask) and nothing is kept after the render.
 */
export function createServerQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, retry: false, gcTime: Infinity },
    },
  });
}

/**
 * Spec §4 Session: logging in or out resets user data. Drops every query that is not public, so
 * nothing one user saw is shown to the next; the branding and the footer stay.
 */
export function resetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.meta?.isPublic !== true });
}
