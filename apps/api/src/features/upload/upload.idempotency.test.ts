import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { getTestDatabase } from '../../../test/helpers/db';
import { signedIn } from '../../../test/helpers/factories';
import {
  buildUploadTestApp,
  filesUnder,
  image,
  multipart,
  pdf,
  type FilePart,
  type UploadTestApp,
} from '../../../test/helpers/upload';

/**
 * `POST /api/upload` with an `Idempotency-Key` (ADR 0068): the same form sent again (its fields
 * and each file's name and SHA-256) answers the first upload's files, and the bytes the repeat
 * stored are removed: one row, one set of bytes. Another form under the same key is 422, and
 * leaves nothing either.
 */

let t: UploadTestApp;
let headers: Record<string, string>;
let userId: number;

beforeAll(async () => {
  t = await buildUploadTestApp();
  const person = await signedIn(t.app, 'student');
  headers = person.headers;
  userId = person.user.id;
});

afterAll(async () => {
  await t.close();
});

function send(parts: FilePart[], key: string, fields: Record<string, string> = {}) {
  const body = multipart(parts, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...headers, ...body.headers, 'idempotency-key': key },
    payload: body.payload,
  });
}

async function rowsOfUser() {
  const { db } = await getTestDatabase();
  return db.select({ id: files.id }).from(files).where(eq(files.uploadedById, userId));
}

/** What the storage holds (the spool is emptied after each request). */
const stored = async () => (await filesUnder(t.uploadDir)).filter((f) => !f.startsWith('.'));

describe('an upload sent again with its Idempotency-Key', () => {
  it('when the same image is sent twice with one key, one file is stored and the second answers the first, replayed', async () => {
    const picture = await image('png', 800, 600);
    const parts = [{ data: picture, filename: 'foto.png', contentType: 'image/png' }];
    const before = await stored();
    const first = await send(parts, 'subida-1', { fileInfo: '{"alternativeText":"Un río"}' });
    expect(first.statusCode, first.body).toBe(201);
    const afterFirst = await stored();
    // The image and its two formats.
    expect(afterFirst.length - before.length).toBe(3);

    const again = await send(parts, 'subida-1', { fileInfo: '{"alternativeText":"Un río"}' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await stored()).toEqual(afterFirst);
    expect(await rowsOfUser()).toHaveLength(1);
  });

  it('when the same document is sent three times at once with one key, one file is kept', async () => {
    const parts = [{ data: pdf('A la vez'), filename: 'cv.pdf', contentType: 'application/pdf' }];
    const rowsBefore = (await rowsOfUser()).length;
    const before = await stored();
    const answers = await Promise.all([1, 2, 3].map(() => send(parts, 'subida-a-la-vez')));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toEqual(answers[0]?.json());
    }
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await rowsOfUser()).toHaveLength(rowsBefore + 1);
    expect((await stored()).length - before.length).toBe(1);
  });

  it('when another file comes with a key already used, it is 422 and its bytes are not kept', async () => {
    const first = [{ data: pdf('Primero'), filename: 'a.pdf', contentType: 'application/pdf' }];
    const other = [{ data: pdf('Segundo'), filename: 'a.pdf', contentType: 'application/pdf' }];
    expect((await send(first, 'subida-otra')).statusCode).toBe(201);
    const rowsBefore = (await rowsOfUser()).length;
    const before = await stored();
    const res = await send(other, 'subida-otra');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ error: { name: string } }>().error.name).toBe('UnprocessableEntityError');
    expect(await rowsOfUser()).toHaveLength(rowsBefore);
    expect(await stored()).toEqual(before);
    // The same bytes under another name are another request too.
    const renamed = [{ data: pdf('Primero'), filename: 'b.pdf', contentType: 'application/pdf' }];
    expect((await send(renamed, 'subida-otra')).statusCode).toBe(422);
  });
});
