import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  NETWORK_ERROR_STATUS,
  apiRequest,
  parseRetryAfter,
  parseStrapiError,
} from './api-client';
import Cookies from 'js-cookie';
import { clearSession, getToken, isRemembered, saveSession } from './session-tokens';

function respondWith(body: BodyInit | null, init: ResponseInit) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest', () => {
  it('when the answer is 2xx JSON, it resolves with the parsed body', async () => {
    const fetchMock = respondWith(JSON.stringify({ data: { id: 1 }, meta: {} }), { status: 200 });
    await expect(apiRequest('/api/things/1')).resolves.toEqual({ data: { id: 1 }, meta: {} });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things/1',
      expect.objectContaining({ method: 'GET', headers: { Accept: 'application/json' } }),
    );
  });

  it('when a body is given, it is sent as JSON', async () => {
    const fetchMock = respondWith(null, { status: 204 });
    await expect(apiRequest('/api/things', { method: 'POST', body: { a: 1 } })).resolves.toBe(
      undefined,
    );
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('when the answer is a Strapi error envelope, the ApiError carries its status, name, message and details', async () => {
    respondWith(
      JSON.stringify({
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: 'name must be defined',
          details: { errors: [{ path: ['name'], message: 'name must be defined' }] },
        },
      }),
      { status: 400, headers: { 'content-type': 'application/json' } },
    );
    const error = await rejection(apiRequest('/api/campuses', { method: 'POST', body: {} }));
    expect(error.status).toBe(400);
    expect(error.errorName).toBe('ValidationError');
    // Strapi's wording is for developers: kept to match, never the message a person reads.
    expect(error.serverMessage).toBe('name must be defined');
    expect(error.message).toBe(
      'Los datos enviados no son válidos. Revísalos y vuelve a intentarlo.',
    );
    expect(error.details).toEqual({
      errors: [{ path: ['name'], message: 'name must be defined' }],
    });
    expect(error.isClientError).toBe(true);
  });

  it('when the error body is not JSON, the ApiError uses the HTTP status', async () => {
    respondWith('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    const error = await rejection(apiRequest('/api/things'));
    expect(error.status).toBe(502);
    expect(error.errorName).toBe('HttpError');
    expect(error.serverMessage).toBe('Bad Gateway');
    expect(error.message).toBe(
      'No se ha podido completar la operación. Vuelve a intentarlo dentro de unos minutos.',
    );
    expect(error.isClientError).toBe(false);
  });

  it('when the API answers 429 in English, the message is Spanish with the wait of Retry-After', async () => {
    respondWith(
      JSON.stringify({
        data: null,
        error: {
          status: 429,
          name: 'RateLimitError',
          message: 'Too many requests, please try again later.',
          details: {},
        },
      }),
      { status: 429, headers: { 'retry-after': '120', 'content-type': 'application/json' } },
    );
    const error = await rejection(apiRequest('/api/questionnaire/submit', { method: 'POST' }));
    expect(error.errorName).toBe('RateLimitError');
    expect(error.retryAfterSeconds).toBe(120);
    expect(error.message).toBe(
      'Has hecho demasiadas solicitudes seguidas. Vuelve a intentarlo dentro de 2 minutos.',
    );
  });

  it('when the API marks its message as Spanish (Content-Language: es), it is the message as it is', async () => {
    const refusal = 'El plazo de inscripción de este proyecto ha terminado';
    respondWith(
      JSON.stringify({
        data: null,
        error: { status: 400, name: 'ValidationError', message: refusal, details: {} },
      }),
      { status: 400, headers: { 'content-language': 'es', 'content-type': 'application/json' } },
    );
    const error = await rejection(apiRequest('/api/applys', { method: 'POST', body: {} }));
    expect(error.message).toBe(refusal);
    expect(error.serverMessage).toBe(refusal);
  });

  it('when a message comes marked as English or unmarked, a Spanish text for the status replaces it', async () => {
    for (const headers of [{ 'content-language': 'en' }, {}] as Record<string, string>[]) {
      respondWith(
        JSON.stringify({
          data: null,
          error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} },
        }),
        { status: 403, headers },
      );
      const error = await rejection(apiRequest('/api/campuses/1', { method: 'DELETE' }));
      expect(error.message).toBe('No tienes permiso para hacer esto.');
      expect(error.serverMessage).toBe('Forbidden');
    }
  });

  it('when the request never gets an answer, it rejects with a network ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    const error = await rejection(apiRequest('/api/things'));
    expect(error.status).toBe(NETWORK_ERROR_STATUS);
    expect(error.errorName).toBe('NetworkError');
    expect(error.cause).toBeInstanceOf(TypeError);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds or an HTTP date, and nothing else', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Fri, 20 Nov 2026 10:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Fri, 20 Nov 2026 09:59:00 GMT', now)).toBeUndefined();
    expect(parseRetryAfter('0', now)).toBeUndefined();
    expect(parseRetryAfter('pronto', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('parseStrapiError', () => {
  it('when the body is not an error envelope, it answers undefined', () => {
    expect(parseStrapiError(undefined)).toBeUndefined();
    expect(parseStrapiError({ data: [] })).toBeUndefined();
    expect(parseStrapiError({ error: 'boom' })).toBeUndefined();
  });

  it('when details are missing, they default to an empty object', () => {
    expect(
      parseStrapiError({
        data: null,
        error: { status: 404, name: 'NotFoundError', message: 'Not Found' },
      }),
    ).toEqual({ status: 404, name: 'NotFoundError', message: 'Not Found', details: {} });
  });
});

describe('apiRequest with a session', () => {
  afterEach(() => clearSession());

  /** A fetch that answers by path: each handler gets the request's init and answers a Response. */
  function serve(handlers: Record<string, (init: RequestInit | undefined) => Response>) {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const handler = handlers[path];
      if (!handler) throw new Error(`unexpected call to ${path}`);
      return handler(init);
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }
  const bearer = (init: RequestInit | undefined) =>
    (init?.headers as Record<string, string> | undefined)?.Authorization;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  const unauthorized = () =>
    json({ data: null, error: { status: 401, name: 'UnauthorizedError', message: 'x' } }, 401);

  it('when a token is held, it is sent as a bearer token, unless auth is false', async () => {
    saveSession({ jwt: 'access-1' }, false);
    const seen: (string | undefined)[] = [];
    serve({
      '/api/users/me': (init) => {
        seen.push(bearer(init));
        return json({ id: 1 });
      },
    });
    await apiRequest('/api/users/me');
    await apiRequest('/api/users/me', { auth: false });
    expect(seen).toEqual(['Bearer access-1', undefined]);
  });

  it('when the token has expired, it is renewed once with the HttpOnly refresh cookie and the call repeated', async () => {
    saveSession({ jwt: 'old' }, true);
    const refreshes: RequestInit[] = [];
    const fetchMock = serve({
      '/api/users/me': (init) => (bearer(init) === 'Bearer new' ? json({ id: 7 }) : unauthorized()),
      '/auth': (init) => {
        refreshes.push(init ?? {});
        return json({ jwt: 'new' });
      },
    });
    // Two calls failing together share one refresh (the refresh token is single use).
    const answers = await Promise.all([apiRequest('/api/users/me'), apiRequest('/api/users/me')]);
    expect(answers).toEqual([{ id: 7 }, { id: 7 }]);
    // No token in the body: the browser sends the API's cookie, which no script can read.
    expect(
      refreshes.map((init) => [init.credentials, JSON.parse(init.body as string) as unknown]),
    ).toEqual([['include', {}]]);
    expect(getToken()).toBe('new');
    expect(isRemembered()).toBe(true);
    expect(fetchMock.mock.calls.filter(([path]) => path === '/auth')).toHaveLength(1);
  });

  it('when the refresh is refused, the session is cleared and the 401 reaches the caller', async () => {
    saveSession({ jwt: 'old' }, false);
    serve({ '/api/users/me': unauthorized, '/auth': unauthorized });
    const error = await rejection(apiRequest('/api/users/me'));
    expect(error.status).toBe(401);
    expect(getToken()).toBeUndefined();
  });

  it('when an earlier version left the refresh token in a script-readable cookie, it is sent once in the body and removed', async () => {
    saveSession({ jwt: 'old' }, false);
    Cookies.set('refreshToken', 'legacy-1', { path: '/' });
    const bodies: unknown[] = [];
    serve({
      '/api/users/me': (init) => (bearer(init) === 'Bearer new' ? json({ id: 7 }) : unauthorized()),
      '/auth': (init) => {
        bodies.push(JSON.parse(init?.body as string));
        return json({ jwt: 'new', refreshToken: 'in-a-cookie-now' });
      },
    });
    expect(await apiRequest('/api/users/me')).toEqual({ id: 7 });
    expect(bodies).toEqual([{ refreshToken: 'legacy-1' }]);
    expect(Cookies.get('refreshToken')).toBeUndefined();
  });
});
