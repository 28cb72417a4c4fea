import type { UploadedFile } from '@plataforma/shared';
import {
  apiRequest,
  networkError,
  readAnswer,
  withRetries,
  withSessionToken,
  type ApiRequestOptions,
} from './api-client';

/** How much of an upload has been sent, in bytes. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions extends Pick<ApiRequestOptions, 'idempotencyKey' | 'onRetry'> {
  /** Aborting it really stops the request; the upload then rejects with an AbortError. */
  signal?: AbortSignal;
  /** Called as the browser sends the body (from 0 again on each new attempt). */
  onProgress?: (progress: UploadProgress) => void;
}

const UPLOAD_PATH = '/api/upload';

/**
 * `POST /api/upload` (multipart field `files`, spec §7, ADR 0011): stores one file and answers it
 * as the API does (a bare array of files). Images are public, so their `url` can be shown at once;
 * PDFs are private and served to whom may see them.
 *
 * Sent with XMLHttpRequest because `fetch` reports no upload progress, and files weigh up to
 * 15 MB (spec §9); the bearer token and the one renewal after a 401 are `apiRequest`'s
 * (`withSessionToken`), and failures are the same {@link ApiError}s. With an `idempotencyKey`, a
 * 503 or a lost connection is sent again with the same key, as `apiRequest` does (ADR 0070).
 */
export function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  const once = () =>
    withSessionToken(async (token) => {
      const body = new FormData();
      body.append('files', file, file.name);
      const response = await postWithProgress(UPLOAD_PATH, body, token, options);
      const [stored] = await readAnswer<UploadedFile[]>(response);
      if (!stored) throw new Error('La subida no devolvió ningún archivo.');
      return stored;
    });
  return options.idempotencyKey ? withRetries(once, options) : once();
}

/** What `updateFileInfo` may change of a stored file (spec §3 Media file). */
export interface FileInfoChange {
  alternativeText?: string | null;
  caption?: string | null;
}

/**
 * `POST /api/upload?id=:id` with `fileInfo` (Strapi v4's update of a file's information, ADR
 * 0042): changes a stored file's alternative text or caption; its bytes stay. Answers the file.
 */
export function updateFileInfo(id: number, info: FileInfoChange): Promise<UploadedFile> {
  const body = new FormData();
  body.append('fileInfo', JSON.stringify(info));
  return apiRequest<UploadedFile>(`${UPLOAD_PATH}?id=${id}`, { method: 'POST', body });
}

function abortError(): DOMException {
  return new DOMException('La subida se ha cancelado.', 'AbortError');
}

/** Answers that carry no body (a Response with one would throw). */
const BODILESS = new Set([101, 204, 205, 304]);

/** One XMLHttpRequest POST, its answer as a fetch Response so it is read like any other. */
function postWithProgress(
  path: string,
  body: FormData,
  token: string | undefined,
  { signal, onProgress, idempotencyKey }: UploadOptions,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    request.open('POST', path);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    if (idempotencyKey) request.setRequestHeader('Idempotency-Key', idempotencyKey);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      const status = request.status;
      resolve(
        new Response(BODILESS.has(status) ? null : request.responseText, {
          status,
          statusText: request.statusText,
          // The headers apiRequest reads: a refusal worded for people comes with
          // Content-Language: es and is shown as it is (ADR 0032); Retry-After times a retry.
          headers: Object.fromEntries(
            ['content-type', 'content-language', 'retry-after'].flatMap((name) => {
              const value = request.getResponseHeader(name);
              return value === null ? [] : [[name, value]];
            }),
          ),
        }),
      );
    });
    request.addEventListener('error', () =>
      reject(networkError(new Error('XMLHttpRequest error'))),
    );
    request.addEventListener('abort', () => reject(abortError()));
    request.addEventListener('loadend', () => signal?.removeEventListener('abort', abort));
    signal?.addEventListener('abort', abort, { once: true });
    request.send(body);
  });
}
