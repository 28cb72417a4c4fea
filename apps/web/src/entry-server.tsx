import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/routes';
import { setApiTransport, type ApiTransport } from './lib/api-client';
import { setServerHtml, type ServerHtml } from './lib/sanitize-html';
import { createServerQueryClient } from './lib/query-client';
import type { RouteHandle, ServerRenderedState } from './lib/server-rendered';

/**
 * The web app rendered on the server for a visitor's first request (ADR 0060): the page arrives
 * drawn, and the browser hydrates it with the data it was drawn from.
 */

/** Renders that ask for data never asked before are repeated, at most this many times. */
const MAX_PASSES = 4;

export type ServerRender =
  | { kind: 'page'; status: number; html: string; state: ServerRenderedState }
  | { kind: 'redirect'; status: number; location: string }
  /** A page that only the browser draws (its route says so): the server sends the shell. */
  | { kind: 'browser' };

/** What the API process gives the renderer, once. */
export interface ServerRenderSetup {
  /** Answers the API's calls inside the API process (`app.inject`), as a visitor's calls. */
  transport: ApiTransport;
  /** The API's allow-list sanitiser, where DOMPurify has no DOM to work in. */
  html: ServerHtml;
}

let configured = false;

export function configureServerRender({ transport, html }: ServerRenderSetup): void {
  setApiTransport(transport);
  setServerHtml(html);
  configured = true;
}

/** The queries a render asked for that have no data yet and may be fetched. */
function unanswered(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .findAll()
    .filter((query) => {
      if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
      // The observer's `enabled` travels with the options the query was built from.
      const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
      const on = typeof enabled === 'function' ? enabled(query) : enabled;
      return on !== false && typeof query.options.queryFn === 'function';
    });
}

/**
 * `url` (path and query) rendered as a visitor sees it: the router's matches and lazy routes are
 * resolved first; then the tree is rendered, the data it asked for is fetched, and it is rendered
 * again, until a render asks for nothing new. What could not be fetched is left for the browser.
 */
export async function render(url: string, origin: string): Promise<ServerRender> {
  if (!configured) throw new Error('render() needs configureServerRender() first');
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('location') ?? '/',
    };
  }
  if (
    context.matches.some((match) => (match.route.handle as RouteHandle)?.serverRender === false)
  ) {
    return { kind: 'browser' };
  }
  const queryClient = createServerQueryClient();
  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    html = renderPass(queryClient, handler.dataRoutes, context);
    const asked = unanswered(queryClient);
    if (asked.length === 0) break;
    await Promise.allSettled(asked.map((query) => query.fetch()));
  }
  // A page drawn with a failed answer would show its error to every visitor, and the browser
  // (which asks again, with retries) would draw something else: the browser draws it instead.
  if (
    queryClient
      .getQueryCache()
      .findAll({ type: 'all' })
      .some((q) => q.state.status === 'error')
  ) {
    return { kind: 'browser' };
  }
  return {
    kind: 'page',
    status: context.statusCode,
    html,
    state: { queries: dehydrate(queryClient), now: Date.now() },
  };
}

function renderPass(
  queryClient: QueryClient,
  dataRoutes: Parameters<typeof createStaticRouter>[0],
  context: StaticHandlerContext,
): string {
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(
    <AppProvider queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
}
