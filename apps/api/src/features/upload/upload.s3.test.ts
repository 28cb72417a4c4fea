import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../lib/storage';
import { signedIn } from '../../../test/helpers/factories';
import { startS3Server, type S3TestServer } from '../../../test/helpers/s3';
import {
  buildUploadTestApp,
  filesUnder,
  image,
  pdf,
  upload,
  type UploadTestApp,
} from '../../../test/helpers/upload';
import type { PresentedFile } from './upload.presenter';

let s3: S3TestServer;
let t: UploadTestApp;
let bucket: S3Storage;
let headers: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await buildUploadTestApp({ storage: s3.storage });
  bucket = new S3Storage(s3.storage);
  headers = (await signedIn(t.app, 'student')).headers;
});
afterAll(async () => {
  bucket.close();
  await t.close();
  await s3.close();
});

describe('uploads on S3-compatible storage', () => {
  it('when an image is uploaded, it and its formats are in the bucket and the API serves it with its headers', async () => {
    const data = await image('png', 600, 400);
    const { status, body } = await upload(t.app, headers, [{ data, filename: 'logo.png' }]);
    expect(status).toBe(201);
    const file = (body as PresentedFile[])[0]!;
    expect(file.provider).toBe('aws-s3');
    expect(file.url).toBe(`/uploads/${file.hash}.png`);
    for (const key of [`public/${file.hash}.png`, `public/thumbnail_${file.hash}.png`]) {
      expect((await bucket.get(key))?.size).toBeGreaterThan(0);
    }
    // The bucket lists them, with when they were written (what the reaper reads).
    const listed = [];
    for await (const entry of bucket.list('public/')) listed.push(entry);
    expect(listed.map((e) => e.key)).toEqual(
      expect.arrayContaining([`public/${file.hash}.png`, `public/thumbnail_${file.hash}.png`]),
    );
    expect(listed.every((e) => Date.now() - e.modifiedAt.getTime() < 60_000)).toBe(true);
    expect(listed.some((e) => e.key.startsWith('private/'))).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: file.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe('image/png');
    // Nothing stays in the local scratch directory.
    expect(await filesUnder(t.uploadDir)).toEqual([]);
  });

  it('when a private PDF is uploaded and then deleted, the owner reads it from the bucket until the delete removes it', async () => {
    const { body } = await upload(t.app, headers, [{ data: pdf('S3'), filename: 'cv.pdf' }]);
    const file = (body as PresentedFile[])[0]!;
    const read = await t.app.inject({ method: 'GET', url: file.url, headers });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(pdf('S3'))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/files/${file.id}`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await bucket.get(`private/${file.hash}.pdf`)).toBeUndefined();
  });

  it('when a later file of the request is refused, the objects already put are removed from the bucket', async () => {
    const damaged = Buffer.concat([(await image('png', 50, 50)).subarray(0, 60), Buffer.alloc(40)]);
    const before = await filesUnder(s3.directory);
    const { status } = await upload(t.app, headers, [
      { data: await image('jpeg', 700, 700), filename: 'buena.jpg' },
      { data: damaged, filename: 'rota.png' },
    ]);
    expect(status).toBe(400);
    const after = await filesUnder(s3.directory);
    expect(after.filter((f) => !before.includes(f) && /\.jpg/.test(f))).toEqual([]);
  });
});
