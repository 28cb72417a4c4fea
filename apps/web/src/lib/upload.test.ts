import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFull, fakeApi, jsonResponse, strapiError } from '../../test/api';
import { ApiError } from './api-client';
import { clearSession, getToken, saveSession } from './session-tokens';
import { uploadFile } from './upload';

afterEach(() => clearSession());

const stored = [{ id: 9, name: 'cv.pdf', size: 1.2, url: '/api/upload/files/9/content' }];
const cv = () => new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });

describe('uploadFile', () => {
  it('posts the file as `files` with the bearer token and answers the stored file', async () => {
    saveSession({ jwt: 'access-1' }, false);
    const api = fakeApi({
      frame: false,
      routes: { 'POST /api/upload': () => jsonResponse(stored, 201) },
    });
    expect(await uploadFile(cv())).toEqual(stored[0]);
    const [post] = api.callsTo('POST', '/api/upload');
    expect(post?.headers.Authorization).toBe('Bearer access-1');
    expect((post?.body as FormData).get('files')).toBeInstanceOf(File);
  });

  it('reports the progress of the body as it is sent', async () => {
    fakeApi({
      frame: false,
      routes: {
        'POST /api/upload': ({ reportProgress }) => {
          reportProgress?.(512, 2048);
          reportProgress?.(2048, 2048);
          return jsonResponse(stored, 201);
        },
      },
    });
    const seen: number[] = [];
    await uploadFile(cv(), { onProgress: ({ loaded }) => seen.push(loaded) });
    expect(seen).toEqual([512, 2048]);
  });

  it("when the token has expired, it is renewed once (apiRequest's rule) and the file sent again", async () => {
    saveSession({ jwt: 'old' }, false);
    const api = fakeApi({
      frame: false,
      routes: {
        'POST /api/upload': ({ headers }) =>
          headers.Authorization === 'Bearer new'
            ? jsonResponse(stored, 201)
            : strapiError(401, 'Invalid token', undefined, 'UnauthorizedError'),
        'POST /auth': () => jsonResponse({ jwt: 'new', refreshToken: 'refresh-2' }),
      },
    });
    expect(await uploadFile(cv())).toEqual(stored[0]);
    expect(api.callsTo('POST', '/auth')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/upload')).toHaveLength(2);
    expect(getToken()).toBe('new');
  });

  it('a refusal is an ApiError with what the API said', async () => {
    fakeApi({
      frame: false,
      routes: {
        'POST /api/upload': () =>
          strapiError(413, 'File too large', undefined, 'PayloadTooLargeError'),
      },
    });
    const error = await uploadFile(cv()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).errorName).toBe('PayloadTooLargeError');
  });

  it('a refusal worded for people (Content-Language: es), such as a full upload disk, keeps its message', async () => {
    const message =
      'No se ha podido guardar el archivo: el almacenamiento del servidor no admite más archivos ahora mismo.';
    fakeApi({
      frame: false,
      routes: {
        'POST /api/upload': () => {
          const refusal = strapiError(507, message, undefined, 'InsufficientStorageError');
          refusal.headers.set('content-language', 'es');
          return refusal;
        },
      },
    });
    const error = (await uploadFile(cv()).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(507);
    expect(error.message).toBe(message);
  });

  it('aborting really aborts the request and rejects with an AbortError', async () => {
    let signal: AbortSignal | null | undefined;
    fakeApi({
      frame: false,
      routes: {
        'POST /api/upload': ({ init }) => {
          signal = init.signal;
          return new Promise<Response>(() => {});
        },
      },
    });
    const controller = new AbortController();
    const upload = uploadFile(cv(), { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    const error = await upload.catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect(signal?.aborted).toBe(true);
  });

  it('with a key, a 503 is sent again with the same Idempotency-Key (ADR 0070); without one, once', async () => {
    vi.useFakeTimers();
    try {
      let full = true;
      const api = fakeApi({
        frame: false,
        routes: {
          'POST /api/upload': () => {
            const answer = full ? apiFull(1) : jsonResponse(stored, 201);
            full = false;
            return answer;
          },
        },
      });
      const keyed = uploadFile(cv(), { idempotencyKey: 'clave-1' });
      await vi.runAllTimersAsync();
      expect(await keyed).toEqual(stored[0]);
      expect(
        api.callsTo('POST', '/api/upload').map((call) => call.headers['Idempotency-Key']),
      ).toEqual(['clave-1', 'clave-1']);

      full = true;
      const once = uploadFile(cv()).catch((e: unknown) => e);
      await vi.runAllTimersAsync();
      expect(((await once) as ApiError).status).toBe(503);
      expect(api.callsTo('POST', '/api/upload')).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
