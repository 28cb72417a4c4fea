import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { extname, join, posix } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { files } from '../../db/schema';
import { AppError, forbidden, notFound, validationError } from '../../lib/errors';
import { answerText, claim, record, type IdempotencyScope } from '../../lib/idempotency';
import { SYSTEM, isAdmin, type Actor } from '../../lib/strapi/actor';
import { column } from '../../lib/strapi/compile';
import type { RawQuery } from '../../lib/strapi/engine';
import {
  PRIVATE_PREFIX,
  PUBLIC_PREFIX,
  assertValidKey,
  type FileStorage,
  type StorageSource,
} from '../../lib/storage';
import { isOwnerOrAdmin, maySeeFile } from './upload.access';
import {
  measure,
  renderFormats,
  unreadableImage,
  withoutMetadata,
  type Dimensions,
} from './upload.images';
import type { SpooledFile, UploadForm } from './upload.multipart';
import {
  presentFile,
  type FileFormats,
  type FileRow,
  type PresentedFile,
} from './upload.presenter';
import { sanitizeSvg } from './upload.svg';
import { ALLOWED_TYPES_TEXT, KIND_BY_EXT, detectKind, type FileKind } from './upload.types';
import {
  ALLOWED_FILE_TYPES,
  FILE_ALT_TEXT_MAX_LENGTH,
  type ImageFormatName,
} from '@plataforma/shared';

export interface UploadContext {
  app: FastifyInstance;
  storage: FileStorage;
}

const FILE_UID = 'plugin::upload.file';

const fileInfoSchema = z
  .object({
    name: z.string().trim().min(1).max(255).optional(),
    alternativeText: z.string().max(FILE_ALT_TEXT_MAX_LENGTH).nullable().optional(),
    caption: z.string().max(255).nullable().optional(),
    // Strapi clients send the media-library folder; there are no folders here.
    folder: z.unknown().optional(),
  })
  .strict();
type FileInfo = z.infer<typeof fileInfoSchema>;

const visibilitySchema = z.enum(['public', 'private']);
type Visibility = z.infer<typeof visibilitySchema>;

/** Strapi's size unit: kilobytes (1000 bytes) with two decimals. */
const toKb = (bytes: number) => Math.round(bytes / 10) / 100;

/**
 * Runs `fn` with a directory of its own under the upload directory for the request's files, and
 * removes it whatever happens, so no partial or refused upload stays on disk.
 */
export async function withSpoolDirectory<T>(
  uploadDir: string,
  fn: (dir: string) => Promise<T>,
): Promise<T> {
  const parent = join(uploadDir, '.incoming');
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(join(parent, 'req-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Removes spool directories older than `maxAgeMs`: those of requests a crash interrupted. Only old
 * ones, because another process sharing the directory may be receiving an upload right now.
 */
export async function sweepStaleSpools(uploadDir: string, maxAgeMs: number): Promise<number> {
  const parent = join(uploadDir, '.incoming');
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(parent, name);
    try {
      if (Date.now() - (await stat(path)).mtimeMs < maxAgeMs) continue;
      await rm(path, { recursive: true, force: true });
      removed += 1;
    } catch {
      // Gone meanwhile, or not ours to remove: nothing to do.
    }
  }
  return removed;
}

/** `fileInfo` fields: one object per file, or an array of them, in the order of the files. */
function parseFileInfos(values: unknown[], count: number): FileInfo[] {
  const infos: unknown[] = [];
  for (const value of values) {
    let parsed = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        throw validationError('fileInfo must be JSON: {"name", "alternativeText", "caption"}', [
          'fileInfo',
        ]);
      }
    }
    if (Array.isArray(parsed)) infos.push(...(parsed as unknown[]));
    else infos.push(parsed);
  }
  if (infos.length > count) {
    throw validationError(`fileInfo describes ${infos.length} files but ${count} were sent`, [
      'fileInfo',
    ]);
  }
  return infos.map((info, index) => {
    const result = fileInfoSchema.safeParse(info);
    if (!result.success) {
      const issue = result.error.issues[0];
      const path = ['fileInfo', index, ...(issue?.path ?? []).map(String)];
      throw validationError(`fileInfo: ${issue?.message ?? 'invalid'}`, path);
    }
    return result.data;
  });
}

function parseVisibility(values: string[]): Visibility | undefined {
  if (values.length === 0) return undefined;
  const result = visibilitySchema.safeParse(values[0]);
  if (values.length > 1 || !result.success) {
    throw validationError('visibility must be "public" or "private", once', ['visibility']);
  }
  return result.data;
}

/**
 * The name people see: the one given in fileInfo or by the client, its extension made to match
 * the real type (a PNG sent as "foto.pdf" is "foto.png"), control characters and paths removed.
 */
export function displayName(given: string, kind: FileKind): string {
  const base =
    given
      .split(/[/\\]/)
      .pop()
      ?.replace(/[\p{Cc}\p{Cf}]/gu, '')
      .trim() ?? '';
  const name = base === '' ? 'archivo' : base;
  const ext = extname(name);
  const sameType = KIND_BY_EXT[ext.toLowerCase() === '.jpeg' ? '.jpg' : ext.toLowerCase()] === kind;
  const stem = ext && ext !== name ? name.slice(0, -ext.length) : name;
  return sameType ? name.slice(0, 255) : `${stem.slice(0, 255 - kind.ext.length)}${kind.ext}`;
}

interface StoredFormat extends Dimensions {
  name: ImageFormatName;
  hash: string;
  mime: string;
  ext: string;
  bytes: number;
}

/** What is stored of one file before its row exists. */
interface StoredFile {
  values: typeof files.$inferInsert;
  formats: StoredFormat[];
  isPrivate: boolean;
}

interface Checked {
  file: SpooledFile;
  kind: FileKind;
  info: FileInfo;
  isPrivate: boolean;
}

/** Type and visibility of every file, before anything is stored. */
async function checkFiles(form: UploadForm, infos: FileInfo[], visibility?: Visibility) {
  const checked: Checked[] = [];
  for (const [index, file] of form.files.entries()) {
    if (file.bytes === 0) {
      throw validationError(`The file "${file.filename}" is empty`, ['files', index]);
    }
    const kind = await detectKind(file.path);
    if (!kind) {
      throw new AppError(
        'VALIDATION',
        `File type not allowed ("${file.filename}"). Allowed types: ${ALLOWED_TYPES_TEXT}`,
        {
          allowedTypes: [...ALLOWED_FILE_TYPES],
          errors: [
            {
              path: ['files', String(index)],
              message: `File type not allowed. Allowed types: ${ALLOWED_TYPES_TEXT}`,
              name: 'ValidationError',
            },
          ],
        },
      );
    }
    if (visibility === 'public' && !kind.image) {
      // CVs and DNIs must never be at a public address (ADR 0011).
      throw validationError(
        `Only images may be public; "${file.filename}" is a document and is always private`,
        ['visibility'],
      );
    }
    const isPrivate = visibility ? visibility === 'private' : !kind.image;
    checked.push({ file, kind, info: infos[index] ?? {}, isPrivate });
  }
  return checked;
}

/**
 * Stores the bytes of one checked file (and of its formats) and answers the values of its row.
 * Every key stored is pushed to `stored` at once, so the caller can remove them on failure.
 */
async function storeFile(
  storage: FileStorage,
  { file, kind, info, isPrivate }: Checked,
  stored: string[],
): Promise<StoredFile> {
  const hash = randomBytes(16).toString('hex');
  const prefix = isPrivate ? PRIVATE_PREFIX : PUBLIC_PREFIX;
  const key = `${prefix}${hash}${kind.ext}`;
  const put = async (target: string, source: StorageSource) => {
    stored.push(target);
    await storage.put(target, source, kind.mime);
  };

  let bytes = file.bytes;
  let size: Dimensions | undefined;
  const formats: StoredFormat[] = [];
  if (kind.ext === '.svg') {
    const clean = await sanitizeSvg(await readFile(file.path));
    bytes = clean.length;
    size = await measure(clean);
    await put(key, clean);
  } else if (kind.raster) {
    size = await measure(file.path);
    if (!size) throw unreadableImage();
    for (const format of await renderFormats(file.path, kind, size)) {
      const formatHash = `${format.name}_${hash}`;
      await put(`${prefix}${formatHash}${kind.ext}`, format.data);
      formats.push({
        name: format.name,
        hash: formatHash,
        mime: kind.mime,
        ext: kind.ext,
        width: format.width,
        height: format.height,
        bytes: format.data.length,
      });
    }
    const original = await withoutMetadata(file.path, kind);
    bytes = original.length;
    await put(key, original);
  } else {
    await put(key, { path: file.path });
  }

  return {
    isPrivate,
    formats,
    values: {
      name: displayName(info.name ?? file.filename, kind),
      alternativeText: info.alternativeText ?? null,
      caption: info.caption ?? null,
      width: size?.width ?? null,
      height: size?.height ?? null,
      hash,
      ext: kind.ext,
      mime: kind.mime,
      size: toKb(bytes),
      // Private files learn their URL once their id exists (below).
      url: isPrivate ? '' : storage.publicUrl(key),
      previewUrl: null,
      provider: storage.provider,
      provider_metadata: null,
      isPrivate,
      storageKey: key,
    },
  };
}

/** The URL of a private file's content (or of one of its formats). */
export const privateUrl = (id: number, format?: string) =>
  `/api/upload/files/${id}/content${format ? `?format=${format}` : ''}`;

function formatsJson(
  storage: FileStorage,
  id: number,
  stored: StoredFile,
  displayed: string,
): FileFormats | null {
  if (stored.formats.length === 0) return null;
  const result: FileFormats = {};
  for (const format of stored.formats) {
    const prefix = stored.isPrivate ? PRIVATE_PREFIX : PUBLIC_PREFIX;
    result[format.name] = {
      name: `${format.name}_${displayed}`,
      hash: format.hash,
      ext: format.ext,
      mime: format.mime,
      path: null,
      width: format.width,
      height: format.height,
      size: toKb(format.bytes),
      sizeInBytes: format.bytes,
      url: stored.isPrivate
        ? privateUrl(id, format.name)
        : storage.publicUrl(`${prefix}${format.hash}${format.ext}`),
    };
  }
  return result;
}

/** Every storage key of a file: its bytes and those of its formats. */
export function storageKeysOf(row: Pick<FileRow, 'storageKey' | 'formats'>): string[] {
  if (!row.storageKey) return [];
  const keys = [row.storageKey];
  const folder = posix.dirname(row.storageKey);
  for (const format of Object.values((row.formats as FileFormats | null) ?? {})) {
    const key = `${folder}/${format.hash}${format.ext}`;
    assertValidKey(key);
    keys.push(key);
  }
  return keys;
}

async function removeStored(ctx: UploadContext, keys: string[]) {
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
    } catch (error) {
      ctx.app.log.error({ err: error, key }, 'could not remove stored upload bytes');
    }
  }
}

/** The SHA-256 (hex) of a spooled file. */
async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * What tells one upload from another for its Idempotency-Key (ADR 0068): the form's fields and
 * each file's name and SHA-256, in order; the bytes themselves never reach the fingerprint.
 */
export async function uploadFingerprint(form: UploadForm): Promise<unknown> {
  const sent: { name: string; sha256: string }[] = [];
  for (const file of form.files) {
    sent.push({ name: file.filename, sha256: await sha256Of(file.path) });
  }
  return { files: sent, fileInfo: form.fileInfo, visibility: form.visibility };
}

/**
 * `POST /api/upload`: checks every file's type from its content, stores the bytes (sanitised
 * SVG; images with their formats), then writes all rows in one transaction. If anything fails
 * after bytes were stored, they are removed: no orphans. With an Idempotency-Key, the key is
 * claimed first in that transaction and the answer recorded last in it (ADR 0068); a request
 * answered already removes the bytes it stored like any other failure, and the route answers
 * the first upload's files.
 */
export async function uploadFiles(
  ctx: UploadContext,
  actor: Actor & { kind: 'user' },
  form: UploadForm,
  { idempotency }: { idempotency?: IdempotencyScope | undefined } = {},
): Promise<PresentedFile[]> {
  if (form.files.length === 0) throw validationError('Files are empty', ['files']);
  const infos = parseFileInfos(form.fileInfo, form.files.length);
  const checked = await checkFiles(form, infos, parseVisibility(form.visibility));

  const stored: string[] = [];
  try {
    const prepared: StoredFile[] = [];
    for (const file of checked) prepared.push(await storeFile(ctx.storage, file, stored));
    // The engine's write transaction tells this process's caches about `files` after the commit.
    return await ctx.app.entities.writeTransaction(async (tx) => {
      if (idempotency) await claim(tx, idempotency);
      const inserted: FileRow[] = [];
      for (const file of prepared) {
        const [row] = await tx
          .insert(files)
          .values({ ...file.values, uploadedById: actor.userId })
          .returning();
        if (!row) throw new Error('insert into files returned no row');
        const [finished] = await tx
          .update(files)
          .set({
            url: file.isPrivate ? privateUrl(row.id) : row.url,
            formats: formatsJson(ctx.storage, row.id, file, row.name),
          })
          .where(eq(files.id, row.id))
          .returning();
        inserted.push(finished ?? row);
      }
      const presented = inserted.map(presentFile);
      if (idempotency) await record(tx, idempotency, answerText(presented));
      return presented;
    });
  } catch (error) {
    await removeStored(ctx, stored);
    throw error;
  }
}

/** Trimmed text, or null when nothing is left (an alternative text of spaces says nothing). */
const textOrNull = (value: string | null | undefined) => value?.trim() || null;

/**
 * `POST /api/upload?id=:id` with only `fileInfo` (Strapi v4's update of a file's information,
 * ADR 0042): the name, alternative text or caption of a stored file, each only when sent (null
 * or blank clears a text). The bytes are never replaced (upload a new file and point at it), nor
 * the visibility changed. For the uploader or an admin: 403 to someone who may only see the file,
 * 404 to anyone else.
 */
export async function updateFileInfo(
  ctx: UploadContext,
  actor: Actor & { kind: 'user' },
  id: number,
  form: UploadForm,
): Promise<PresentedFile> {
  if (form.files.length > 0) {
    throw validationError(
      "A stored file's content cannot be replaced: upload a new file and point at it",
      ['files'],
    );
  }
  if (form.visibility.length > 0) {
    throw validationError("A stored file's visibility cannot change", ['visibility']);
  }
  const [info] = parseFileInfos(form.fileInfo, 1);
  if (!info) {
    throw validationError('fileInfo is required: {"name", "alternativeText", "caption"}', [
      'fileInfo',
    ]);
  }
  const found = await findRow(ctx, id);
  if (!found) throw notFound();
  if (!isOwnerOrAdmin(actor, found)) {
    throw (await maySeeFile(ctx.app, actor, found)) ? forbidden() : notFound();
  }
  const kind = KIND_BY_EXT[found.ext ?? ''];
  // Entries answer their files populated (a resource's picture and its alternative text): every
  // cached answer that read `files` is dropped after the commit.
  const [row] = await ctx.app.entities.writeTransaction((tx) =>
    tx
      .update(files)
      .set({
        ...(info.name !== undefined && kind ? { name: displayName(info.name, kind) } : {}),
        ...(info.alternativeText !== undefined
          ? { alternativeText: textOrNull(info.alternativeText) }
          : {}),
        ...(info.caption !== undefined ? { caption: textOrNull(info.caption) } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(files.id, id))
      .returning(),
  );
  if (!row) throw notFound();
  return presentFile(row);
}

async function findRow(ctx: UploadContext, id: number): Promise<FileRow | undefined> {
  const [row] = await ctx.app.db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/**
 * A file the actor may see (uploader, admin, or a reader of an entry that points at it); 404
 * otherwise, so a CV's existence is not revealed.
 */
export async function getVisibleFile(
  ctx: UploadContext,
  actor: Actor,
  id: number,
): Promise<FileRow> {
  const row = await findRow(ctx, id);
  if (!row || !(await maySeeFile(ctx.app, actor, row))) throw notFound();
  return row;
}

/**
 * `GET /api/upload/files`: admins list every file, anyone else the files they uploaded. The
 * engine parses filters, sort and pagination as for any content type.
 */
export async function listFiles(ctx: UploadContext, actor: Actor, raw: RawQuery) {
  if (actor.kind !== 'user') throw forbidden();
  const entities = ctx.app.entities;
  const type = entities.type(FILE_UID);
  const query = entities.parser.parse(type, raw);
  const answer = await entities.findParsed(type, query, SYSTEM, {
    extraCondition: isAdmin(actor)
      ? undefined
      : (alias) => sql`${column(alias, 'uploaded_by_id')} = ${actor.userId}`,
  });
  return answer.data.map((entity) => ({ id: entity.id, ...entity.attributes }));
}

/** The bytes to serve of a file (or of one of its formats), with what the headers need. */
export interface FileContent {
  key: string;
  mime: string;
  name: string;
  isPrivate: boolean;
}

/**
 * `GET /api/upload/files/:id/content`: private files only for whom may see them (404 for anyone
 * else); public ones for everyone, as at their /uploads address.
 */
export async function getFileContent(
  ctx: UploadContext,
  actor: Actor,
  id: number,
  format: ImageFormatName | undefined,
): Promise<FileContent> {
  const row = await findRow(ctx, id);
  if (!row?.storageKey) throw notFound();
  if (row.isPrivate && !(await maySeeFile(ctx.app, actor, row))) throw notFound();
  if (format === undefined) {
    return { key: row.storageKey, mime: row.mime, name: row.name, isPrivate: row.isPrivate };
  }
  const stored = ((row.formats as FileFormats | null) ?? {})[format];
  if (!stored) throw notFound();
  return {
    key: `${posix.dirname(row.storageKey)}/${stored.hash}${stored.ext}`,
    mime: stored.mime,
    name: stored.name,
    isPrivate: row.isPrivate,
  };
}

/**
 * `DELETE /api/upload/files/:id`: the uploader or an admin. The row goes first, in a transaction
 * (entries pointing at it are set to null by the foreign keys); the bytes after the commit, so a
 * failed delete never leaves a row without its file.
 */
export async function deleteFile(
  ctx: UploadContext,
  actor: Actor,
  id: number,
): Promise<PresentedFile> {
  const found = await findRow(ctx, id);
  if (!found) throw notFound();
  if (!isOwnerOrAdmin(actor, found)) {
    // Not theirs: say so only to someone who may see it exists (ADR 0004).
    throw (await maySeeFile(ctx.app, actor, found)) ? forbidden() : notFound();
  }
  // The entries pointing at it are set to null by the foreign keys: the change triggers record
  // those tables too, and the engine's write transaction tells the caches all of them.
  const row = await ctx.app.entities.writeTransaction(async (tx) => {
    const [locked] = await tx.select().from(files).where(eq(files.id, id)).for('update');
    if (!locked) throw notFound();
    await tx.delete(files).where(eq(files.id, id));
    return locked;
  });
  await removeStored(ctx, storageKeysOf(row));
  return presentFile(row);
}
