import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../db/schema';
import { getTestDatabase } from '../../../test/helpers/db';
import { asAdmin, signedIn, unique } from '../../../test/helpers/factories';
import {
  buildUploadTestApp,
  image,
  multipart,
  upload,
  type FilePart,
  type UploadTestApp,
} from '../../../test/helpers/upload';
import type { PresentedFile } from './upload.presenter';

/**
 * `POST /api/upload?id=:id` (Strapi v4's update of a file's information, ADR 0042): the admins'
 * resource form writes the picture's alternative text here.
 */

let t: UploadTestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildUploadTestApp();
  admin = await asAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { data: null; error: { status: number; name: string; message: string } };

async function uploadImage(headers: Record<string, string>): Promise<PresentedFile> {
  const answer = await upload(t.app, headers, [
    { data: await image('png', 640, 360), filename: 'portada.png' },
  ]);
  expect(answer.status).toBe(201);
  return (answer.body as PresentedFile[])[0]!;
}

/** `POST /api/upload?id=` with these form fields (and files, to see them refused). */
async function updateInfo(
  headers: Record<string, string>,
  id: number | string,
  fields: Record<string, string>,
  parts: FilePart[] = [],
) {
  const body = multipart(parts, fields);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/upload?id=${id}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json<PresentedFile & ErrorBody>() };
}

const info = (value: Record<string, unknown>) => ({ fileInfo: JSON.stringify(value) });

describe('POST /api/upload?id=: a stored file’s information', () => {
  it('when an admin gives a picture its alternative text, the file answers it, and so does an entry that populates it', async () => {
    const file = await uploadImage(admin);
    expect(file.alternativeText).toBeNull();
    const updated = await updateInfo(
      admin,
      file.id,
      info({ alternativeText: '  Dos estudiantes revisan un póster en la biblioteca  ' }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: file.id,
      name: 'portada.png',
      url: file.url,
      alternativeText: 'Dos estudiantes revisan un póster en la biblioteca',
      caption: null,
    });
    const [resource] = await (
      await getTestDatabase()
    ).db
      .insert(resources)
      .values({ title: unique('Recurso con imagen'), pictureId: file.id, publishedAt: new Date() })
      .returning();
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/resources/${resource!.id}?populate[picture][fields][0]=alternativeText`,
    });
    type Read = { data: { attributes: { picture: { data: { attributes: unknown } } } } };
    expect(read.json<Read>().data.attributes.picture.data.attributes).toEqual({
      alternativeText: 'Dos estudiantes revisan un póster en la biblioteca',
    });
  });

  it('when only the caption is sent, the alternative text is kept; a blank one clears it', async () => {
    const file = await uploadImage(admin);
    await updateInfo(admin, file.id, info({ alternativeText: 'Un mapa de España' }));
    const caption = await updateInfo(admin, file.id, info({ caption: 'Fuente: IGN' }));
    expect(caption.body).toMatchObject({
      alternativeText: 'Un mapa de España',
      caption: 'Fuente: IGN',
    });
    const cleared = await updateInfo(admin, file.id, info({ alternativeText: '   ' }));
    expect(cleared.body).toMatchObject({ alternativeText: null, caption: 'Fuente: IGN' });
  });

  it('when the uploader changes their own file, it is theirs to change; another user gets 404 and a visitor 403', async () => {
    const owner = await signedIn(t.app, 'teacher');
    const file = await uploadImage(owner.headers);
    expect(
      (await updateInfo(owner.headers, file.id, info({ alternativeText: 'Mi foto' }))).status,
    ).toBe(200);
    const other = await signedIn(t.app, 'student');
    const refused = await updateInfo(other.headers, file.id, info({ alternativeText: 'Ajena' }));
    expect(refused.status).toBe(404);
    expect(refused.body.error.name).toBe('NotFoundError');
    expect((await updateInfo({}, file.id, info({ alternativeText: 'Anónima' }))).status).toBe(403);
  });

  it('when the request is not one this route reads, it is a 400 in Strapi’s shape, never a 500', async () => {
    const file = await uploadImage(admin);
    const cases: [number | string, Record<string, string>, FilePart[]][] = [
      [file.id, {}, []],
      [file.id, { fileInfo: '{no es json' }, []],
      [file.id, info({ alternativeText: 'x'.repeat(256) }), []],
      [file.id, info({ alternativeText: 'Otra', extra: true }), []],
      [
        file.id,
        info({ alternativeText: 'Otra' }),
        [{ data: await image('png', 8, 8), filename: 'b.png' }],
      ],
      [file.id, { ...info({ alternativeText: 'Otra' }), visibility: 'private' }, []],
      ['abc', info({ alternativeText: 'Otra' }), []],
      ['0', info({ alternativeText: 'Otra' }), []],
    ];
    for (const [id, fields, parts] of cases) {
      const answer = await updateInfo(admin, id, fields, parts);
      expect(answer.status, JSON.stringify([id, fields])).toBe(400);
      expect(answer.body).toMatchObject({
        data: null,
        error: { status: 400, name: 'ValidationError' },
      });
    }
    expect((await updateInfo(admin, 2_000_000_000, info({ alternativeText: 'x' }))).status).toBe(
      404,
    );
  });
});
