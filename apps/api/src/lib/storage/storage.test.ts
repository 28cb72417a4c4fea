import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../../test/helpers/s3';
import { createStorage, LocalStorage, S3Storage, type FileStorage } from './index';

let scratch: string;
let s3: S3TestServer;
const adapters: { name: string; storage: FileStorage }[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'storage-test-'));
  s3 = await startS3Server();
  adapters.push(
    { name: 'local', storage: new LocalStorage(join(scratch, 'local')) },
    { name: 's3', storage: new S3Storage(s3.storage) },
  );
});
afterAll(async () => {
  for (const { storage } of adapters) storage.close?.();
  await s3.close();
  await rm(scratch, { recursive: true, force: true });
});

const each = (title: string, test: (storage: FileStorage) => Promise<void>) =>
  it.each(['local', 's3'])(`${title} (%s)`, async (name) => {
    const adapter = adapters.find((a) => a.name === name);
    if (!adapter) throw new Error(`no adapter ${name}`);
    await test(adapter.storage);
  });

let counter = 0;
const key = (prefix = 'public/') => `${prefix}${process.pid}-${(counter += 1)}.bin`;

describe('FileStorage contract', () => {
  each('when bytes are put from memory, get streams them back with their size', async (storage) => {
    const k = key();
    await storage.put(k, Buffer.from('hola, mundo'), 'text/plain');
    const stored = await storage.get(k);
    expect(stored?.size).toBe(11);
    expect(await text(stored!.body)).toBe('hola, mundo');
  });

  each('when bytes are put from a file on disk, the same bytes are stored', async (storage) => {
    const source = join(scratch, `source-${(counter += 1)}`);
    const bytes = Buffer.alloc(300_000, 7);
    await writeFile(source, bytes);
    const k = key('private/');
    await storage.put(k, { path: source }, 'application/pdf');
    const stored = await storage.get(k);
    expect(stored?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  each('when a key was never stored, get answers undefined', async (storage) => {
    expect(await storage.get(key())).toBeUndefined();
  });

  each(
    'when a key is deleted, it is gone, and deleting it again is not an error',
    async (storage) => {
      const k = key();
      await storage.put(k, Buffer.from('x'), 'text/plain');
      await storage.delete(k);
      expect(await storage.get(k)).toBeUndefined();
      await expect(storage.delete(k)).resolves.toBeUndefined();
    },
  );

  each('when a key could escape the storage, it is refused before any I/O', async (storage) => {
    for (const bad of ['../x', 'public/../../x', '/etc/passwd', 'a//b', 'a\\b', '', '.hidden']) {
      await expect(storage.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(bad)).rejects.toThrow(/Invalid storage key/);
    }
  });

  each('when a public key is given, its URL is the API path under /uploads', async (storage) => {
    expect(storage.publicUrl('public/abc.png')).toBe('/uploads/abc.png');
    expect(() => storage.publicUrl('private/abc.pdf')).toThrow();
  });
});

describe('LocalStorage', () => {
  it('when bytes are stored, no partial file stays beside them', async () => {
    const root = join(scratch, 'atomic');
    const storage = new LocalStorage(root);
    await storage.put('public/a.png', Buffer.from('x'), 'image/png');
    expect(await readdir(join(root, 'public'))).toEqual(['a.png']);
  });
});

describe('createStorage', () => {
  it('when the configuration names s3, the S3 adapter is used; otherwise the upload directory', () => {
    const s3Storage = createStorage({ storage: s3.storage, uploadDir: scratch });
    expect(s3Storage).toBeInstanceOf(S3Storage);
    expect(s3Storage.provider).toBe('aws-s3');
    s3Storage.close?.();
    const local = createStorage({ storage: { kind: 'local' }, uploadDir: scratch });
    expect(local).toBeInstanceOf(LocalStorage);
    expect(local.provider).toBe('local');
  });
});
