import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decodeHtmlEntities } from '@plataforma/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import { sanitizeRichText } from '../../lib/html/rich-text';

/**
 * The web app drawn on the server (ADR 0060): a visitor's first request for a public page gets
 * the page itself, not an empty shell that scripts fill in later. The renderer is the web's own
 * code, built for Node by `vite build --ssr` (apps/web/dist-server/entry-server.js); the answers
 * it draws from come from this process through `app.inject`, with the access rules and the
 * answer cache of any other request.
 */

/** What apps/web/src/entry-server.tsx exports. */
interface WebServerEntry {
  configureServerRender(setup: {
    transport: (path: string, init: RequestInit) => Promise<Response>;
    html: {
      sanitize(html: string): string;
      toText(html: string): string;
    };
  }): void;
  render(url: string, origin: string): Promise<ServerRender>;
}

export type ServerRender =
  | { kind: 'page'; status: number; html: string; state: unknown }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'browser' };

/**
 * The web's HTML cleaning where DOMPurify has no DOM: the allow-list rich text is written with
 * (ADR 0035).
 */
const serverHtml = {
  sanitize: (html: string) => sanitizeRichText(html),
  toText: (html: string) =>
    decodeHtmlEntities(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })),
};

/** A render that takes longer is abandoned and the page is sent as the shell, drawn by scripts. */
export const RENDER_TIMEOUT_MS = 3_000;

const entries = new Map<string, Promise<WebServerEntry | undefined>>();

/** The renderer built beside the web app's dist folder, when the build made one. */
export function serverEntryPath(webDir: string): string {
  return join(dirname(webDir), 'dist-server', 'entry-server.js');
}

/** Headers of an injected answer as the Fetch API's `Headers`. */
function headersOf(headers: Record<string, string | string[] | number | undefined>): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) result.append(name, String(one));
  }
  return result;
}

async function loadEntry(
  app: FastifyInstance,
  webDir: string,
): Promise<WebServerEntry | undefined> {
  const file = serverEntryPath(webDir);
  if (!existsSync(file)) return undefined;
  const entry = (await import(pathToFileURL(file).href)) as WebServerEntry;
  // A visitor's requests: no cookie, no token. Only GETs are made while drawing a page.
  const transport = async (path: string, init: RequestInit) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      headers: { accept: 'application/json' },
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.statusCode,
      headers: headersOf(answer.headers),
    });
  };
  entry.configureServerRender({ transport, html: serverHtml });
  return entry;
}

/**
 * `url` drawn as a visitor sees it, or undefined when there is no renderer, it failed or it took
 * too long: the caller then sends the shell, which the browser draws itself (never an error page
 * for a page that works without the server's drawing).
 */
export async function renderPage(
  app: FastifyInstance,
  webDir: string,
  url: string,
  log: FastifyBaseLogger,
): Promise<ServerRender | undefined> {
  let entry = entries.get(webDir);
  if (!entry) {
    entry = loadEntry(app, webDir).catch((error: unknown) => {
      log.error({ err: error }, 'the web app’s server renderer could not be loaded');
      return undefined;
    });
    entries.set(webDir, entry);
  }
  const renderer = await entry;
  if (!renderer) return undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      renderer.render(url, app.config.publicUrl),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => {
          log.warn({ url }, 'page render took too long; the shell is sent instead');
          resolve(undefined);
        }, RENDER_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    log.error({ err: error, url }, 'page render failed; the shell is sent instead');
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
