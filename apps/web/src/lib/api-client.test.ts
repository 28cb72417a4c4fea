import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_STATUS, apiRequest, parseStrapiError } from './api-client';

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
    expect(error.message).toBe('name must be defined');
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
    expect(error.message).toBe('Bad Gateway');
    expect(error.isClientError).toBe(false);
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
