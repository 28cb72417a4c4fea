import type { DehydratedState } from '@tanstack/react-query';
import { SERVER_STATE_ID } from '@plataforma/shared';

/**
 * What the server sends with a page it rendered (ADR 0060), as JSON in the page: the answers the
 * page was drawn from, so the browser's first render draws the same page and hydrates it.
 */
export interface ServerRenderedState {
  queries: DehydratedState;
  /** The server's clock when it drew the page (ms since the epoch). */
  now: number;
}

let hydratingAt: number | undefined;

/**
 * While the browser hydrates a drawn page, the time the server drew it at: what depends on the
 * clock (a banner's window) is drawn as the server drew it, then follows the browser's clock.
 * Undefined the rest of the time.
 */
export function hydrationClock(): number | undefined {
  return hydratingAt;
}

/** Set before hydrating a drawn page (main.tsx); cleared (undefined) once it is hydrated. */
export function setHydrationClock(at: number | undefined): void {
  hydratingAt = at;
}

/** The state of a page the server rendered, read once; undefined for a page it did not. */
export function serverRenderedState(doc: Document = document): ServerRenderedState | undefined {
  const element = doc.getElementById(SERVER_STATE_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as ServerRenderedState;
  } catch {
    return undefined;
  }
}

/**
 * What a route says of itself to the server renderer: `serverRender: false` for screens that
 * need the browser's DOM to draw (a legal text whose placeholders are filled in a DOM tree); the
 * server sends their shell and the browser draws them.
 */
export interface RouteHandle {
  serverRender?: boolean;
}
