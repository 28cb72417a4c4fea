import sharp from 'sharp';
import { mkdir, mkdtemp, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FILE_SIZE_LIMIT_BYTES } from '@plataforma/shared';
import { files } from '../../db/schema';
import { getTestDatabase } from '../../../test/helpers/db';
import { signedIn } from '../../../test/helpers/factories';
import {
  buildUploadTestApp,
  exe,
  filesUnder,
  image,
  multipart,
  pdf,
  upload,
  type UploadTestApp,
} from '../../../test/helpers/upload';
import type { PresentedFile } from './upload.presenter';

let t: UploadTestApp;
let headers: Record<string, string>;
let userId: number;

beforeAll(async () => {
  t = await buildUploadTestApp();
  const student = await signedIn(t.app, 'student');
  headers = student.headers;
  userId = student.user.id;
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = {
  data: null;
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
};

async function uploadOne(
  data: Buffer,
  filename: string,
  fields: Record<string, string> = {},
  contentType?: string,
) {
  const answer = await upload(t.app, headers, [{ data, filename, contentType }], fields);
  return { ...answer, files: answer.body as PresentedFile[], error: answer.body as ErrorBody };
}

async function storedRow(id: number) {
  const { db } = await getTestDatabase();
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row!;
}

describe('POST /api/upload: limits per account', () => {
  it('when an account sends more than 60 uploads in ten minutes, the next one is 429 with Retry-After', async () => {
    const someone = await signedIn(t.app, 'teacher');
    const small = await image('png', 8, 8);
    for (let i = 0; i < 60; i++) {
      const { status } = await upload(t.app, someone.headers, [
        { field: 'files', filename: `p${i}.png`, data: small },
      ]);
      expect(status).toBe(201);
    }
    const refused = await upload(t.app, someone.headers, [
      { field: 'files', filename: 'otra.png', data: small },
    ]);
    expect(refused.status).toBe(429);
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/upload: metadata', () => {
  it('when a photo carries EXIF data (camera, GPS), the public original is stored without it, upright', async () => {
    const photo = await sharp({
      create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 10, b: 10 } },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'CámaraSecreta', Copyright: 'Calle Mayor 1, Murcia' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { status, files: answer } = await uploadOne(photo, 'foto.jpg');
    expect(status).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: answer[0]!.url });
    expect(served.statusCode).toBe(200);
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('CámaraSecreta'))).toBe(false);
    expect([stored.width, stored.height]).toEqual([20, 40]);
    expect(answer[0]).toMatchObject({ width: 20, height: 40 });
  });
});

describe('POST /api/upload: accepted types', () => {
  it.each([
    ['png', 'image/png', '.png'],
    ['jpeg', 'image/jpeg', '.jpg'],
    ['webp', 'image/webp', '.webp'],
    ['avif', 'image/avif', '.avif'],
  ] as const)(
    'when a %s image larger than both formats is sent, it is stored public with its mime, size, dimensions and thumbnail and small formats',
    async (format, mime, ext) => {
      const data = await image(format, 800, 600);
      const { status, files: answer } = await uploadOne(data, `foto.${format}`);
      expect(status).toBe(201);
      expect(answer).toHaveLength(1);
      const file = answer[0]!;
      expect(file).toMatchObject({
        name: `foto${format === 'jpeg' ? '.jpeg' : ext}`,
        mime,
        ext,
        width: 800,
        height: 600,
        isPrivate: false,
        provider: 'local',
        previewUrl: null,
        provider_metadata: null,
      });
      // The stored original is re-encoded without its metadata, so its size is its own.
      expect(typeof file.size).toBe('number');
      expect(file.url).toBe(`/uploads/${file.hash}${ext}`);
      expect(file.hash).toMatch(/^[0-9a-f]{32}$/);
      expect(file.formats?.thumbnail).toMatchObject({
        name: `thumbnail_${file.name}`,
        hash: `thumbnail_${file.hash}`,
        ext,
        mime,
        width: 208,
        height: 156,
        url: `/uploads/thumbnail_${file.hash}${ext}`,
      });
      expect(file.formats?.small).toMatchObject({ width: 500, height: 375, mime });
      expect(file).not.toHaveProperty('storageKey');
      expect(file).not.toHaveProperty('uploadedById');
      const row = await storedRow(file.id);
      expect(row.uploadedById).toBe(userId);
      expect(await filesUnder(t.uploadDir)).toEqual(
        expect.arrayContaining([
          `public/${file.hash}${ext}`,
          `public/thumbnail_${file.hash}${ext}`,
          `public/small_${file.hash}${ext}`,
        ]),
      );
    },
  );

  it('when an image is smaller than a format, that format is not made', async () => {
    const { files: answer } = await uploadOne(await image('png', 300, 100), 'logo.png');
    expect(Object.keys(answer[0]!.formats ?? {})).toEqual(['thumbnail']);
    expect(answer[0]!.formats?.thumbnail).toMatchObject({ width: 245, height: 82 });
    const tiny = await uploadOne(await image('png', 40, 40), 'icono.png');
    expect(tiny.files[0]!.formats).toBeNull();
  });

  it('when a PDF is sent, it is private by default, at the content URL, with no formats', async () => {
    const { status, files: answer } = await uploadOne(pdf(), 'CV Ana.pdf');
    expect(status).toBe(201);
    const file = answer[0]!;
    expect(file).toMatchObject({
      name: 'CV Ana.pdf',
      mime: 'application/pdf',
      ext: '.pdf',
      isPrivate: true,
      width: null,
      height: null,
      formats: null,
      url: `/api/upload/files/${file.id}/content`,
    });
    expect((await storedRow(file.id)).storageKey).toBe(`private/${file.hash}.pdf`);
    const stored = await readFile(join(t.uploadDir, 'private', `${file.hash}.pdf`));
    expect(stored.equals(pdf())).toBe(true);
  });

  it('when an SVG is sent, it is accepted as image/svg+xml with its dimensions and no formats', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="10" height="10"/></svg>';
    const { status, files: answer } = await uploadOne(Buffer.from(svg), 'logo.svg');
    expect(status).toBe(201);
    expect(answer[0]).toMatchObject({
      mime: 'image/svg+xml',
      ext: '.svg',
      width: 120,
      height: 60,
      formats: null,
      isPrivate: false,
    });
  });

  it('when several files and fileInfo are sent, each gets its own name, alternative text and caption', async () => {
    const { status, files: answer } = await upload(
      t.app,
      headers,
      [
        { data: await image('png', 20, 20), filename: 'a.png' },
        { data: pdf(), filename: 'b.pdf' },
      ],
      {
        fileInfo: [
          JSON.stringify({ name: 'Logo de la ONG', alternativeText: 'Logo', caption: 'Pie' }),
          JSON.stringify({ name: 'Mi CV' }),
        ],
      },
    ).then((a) => ({ ...a, files: a.body as PresentedFile[] }));
    expect(status).toBe(201);
    expect(answer.map((f) => [f.name, f.alternativeText, f.caption])).toEqual([
      ['Logo de la ONG.png', 'Logo', 'Pie'],
      ['Mi CV.pdf', null, null],
    ]);
  });

  it('when visibility is private, an image is stored privately with private format URLs', async () => {
    const { files: answer } = await uploadOne(await image('jpeg', 600, 400), 'dni.jpg', {
      visibility: 'private',
    });
    const file = answer[0]!;
    expect(file.isPrivate).toBe(true);
    expect(file.url).toBe(`/api/upload/files/${file.id}/content`);
    expect(file.formats?.thumbnail?.url).toBe(
      `/api/upload/files/${file.id}/content?format=thumbnail`,
    );
    expect(await filesUnder(join(t.uploadDir, 'private'))).toEqual(
      expect.arrayContaining([`${file.hash}.jpg`, `thumbnail_${file.hash}.jpg`]),
    );
  });
});

describe('POST /api/upload: the type comes from the content', () => {
  it('when a PNG is named .pdf and declared application/pdf, it is stored as a PNG named .png', async () => {
    const { status, files: answer } = await uploadOne(
      await image('png', 30, 30),
      'contrato.pdf',
      {},
      'application/pdf',
    );
    expect(status).toBe(201);
    expect(answer[0]).toMatchObject({ name: 'contrato.png', mime: 'image/png', ext: '.png' });
  });

  it('when an executable is named .png and declared image/png, it is refused listing the allowed types', async () => {
    const before = await filesUnder(t.uploadDir);
    const { status, error } = await uploadOne(exe(), 'foto.png', {}, 'image/png');
    expect(status).toBe(400);
    expect(error.error.name).toBe('ValidationError');
    expect(error.error.message).toBe(
      'File type not allowed ("foto.png"). Allowed types: pdf, png, jpg, jpeg, webp, avif, svg',
    );
    expect(error.error.details.allowedTypes).toEqual([
      'pdf',
      'png',
      'jpg',
      'jpeg',
      'webp',
      'avif',
      'svg',
    ]);
    expect(await filesUnder(t.uploadDir)).toEqual(before);
  });

  it.each([
    ['plain text', Buffer.from('hola, esto es texto'), 'nota.txt'],
    ['HTML', Buffer.from('<html><body><script>alert(1)</script></body></html>'), 'x.svg'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'x.gif'],
  ])('when %s is sent, it is refused with 400', async (_label, data, filename) => {
    const { status, error } = await uploadOne(data, filename);
    expect(status).toBe(400);
    expect(error.error.message).toMatch(/^File type not allowed/);
  });

  it('when a file has a PNG signature but is damaged, it is refused with 400 and nothing is kept', async () => {
    const before = await filesUnder(t.uploadDir);
    const damaged = Buffer.concat([(await image('png', 50, 50)).subarray(0, 60), Buffer.alloc(40)]);
    const { status, error } = await uploadOne(damaged, 'rota.png');
    expect(status).toBe(400);
    expect(error.error.message).toMatch(/could not be read/);
    expect(await filesUnder(t.uploadDir)).toEqual(before);
  });
});

describe('POST /api/upload: limits and bad requests', () => {
  it('when a file is 15 MB + 1 byte, the answer is 413 and nothing is left on disk', async () => {
    const before = await filesUnder(t.uploadDir);
    const big = Buffer.alloc(FILE_SIZE_LIMIT_BYTES + 1, 0x20);
    pdf().copy(big);
    const { status, error } = await uploadOne(big, 'enorme.pdf');
    expect(status).toBe(413);
    expect(error.error.name).toBe('PayloadTooLargeError');
    expect(error.error.message).toMatch(/15 MB/);
    expect(await filesUnder(t.uploadDir)).toEqual(before);
  });

  it('when a file is exactly 15 MB, it is accepted', async () => {
    const big = Buffer.alloc(FILE_SIZE_LIMIT_BYTES, 0x20);
    pdf().copy(big);
    const { status, files: answer } = await uploadOne(big, 'justo.pdf');
    expect(status).toBe(201);
    expect(answer[0]!.size).toBe(Math.round(FILE_SIZE_LIMIT_BYTES / 10) / 100);
  });

  it('when 11 files are sent, the answer is 413 and none is stored', async () => {
    const before = await filesUnder(t.uploadDir);
    const parts = Array.from({ length: 11 }, (_, i) => ({ data: pdf(), filename: `${i}.pdf` }));
    const { status, body } = await upload(t.app, headers, parts);
    expect(status).toBe(413);
    expect((body as ErrorBody).error.message).toMatch(/at most 10/);
    expect(await filesUnder(t.uploadDir)).toEqual(before);
  });

  it('when the second file is damaged, the first one stored is removed again', async () => {
    const before = await filesUnder(t.uploadDir);
    const damaged = Buffer.concat([(await image('png', 50, 50)).subarray(0, 60), Buffer.alloc(40)]);
    const { status } = await upload(t.app, headers, [
      { data: await image('png', 600, 600), filename: 'buena.png' },
      { data: damaged, filename: 'rota.png' },
    ]);
    expect(status).toBe(400);
    expect(await filesUnder(t.uploadDir)).toEqual(before);
  });

  it('when the transaction fails after the bytes were stored, they are removed and the answer is a 500 without details', async () => {
    const before = await filesUnder(t.uploadDir);
    const spy = vi
      .spyOn(t.app.db, 'transaction')
      .mockRejectedValueOnce(new Error('database went away'));
    try {
      const { status, error } = await uploadOne(await image('png', 600, 600), 'foto.png');
      expect(status).toBe(500);
      expect(error.error).toEqual({
        status: 500,
        name: 'ApplicationError',
        message: 'Internal Server Error',
        details: {},
      });
    } finally {
      spy.mockRestore();
    }
    expect(await filesUnder(t.uploadDir)).toEqual(before);
  });

  it('when no file is sent, the answer is 400 "Files are empty"', async () => {
    const { status, body } = await upload(t.app, headers, [], { visibility: 'public' });
    expect(status).toBe(400);
    expect((body as ErrorBody).error.message).toBe('Files are empty');
  });

  it('when a file is empty, the answer is 400', async () => {
    const { status, error } = await uploadOne(Buffer.alloc(0), 'vacio.pdf');
    expect(status).toBe(400);
    expect(error.error.message).toMatch(/is empty/);
  });

  it('when a PDF is asked to be public, the answer is 400: documents are always private', async () => {
    const { status, error } = await uploadOne(pdf(), 'cv.pdf', { visibility: 'public' });
    expect(status).toBe(400);
    expect(error.error.details.errors).toEqual([expect.objectContaining({ path: ['visibility'] })]);
  });

  it.each([
    [{ visibility: 'secret' }, ['visibility']],
    [{ fileInfo: '{not json' }, ['fileInfo']],
    [{ fileInfo: JSON.stringify({ name: 'x', owner: 3 }) }, ['fileInfo', '0']],
    [{ fileInfo: JSON.stringify({ caption: 'x'.repeat(256) }) }, ['fileInfo', '0', 'caption']],
    [{ ref: 'api::student.student' }, ['ref']],
  ])('when the form has %j, the answer is 400 naming it', async (fields, path) => {
    const { status, error } = await uploadOne(pdf(), 'cv.pdf', fields);
    expect(status).toBe(400);
    expect(error.error.name).toBe('ValidationError');
    expect(error.error.details.errors).toEqual([expect.objectContaining({ path })]);
  });

  it('when a file comes in another field than "files", the answer is 400', async () => {
    const { status, body } = await upload(t.app, headers, [
      { data: pdf(), filename: 'cv.pdf', field: 'file' },
    ]);
    expect(status).toBe(400);
    expect((body as ErrorBody).error.message).toMatch(/field "files"/);
  });

  it('when the body is JSON, the answer is 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers,
      payload: { files: [] },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json<ErrorBody>().error.message).toBe('The body must be multipart/form-data');
  });

  it('when the multipart body is cut short, the answer is 400 and nothing is kept', async () => {
    const before = await filesUnder(t.uploadDir);
    const body = multipart([{ data: pdf(), filename: 'cv.pdf' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload.subarray(0, body.payload.length - 30),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.name).toBe('BadRequestError');
    expect(await filesUnder(t.uploadDir)).toEqual(before);
  });

  it('when a visitor uploads, the answer is 403 and nothing is stored', async () => {
    const before = await filesUnder(t.uploadDir);
    const { status, body } = await upload(t.app, {}, [{ data: pdf(), filename: 'cv.pdf' }]);
    expect(status).toBe(403);
    expect((body as ErrorBody).error.name).toBe('ForbiddenError');
    expect(await filesUnder(t.uploadDir)).toEqual(before);
  });

  it('when another route receives a multipart body, it still answers 415', async () => {
    const body = multipart([{ data: pdf(), filename: 'cv.pdf' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('spool directories', () => {
  it('when the app starts, spools older than an hour (a crash mid-upload) are removed and recent ones kept', async () => {
    const uploadDir = await mkdtemp(join(tmpdir(), 'uploads-sweep-'));
    const old = join(uploadDir, '.incoming', 'req-old');
    const recent = join(uploadDir, '.incoming', 'req-recent');
    for (const dir of [old, recent]) {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, '0'), 'parcial');
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    const other = await buildUploadTestApp({ uploadDir });
    try {
      expect(await filesUnder(uploadDir)).toEqual([join('.incoming', 'req-recent', '0')]);
    } finally {
      await other.close();
    }
  });
});
