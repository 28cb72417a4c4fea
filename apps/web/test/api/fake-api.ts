import type { FeaturePermissions, ProfileType } from '@plataforma/shared';
import { vi } from 'vitest';
import type { SessionUser } from '../../src/features/auth/types';
import { saveSession } from '../../src/lib/session-tokens';
import { account, allPermissions } from './accounts';
import { brandingEnvelope, noMenuLogoEnvelope } from './branding';
import { emptyList, jsonResponse, notFound } from './envelopes';

/**
 * THE fake API of the web's tests: it replaces `fetch`, answers each request from a table of
 * routes and records every call. Route keys are prefixes of `METHOD /path?query` or of `/path?query`
 * (any method); the longest matching key answers, anything else is the API's 404. A test passes
 * only the answers it is about; the page frame's (branding, menu logo, switches, banners, footer,
 * the signed-in user and their profile lookups) are there by default and a route of the test
 * replaces one of them by using the same key.
 *
 *   const api = fakeApi({ user: account('teacher'), routes: {
 *     'GET /api/projects/mine': () => jsonResponse(myProjectsAnswer([...])),
 *     'PUT /api/projects/': ({ body }) => jsonResponse(entry(5, body)),
 *   }});
 *   ... api.calls / api.writes() / api.callsTo('PUT', '/api/projects/5')
 *
 * The answers are built with the typed builders of this folder (accounts, envelopes, branding,
 * projects), whose types are the shared contract's: a fake that drifts from the API's answer no
 * longer compiles.
 */

export interface FakeRequest {
  method: string;
  url: URL;
  /** The JSON body parsed, the raw body otherwise (FormData), or null. */
  body: unknown;
  headers: Record<string, string>;
  init: RequestInit;
  /**
   * Uploads only (sent with XMLHttpRequest, `lib/upload.ts`): reports that `loaded` of `total`
   * bytes are sent, as the browser's `upload.onprogress` would. `init.signal` is aborted when the
   * page aborts the request.
   */
  reportProgress?: (loaded: number, total: number) => void;
}

export type Route = (request: FakeRequest) => Response | Promise<Response>;

export interface FakeApiOptions {
  /** The signed-in user (`GET /api/users/me`); null or absent: a visitor. */
  user?: SessionUser | null;
  permissions?: FeaturePermissions;
  /** What the profile lookups of the header answer (`GET /api/<profile>s?filters[user]...`). */
  profiles?: Partial<Record<'students' | 'teachers' | 'coordinators', Route>>;
  routes?: Record<string, Route>;
  /** `false`: only `routes` answer (a test of the page frame itself). */
  frame?: boolean;
}

function hrefOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The page frame's answers for a visitor or the given user. */
function frameRoutes({ user, permissions, profiles = {} }: FakeApiOptions): Record<string, Route> {
  return {
    'GET /api/branding-saas': () => jsonResponse(brandingEnvelope()),
    'GET /api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    'GET /api/permissions/status': () =>
      jsonResponse({ permissions: permissions ?? allPermissions() }),
    'GET /api/banners': () => jsonResponse(emptyList()),
    'GET /api/footer-sections': () => jsonResponse(emptyList()),
    ...(user
      ? {
          'GET /api/users/me': () => jsonResponse(user),
          'GET /api/students?': profiles.students ?? (() => jsonResponse(emptyList())),
          'GET /api/teachers?': profiles.teachers ?? (() => jsonResponse(emptyList())),
          'GET /api/coordinators?': profiles.coordinators ?? (() => jsonResponse(emptyList())),
          // The bell's count of a student's header; a test with entries answers its own.
          'GET /api/communication-centers/unread-count': () =>
            jsonResponse({ data: { unread: 0 } }),
        }
      : {}),
  };
}

export function fakeApi(options: FakeApiOptions = {}) {
  if (options.user) saveSession({ jwt: 'token-de-prueba' }, false);
  const routes = options.routes ?? {};
  const frame = options.frame === false ? {} : frameRoutes(options);
  // A test's route replaces the frame's of the same path, whatever the method prefix.
  const overridden = new Set(Object.keys(routes).map((k) => k.replace(/^[A-Z]+ /, '')));
  const table: Record<string, Route> = {
    ...Object.fromEntries(
      Object.entries(frame).filter(([k]) => !overridden.has(k.replace(/^[A-Z]+ /, ''))),
    ),
    ...routes,
  };
  const calls: FakeRequest[] = [];
  /** Records the request and answers it from the table. */
  const answer = (request: FakeRequest): Response | Promise<Response> => {
    calls.push(request);
    const { method, url } = request;
    const path = `${url.pathname}${url.search}`;
    // The longest matching path answers; on a tie, the later key (a test's own route).
    const key = Object.keys(table)
      .map((k, index) => ({ k, index, length: k.replace(/^[A-Z]+ /, '').length }))
      .filter(({ k }) =>
        k.startsWith('/') ? path.startsWith(k) : `${method} ${path}`.startsWith(k),
      )
      .sort((a, b) => b.length - a.length || b.index - a.index)[0]?.k;
    return key ? table[key]!(request) : notFound();
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: UploadInit = {}) => {
    const body =
      typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
    return answer({
      method: init.method ?? 'GET',
      url: new URL(hrefOf(input), 'http://test'),
      body,
      headers: (init.headers ?? {}) as Record<string, string>,
      init,
      reportProgress: init.reportProgress,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', fakeXmlHttpRequest(fetchMock));
  return {
    fetchMock,
    calls,
    /** The calls with a method other than GET. */
    writes: () => calls.filter((call) => call.method !== 'GET'),
    /** The calls made with `method` to exactly `path` (no query). */
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.url.pathname === path),
    /** The bodies sent to exactly `path`. */
    bodiesSentTo: (path: string) =>
      calls.filter((call) => call.url.pathname === path).map((call) => call.body),
  };
}

/** What the fake XMLHttpRequest hands to the fetch mock besides RequestInit. */
interface UploadInit extends RequestInit {
  reportProgress?: FakeRequest['reportProgress'];
}

/**
 * The XMLHttpRequest of uploads with progress (`lib/upload.ts`), sent through the same fetch mock,
 * so it is answered by the same table and recorded with every other call: what the page uses of
 * it (open, setRequestHeader, send, abort, status, responseText, getResponseHeader, the
 * load/error/abort/loadend events and `upload`'s progress events).
 */
function fakeXmlHttpRequest(fetchMock: (input: string, init: UploadInit) => Promise<Response>) {
  return class FakeXMLHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    statusText = '';
    responseText = '';
    private method = 'GET';
    private href = '';
    private readonly headers: Record<string, string> = {};
    private answerHeaders = new Headers();
    private readonly controller = new AbortController();

    open(method: string, href: string) {
      this.method = method;
      this.href = href;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    getResponseHeader(name: string): string | null {
      return this.answerHeaders.get(name);
    }

    abort() {
      if (this.controller.signal.aborted) return;
      this.controller.abort();
      this.finish('abort');
    }

    send(body: XMLHttpRequestBodyInit | null = null) {
      const signal = this.controller.signal;
      const init: UploadInit = {
        method: this.method,
        headers: { ...this.headers },
        body,
        signal,
        reportProgress: (loaded, total) => {
          if (signal.aborted) return;
          this.upload.dispatchEvent(
            new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
          );
        },
      };
      void (async () => {
        try {
          const response = await fetchMock(this.href, init);
          if (signal.aborted) return;
          this.status = response.status;
          this.statusText = response.statusText;
          this.answerHeaders = response.headers;
          this.responseText = await response.text();
          if (!signal.aborted) this.finish('load');
        } catch {
          if (!signal.aborted) this.finish('error');
        }
      })();
    }

    private finish(type: 'load' | 'error' | 'abort') {
      this.dispatchEvent(new ProgressEvent(type));
      this.dispatchEvent(new ProgressEvent('loadend'));
    }
  };
}

/** A signed-in user of this profile type for `fakeApi({user})`. */
export const signedInAs = (profileType: ProfileType | null, extra: Partial<SessionUser> = {}) =>
  account(profileType, extra);

/**
 * Only these answers, by path prefix (any method), for a visitor: the fetch mock, to inspect its
 * calls.
 */
export function stubApi(handlers: Record<string, Route>) {
  return fakeApi({ frame: false, routes: handlers }).fetchMock;
}
