import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  copyFile,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import {
  assertValidKey,
  uploadsPath,
  type FileStorage,
  type StorageSource,
  type StoredEntry,
} from './storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files on the local disk under one directory (the default; one API process or a shared disk). */
export class LocalStorage implements FileStorage {
  readonly provider = 'local';
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }

  async put(key: string, source: StorageSource, _contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside the target and renamed, so a reader never sees half a file.
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    try {
      if (Buffer.isBuffer(source)) await writeFile(partial, source, { flag: 'wx' });
      else await copyFile(source.path, partial);
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string) {
    const path = this.pathOf(key);
    let handle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    // The stream owns the handle from here: the size and the bytes are of the same file even if
    // it is deleted meanwhile.
    const { size } = await handle.stat();
    return { body: createReadStream('', { fd: handle, autoClose: true }), size };
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    const folder = this.pathOf(prefix.replace(/\/$/, ''));
    let entries;
    try {
      entries = await readdir(folder, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      try {
        const { mtime } = await stat(path);
        yield { key: relative(this.root, path).split(sep).join('/'), modifiedAt: mtime };
      } catch (error) {
        // Deleted since the folder was read: nothing to list.
        if (!isMissing(error)) throw error;
      }
    }
  }

  publicUrl(key: string): string {
    return uploadsPath(key);
  }
}
