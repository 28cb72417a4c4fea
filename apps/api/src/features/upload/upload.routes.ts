import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, notFound, validationError } from '../../lib/errors';
import type { Actor } from '../../lib/strapi/actor';
import { requestQuery, routeId } from '../../lib/strapi/routes';
import { PUBLIC_PREFIX } from '../../lib/storage';
import { FORMAT_NAMES } from './upload.images';
import { readUploadForm } from './upload.multipart';
import { presentFile } from './upload.presenter';
import {
  deleteFile,
  getFileContent,
  getVisibleFile,
  listFiles,
  uploadFiles,
  withSpoolDirectory,
  type FileContent,
  type UploadContext,
} from './upload.service';
import { KIND_BY_EXT } from './upload.types';
import { consumeRateLimit } from '../../lib/rate-limit';

/**
 * Headers of every served upload (ADR 0011): the type is never sniffed, the document may load
 * nothing, run nothing and is sandboxed even when opened directly (an SVG or a PDF viewer).
 */
export const SERVED_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
} as const;

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, no-store';

/** Public names: an optional format prefix, the random hash and one of our extensions. */
const PUBLIC_NAME = /^(?:(?:thumbnail|small)_)?[0-9a-f]{32}(\.[a-z]+)$/;

function signedIn(actor: Actor): Actor & { kind: 'user' } {
  // Strapi's public role has no upload permission: a 403, as for any forbidden action.
  if (actor.kind !== 'user') throw forbidden();
  return actor;
}

async function sendContent(
  ctx: UploadContext,
  request: FastifyRequest,
  reply: FastifyReply,
  content: FileContent,
) {
  const stored = await ctx.storage.get(content.key);
  if (!stored) {
    request.log.warn({ key: content.key }, 'an upload row has no stored bytes');
    throw notFound();
  }
  const isDocument = content.mime === 'application/pdf';
  return reply
    .headers(SERVED_FILE_HEADERS)
    .header('content-type', content.mime)
    .header('content-length', String(stored.size))
    .header(
      'content-disposition',
      contentDisposition(content.name, { type: isDocument ? 'attachment' : 'inline' }),
    )
    .header('cache-control', content.isPrivate ? PRIVATE_CACHE : PUBLIC_CACHE)
    .send(stored.body);
}

/** `?format=thumbnail|small` of the content route; nothing else is accepted. */
function contentFormat(request: FastifyRequest): string | undefined {
  const { format, ...rest } = requestQuery(request);
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw validationError(`Invalid query parameter ${unknown}`, [unknown]);
  if (format === undefined) return undefined;
  if (typeof format !== 'string' || !FORMAT_NAMES.includes(format)) {
    throw validationError(`format must be one of ${FORMAT_NAMES.join(', ')}`, ['format']);
  }
  return format;
}

/** HTTP of the upload plugin (Strapi v4's upload routes plus the serving of the bytes). */
export async function uploadRoutes(app: FastifyInstance, ctx: UploadContext) {
  /** `POST /api/upload` (multipart, field `files`): answers Strapi's array of files. */
  /** Uploads per account: 60 requests in ten minutes, 300 in a day. */
  const UPLOAD_LIMITS = [
    { limit: 60, windowSeconds: 600 },
    { limit: 300, windowSeconds: 86_400 },
  ] as const;

  app.post('/api/upload', async (request, reply) => {
    const actor = signedIn(request.actor);
    if (!request.isMultipart()) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The body must be multipart/form-data');
    }
    // Up to 10 files of 15 MB a request: bound what one account can store in a while.
    if (app.config.rateLimits) {
      await consumeRateLimit(app.db, [
        { key: `upload:user:${actor.userId}`, limits: UPLOAD_LIMITS },
      ]);
    }
    const uploaded = await withSpoolDirectory(app.config.uploadDir, async (dir) =>
      uploadFiles(ctx, actor, await readUploadForm(request, dir)),
    );
    return reply.status(201).send(uploaded);
  });

  /** `GET /api/upload/files`: a bare array, as Strapi answers it. */
  app.get('/api/upload/files', async (request) =>
    listFiles(ctx, request.actor, requestQuery(request)),
  );

  app.get('/api/upload/files/:id', async (request) =>
    presentFile(await getVisibleFile(ctx, request.actor, routeId(request))),
  );

  app.get('/api/upload/files/:id/content', async (request, reply) => {
    const content = await getFileContent(
      ctx,
      request.actor,
      routeId(request),
      contentFormat(request),
    );
    return sendContent(ctx, request, reply, content);
  });

  app.delete('/api/upload/files/:id', async (request) =>
    deleteFile(ctx, request.actor, routeId(request)),
  );

  /** Public files, at an address nobody can guess; private keys are never reachable here. */
  app.get('/uploads/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const match = PUBLIC_NAME.exec(name);
    const kind = match ? KIND_BY_EXT[match[1] as string] : undefined;
    if (!kind) throw notFound();
    const etag = `"${name}"`;
    if (request.headers['if-none-match'] === etag) {
      return reply.status(304).header('etag', etag).header('cache-control', PUBLIC_CACHE).send();
    }
    void reply.header('etag', etag);
    return sendContent(ctx, request, reply, {
      key: `${PUBLIC_PREFIX}${name}`,
      mime: kind.mime,
      name,
      isPrivate: false,
    });
  });
}
