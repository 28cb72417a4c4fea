import { apiErrorCodeOf, type ApiErrorCode } from '@plataforma/shared';
import { spanishErrorMessage } from './error-messages';
import {
  clearSession,
  getToken,
  replaceTokens,
  takeLegacyRefreshToken,
  type SessionTokens,
} from './session-tokens';

/**
 * The one way the web app talks to the API: same origin (`/api/...`; the Vite dev server proxies
 * it), JSON both ways, and every failure turned into an {@link ApiError}.
 */

/** Strapi v4 error envelope: `{data:null, error:{status, name, message, details}}`. */
export interface StrapiErrorEnvelope {
  data: null;
  error: {
    status: number;
    name: string;
    message: string;
    details?: Record<string, unknown>;
  };
}

/** Status used when no HTTP answer arrived at all (offline, DNS, connection refused, aborted). */
export const NETWORK_ERROR_STATUS = 0;

/**
 * A failed API call: the HTTP status plus what the Strapi error envelope said, when it said it.
 * `message` is always Spanish and may be shown to a person (ADR 0032); `serverMessage` is the
 * API's own text, for code that matches its contract.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /**
   * What the API said, as it said it (`Your account email is not confirmed`), for logs and
   * tests; code matches {@link ApiError.code}, never the text. Shown only when it is `message`.
   */
  readonly serverMessage: string;
  /** Seconds to wait before trying again, when the API said (`Retry-After` of a 429 or a 503). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    /** HTTP status; {@link NETWORK_ERROR_STATUS} when the request never got an answer. */
    readonly status: number,
    message: string,
    /** Strapi error name (`NotFoundError`, `ValidationError`…), or `HttpError`/`NetworkError`. */
    readonly errorName: string,
    readonly details: Record<string, unknown> = {},
    options?: { cause?: unknown; serverMessage?: string; retryAfterSeconds?: number },
  ) {
    super(message, options && 'cause' in options ? { cause: options.cause } : undefined);
    this.serverMessage = options?.serverMessage ?? message;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  /** What the refusal is (`details.code`), for code to match on; the message may change. */
  get code(): ApiErrorCode | undefined {
    return apiErrorCodeOf(this.details);
  }

  /** 4xx: the request itself is wrong or not allowed; repeating it will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * `true` (default): send the session's access token as a bearer token when there is one, and on
   * a 401 renew it once with the refresh token (ADR 0008) and repeat the call. `false` for calls
   * that open a session or need none (login, registration, password reset).
   */
  auth?: boolean;
  /** Serialised as JSON; FormData is sent as is (multipart uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** `'blob'`: resolve with the body as a Blob (file downloads such as a CSV export). */
  responseType?: 'json' | 'blob';
  /**
   * `'include'` for the calls under `/auth` that carry the API's HttpOnly refresh cookie
   * (ADR 0055); the default `'same-origin'` sends it as well on this origin, `'include'` says so.
   */
  credentials?: RequestCredentials;
  /**
   * The key of one submission (ADR 0070): sent as `Idempotency-Key`, so the API answers a repeat
   * with the first result. With it, a 503 or a lost connection is tried again (`withRetries`);
   * without it, a request is sent once.
   */
  idempotencyKey?: string;
  /** Told before each new attempt of a keyed request, so the form can say so. */
  onRetry?: (notice: RetryNotice) => void;
}

/** What `onRetry` hears: the failure that will be tried again, and in how long. */
export interface RetryNotice {
  error: ApiError;
  delayMs: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a Strapi v4 error envelope out of a parsed body; anything else (HTML from a proxy, an
 * empty body, another JSON shape) yields undefined.
 */
export function parseStrapiError(body: unknown): StrapiErrorEnvelope['error'] | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const { status, name, message, details } = body.error;
  if (typeof message !== 'string') return undefined;
  return {
    status: typeof status === 'number' ? status : NaN,
    name: typeof name === 'string' ? name : 'ApplicationError',
    message,
    details: isRecord(details) ? details : {},
  };
}

/** Seconds in a `Retry-After` header (a number of seconds or an HTTP date), when usable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds > 0 ? Math.ceil(seconds) : undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) || at <= now ? undefined : Math.ceil((at - now) / 1000);
}

/** `Content-Language` of a message worded for people: Spanish (`es`, `es-ES`...). */
const isSpanish = (language: string | null) =>
  /^es(?:-|$)/i.test(language?.split(',')[0]?.trim() ?? '');

/**
 * Builds the ApiError for a non-OK response. Its `message` is the API's own only when the API
 * marks it as worded for people (`Content-Language: es`: a refusal such as "El plazo de
 * inscripción de este proyecto ha terminado"); otherwise a Spanish text for the status, so an
 * English server text ("Forbidden", "Too many requests") never reaches the screen (ADR 0032).
 */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const envelope = parseStrapiError(body);
  const status = envelope && Number.isInteger(envelope.status) ? envelope.status : response.status;
  const detailsWait = envelope?.details?.retryAfter;
  const retryAfterSeconds =
    parseRetryAfter(response.headers.get('retry-after')) ??
    (typeof detailsWait === 'number' && detailsWait > 0 ? Math.ceil(detailsWait) : undefined);
  const forPeople = envelope !== undefined && isSpanish(response.headers.get('content-language'));
  const message = forPeople ? envelope.message : spanishErrorMessage(status, retryAfterSeconds);
  const options = {
    serverMessage: envelope?.message ?? (response.statusText || `HTTP ${response.status}`),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
  return envelope
    ? new ApiError(status, message, envelope.name, envelope.details, options)
    : new ApiError(status, message, 'HttpError', {}, options);
}

/** How a request reaches the API: `fetch`, or the API process itself when it renders a page. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * Sends every later request through `next` instead of `fetch`: the server renderer answers them
 * inside the API process (ADR 0060). Browsers never call it.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

let refreshing: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for a new access token (`POST /auth`). The refresh token travels as
 * the API's HttpOnly cookie, which scripts never see; the API answers the new access token and
 * rotates the cookie itself (ADR 0055). One refresh at a time: calls that fail together wait for
 * the same one. A refused refresh ends the session (spec §4: a user fetch answering errors clears
 * the token).
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const legacyToken = takeLegacyRefreshToken();
    try {
      const tokens = await send<SessionTokens>('/auth', {
        method: 'POST',
        body: legacyToken ? { refreshToken: legacyToken } : {},
        auth: false,
        credentials: 'include',
      });
      if (!tokens?.jwt) return false;
      replaceTokens(tokens);
      return true;
    } catch (error) {
      // Offline is not a verdict on the session: keep it, the next call tries again.
      if (error instanceof ApiError && error.status !== NETWORK_ERROR_STATUS) clearSession();
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Runs `send` with the session's access token (undefined without a session or when `auth` is
 * false) and, when that token is refused with a 401, renews it once with the refresh token
 * (ADR 0008) and runs `send` again. The one rule every call to the API follows, whatever carries
 * it (`fetch` here, XMLHttpRequest for uploads with progress in `upload.ts`).
 */
export async function withSessionToken<T>(
  send: (token: string | undefined) => Promise<T>,
  auth = true,
): Promise<T> {
  const sentToken = auth ? getToken() : undefined;
  try {
    return await send(sentToken);
  } catch (error) {
    const expired = error instanceof ApiError && error.status === 401 && sentToken !== undefined;
    if (!expired) throw error;
    // Another call may already have renewed the token while this one was on its way.
    if (getToken() !== sentToken || (await refreshSession())) {
      return send(getToken());
    }
    clearSession();
    throw error;
  }
}

/**
 * Calls the API and resolves with the parsed JSON body (undefined for an empty answer such as
 * 204). Rejects with an {@link ApiError} on a non-2xx answer or a network failure; an aborted
 * request rejects with the AbortError untouched, so TanStack Query can tell cancellation apart.
 * With a session, the bearer token goes along and an expired one is renewed once (see `auth`).
 * With an `idempotencyKey`, a 503 or a lost connection is tried again (ADR 0070); without one,
 * a request is never repeated here (queries are retried by the query client).
 *
 * @param path absolute path on this origin, e.g. `/api/branding-saas?populate=*`
 */
export function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const once = () =>
    withSessionToken((token) => send<T>(path, options, token), options.auth !== false);
  return options.idempotencyKey ? withRetries(once, options) : once();
}

/** Attempts of one keyed request and the time they may take, waits included (ADR 0070). */
export const RETRY_LIMITS = { attempts: 6, budgetMs: 30_000, baseMs: 1_000, capMs: 8_000 };

/**
 * A failure worth another attempt: 503 (the API is full, or lost its database: ADR 0053) or no
 * answer at all. Anything else (a 4xx, a 500) would fail the same way again.
 */
export const isTransient = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 503 || error.status === NETWORK_ERROR_STATUS);

/**
 * The wait before retry `retry` (0 for the first): exponential back-off with full jitter (a
 * random wait up to 1 s, 2 s, 4 s, then 8 s), so a crowd turned away together does not come back
 * together; never sooner than the API's `Retry-After`.
 */
export function retryDelay(retry: number, retryAfterSeconds = 0): number {
  const ceiling = Math.min(RETRY_LIMITS.capMs, RETRY_LIMITS.baseMs * 2 ** retry);
  return retryAfterSeconds * 1000 + Math.floor(Math.random() * ceiling);
}

/**
 * Runs `attempt` again after a transient failure, within {@link RETRY_LIMITS}; the last failure
 * is thrown. Only for requests the API can tell apart from their repeats (an `Idempotency-Key`)
 * or that change nothing. An abort ends the wait at once with an AbortError.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  { signal, onRetry }: Pick<ApiRequestOptions, 'signal' | 'onRetry'> = {},
): Promise<T> {
  const started = Date.now();
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isTransient(error) || retry + 1 >= RETRY_LIMITS.attempts) throw error;
      const delayMs = retryDelay(retry, error.retryAfterSeconds);
      if (Date.now() - started + delayMs > RETRY_LIMITS.budgetMs) throw error;
      onRetry?.({ error, delayMs });
      await new Promise<void>((resolve, reject) => {
        const stop = () => {
          clearTimeout(timer);
          reject(new DOMException('Cancelado', 'AbortError'));
        };
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', stop);
          resolve();
        }, delayMs);
        if (signal?.aborted) stop();
        else signal?.addEventListener('abort', stop, { once: true });
      });
    }
  }
}

/** The error of a request that never got an answer (offline, DNS, connection refused). */
export function networkError(cause: unknown): ApiError {
  return new ApiError(
    NETWORK_ERROR_STATUS,
    'No se pudo conectar con el servidor',
    'NetworkError',
    {},
    { cause },
  );
}

async function send<T>(path: string, options: ApiRequestOptions, token?: string): Promise<T> {
  const {
    method = 'GET',
    body,
    headers = {},
    signal,
    credentials = 'same-origin',
    idempotencyKey,
  } = options;
  const isFormData = typeof FormData !== 'undefined' && body instanceof FormData;
  const init: RequestInit = {
    method,
    headers: {
      Accept: 'application/json',
      ...(body !== undefined && !isFormData ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      ...headers,
    },
    credentials,
    signal,
  };
  if (body !== undefined) init.body = isFormData ? body : JSON.stringify(body);

  let response: Response;
  try {
    response = await transport(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError(error);
  }
  return readAnswer<T>(response, options.responseType);
}

/**
 * The body of an API answer: an {@link ApiError} for a non-2xx one, the Blob when asked for, else
 * the parsed JSON (undefined when empty).
 */
export async function readAnswer<T>(
  response: Response,
  responseType: ApiRequestOptions['responseType'] = 'json',
): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  if (responseType === 'blob') return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new ApiError(
      response.status,
      'Respuesta no válida del servidor',
      'InvalidResponse',
      {},
      {
        cause: error,
      },
    );
  }
}
