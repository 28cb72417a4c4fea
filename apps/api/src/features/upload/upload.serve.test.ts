import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/helpers/factories';
import {
  buildUploadTestApp,
  image,
  pdf,
  upload,
  type UploadTestApp,
} from '../../../test/helpers/upload';
import type { PresentedFile } from './upload.presenter';

let t: UploadTestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await buildUploadTestApp();
  headers = (await signedIn(t.app, 'coordinator')).headers;
});
afterAll(async () => {
  await t.close();
});

const STRICT_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

async function uploaded(data: Buffer, filename: string, fields: Record<string, string> = {}) {
  const { status, body } = await upload(t.app, headers, [{ data, filename }], fields);
  expect(status).toBe(201);
  return (body as PresentedFile[])[0]!;
}

const get = (url: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: extra });

describe('GET /uploads/:name (public files)', () => {
  it('when a public image is fetched without a token, it answers its bytes with type, nosniff, strict CSP, inline and long caching', async () => {
    const data = await image('png', 300, 200);
    const file = await uploaded(data, 'logo.png');
    const res = await get(file.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(data.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': STRICT_CSP,
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(res.headers['content-disposition']).toMatch(/^inline; filename=[0-9a-f]{32}\.png$/);
  });

  it('when a public file is asked with HEAD, the headers come without the body', async () => {
    const data = await image('png', 20, 20);
    const file = await uploaded(data, 'x.png');
    const res = await t.app.inject({ method: 'HEAD', url: file.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.body).toBe('');
  });

  it('when a format URL is fetched, it answers the smaller image', async () => {
    const file = await uploaded(await image('webp', 800, 800), 'grande.webp');
    const res = await get(file.formats!.small!.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(Number(res.headers['content-length'])).toBe(file.formats!.small!.sizeInBytes);
  });

  it('when an SVG is fetched, it is served clean as image/svg+xml under the strict CSP', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script><image href="https://evil.example/x.png"/><rect width="5" height="5"/></svg>';
    const file = await uploaded(Buffer.from(svg), 'icono.svg');
    const res = await get(file.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe(STRICT_CSP);
    expect(res.body).toContain('<rect width="5" height="5"/>');
    expect(res.body).not.toMatch(/alert|script|onload|evil\.example/);
  });

  it('when the browser already has it (If-None-Match), the answer is 304 without a body', async () => {
    const file = await uploaded(await image('png', 20, 20), 'x.png');
    const first = await get(file.url);
    const again = await get(file.url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('when the name of a private file is tried under /uploads, the answer is 404', async () => {
    const file = await uploaded(pdf(), 'cv.pdf');
    expect(file.isPrivate).toBe(true);
    const res = await get(`/uploads/${file.hash}.pdf`);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { name: string } }>().error.name).toBe('NotFoundError');
  });

  it.each([
    '/uploads/../jwt-secret',
    '/uploads/%2e%2e%2fprivate%2fx.pdf',
    '/uploads/private%2F0123456789abcdef0123456789abcdef.pdf',
    '/uploads/0123456789abcdef0123456789abcdef.exe',
    '/uploads/0123456789abcdef0123456789abcdef.png',
    '/uploads/.incoming',
  ])('when %s is asked, the answer is 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/upload/files/:id/content', () => {
  it('when the uploader fetches a private PDF, it is an attachment with its name, nosniff, strict CSP and no caching', async () => {
    const data = pdf('Ana García');
    const file = await uploaded(data, 'CV Ana García.pdf');
    const res = await get(file.url, headers);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': STRICT_CSP,
      'cache-control': 'private, no-store',
    });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="CV Ana Garc?a.pdf"; filename*=UTF-8''CV%20Ana%20Garc%C3%ADa.pdf`,
    );
  });

  it('when a private image format is asked with ?format=thumbnail, it answers the thumbnail inline', async () => {
    const file = await uploaded(await image('jpeg', 600, 600), 'dni.jpg', {
      visibility: 'private',
    });
    const res = await get(file.formats!.thumbnail!.url, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe('inline; filename=thumbnail_dni.jpg');
    expect(Number(res.headers['content-length'])).toBe(file.formats!.thumbnail!.sizeInBytes);
  });

  it('when the format is unknown or another parameter is given, the answer is 400', async () => {
    const file = await uploaded(await image('png', 600, 600), 'a.png', { visibility: 'private' });
    expect((await get(`${file.url}?format=large`, headers)).statusCode).toBe(400);
    expect((await get(`${file.url}?download=1`, headers)).statusCode).toBe(400);
  });

  it('when a public file is asked here, anyone gets it', async () => {
    const file = await uploaded(await image('png', 10, 10), 'p.png');
    const res = await get(`/api/upload/files/${file.id}/content`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('when the id is not a number or does not exist, the answer is 400 or 404', async () => {
    expect((await get('/api/upload/files/abc/content', headers)).statusCode).toBe(400);
    expect((await get('/api/upload/files/2147483000/content', headers)).statusCode).toBe(404);
  });
});
