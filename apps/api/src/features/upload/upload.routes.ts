import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALLOWED_FILE_TYPES,
  FILE_SIZE_LIMIT_MB,
  MAX_FILES_PER_REQUEST,
  fileContentQuerySchema,
  idParamsSchema,
  publicFileParamsSchema,
  strapiReadQuerySchema,
  uploadFormSchema,
  uploadQuerySchema,
  uploadedFileSchema,
} from '@plataforma/shared';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { answeringReplays, idempotencyKeyOf, scopeOf } from '../../lib/idempotency';
import { AdmissionRefused, answerRefusal } from '../../plugins/admission';
import { registryRef, routeSchema } from '../../lib/route-schema';
import type { Actor } from '../../lib/strapi/actor';
import { PUBLIC_PREFIX } from '../../lib/storage';
import { readUploadForm } from './upload.multipart';
import { presentFile } from './upload.presenter';
import {
  deleteFile,
  getFileContent,
  getVisibleFile,
  listFiles,
  updateFileInfo,
  uploadFiles,
  withSpoolDirectory,
  uploadFingerprint,
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

/** The bytes of a file: sent as they are stored, never serialised. */
const binary = { 200: z.string().meta({ format: 'binary', description: 'The bytes' }) };
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

/** HTTP of the upload plugin (Strapi v4's upload routes plus the serving of the bytes). */
export async function uploadRoutes(instance: FastifyInstance, ctx: UploadContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  /** Uploads per account: 60 requests in ten minutes, 300 in a day. */
  const UPLOAD_LIMITS = [
    { limit: 60, windowSeconds: 600 },
    { limit: 300, windowSeconds: 86_400 },
  ] as const;

  const file = { 200: uploadedFileSchema };
  const bearer = { tag: 'upload', access: 'bearer' } as const;

  /** `POST /api/upload` (multipart, field `files`): answers Strapi's array of files. */
  app.post(
    '/api/upload',
    {
      // Refusals that do not depend on the form come first (403, then 415): the parts are read as
      // they stream, after validation.
      preValidation: async (request) => {
        signedIn(request.actor);
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The body must be multipart/form-data');
        }
      },
      schema: {
        ...routeSchema(
          {
            ...bearer,
            summary:
              'Upload files (a bare array of files), or with ?id= change a stored file’s information',
            description: `Types are read from the content: ${ALLOWED_FILE_TYPES.join(', ')}. PDFs are always private; images public unless visibility=private. Limits: ${FILE_SIZE_LIMIT_MB} MB a file, ${MAX_FILES_PER_REQUEST} files a request, 60 requests in ten minutes and 300 a day per account. With \`?id=\` (Strapi v4), the form holds only \`fileInfo\` {name?, alternativeText?, caption?}: 200 and the file, for its uploader or an admin (403 to others who may see it, 404 to the rest). With an \`Idempotency-Key\` (uploads, not \`?id=\`), the same form sent again (its fields and each file’s name and SHA-256) answers the files of the first and stores nothing more.`,
            errors: [400, 401, 403, 404, 413, 415, 429],
            idempotent: true,
          },
          // The form is read as a stream, so nothing is in `body` when it is validated.
          {
            querystring: uploadQuerySchema,
            body: uploadFormSchema.nullish(),
            response: { 200: uploadedFileSchema, 201: z.array(uploadedFileSchema) },
          },
        ),
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const actor = signedIn(request.actor);
      // A bad key is refused before a byte of the form is read.
      const key = idempotencyKeyOf(request);
      // The route holds no admission slot while its files stream in (upload.plugin.ts): its
      // database work takes one of the main lane's when it comes (ADR 0069).
      const inMainLane = <T>(work: () => Promise<T>) => app.admission.run('main', reply, work);
      try {
        // Up to 10 files of 15 MB a request: bound what one account can store in a while.
        if (app.config.rateLimits) {
          await inMainLane(() =>
            consumeRateLimit(app.db, [
              { key: `upload:user:${actor.userId}`, limits: UPLOAD_LIMITS },
            ]),
          );
        }
        const { id } = request.query;
        if (id !== undefined) {
          const updated = await withSpoolDirectory(app.config.uploadDir, async (dir) => {
            const form = await readUploadForm(request, dir);
            return inMainLane(() => updateFileInfo(ctx, actor, id, form));
          });
          return reply.status(200).send(updated);
        }
        return await answeringReplays(reply.status(201), () =>
          withSpoolDirectory(app.config.uploadDir, async (dir) => {
            const form = await readUploadForm(request, dir);
            const idempotency = key && scopeOf(key, request, 201, await uploadFingerprint(form));
            return inMainLane(() => uploadFiles(ctx, actor, form, { idempotency }));
          }),
        );
      } catch (error) {
        if (error instanceof AdmissionRefused) return answerRefusal(request, reply, error.refusal);
        throw error;
      }
    },
  );

  /** `GET /api/upload/files`: a bare array, as Strapi answers it. */
  app.get(
    '/api/upload/files',
    {
      schema: routeSchema(
        {
          ...bearer,
          summary: 'Files: every one for admins, the caller’s own for anyone else (a bare array)',
          errors: [400, 401, 403],
        },
        {
          querystring: strapiReadQuerySchema.omit({ publicationState: true }),
          response: { 200: z.array(registryRef('File')) },
        },
      ),
    },
    async (request) => listFiles(ctx, request.actor, request.query),
  );

  app.get(
    '/api/upload/files/:id',
    {
      schema: routeSchema(
        {
          tag: 'upload',
          summary: 'A file, to its uploader, admins and readers of an entry that points at it',
          errors: [400, 401, 404],
        },
        { params: idParamsSchema, response: file },
      ),
    },
    async (request) => presentFile(await getVisibleFile(ctx, request.actor, request.params.id)),
  );

  app.get(
    '/api/upload/files/:id/content',
    {
      schema: routeSchema(
        {
          tag: 'upload',
          summary:
            'The bytes of a file or of one of its formats (private files: only to who may see them)',
          description: 'Served with nosniff and a sandboxing Content-Security-Policy.',
          errors: [400, 401, 404],
        },
        { params: idParamsSchema, querystring: fileContentQuerySchema, response: binary },
      ),
    },
    async (request, reply) => {
      const content = await getFileContent(
        ctx,
        request.actor,
        request.params.id,
        request.query.format,
      );
      return sendContent(ctx, request, reply, content);
    },
  );

  app.delete(
    '/api/upload/files/:id',
    {
      schema: routeSchema(
        {
          ...bearer,
          summary: 'Delete a file (its uploader or an admin); answers the deleted file',
          errors: [400, 401, 403, 404],
        },
        { params: idParamsSchema, response: file },
      ),
    },
    async (request) => deleteFile(ctx, request.actor, request.params.id),
  );

  /** Public files, at an address nobody can guess; private keys are never reachable here. */
  app.get(
    '/uploads/:name',
    {
      schema: routeSchema(
        {
          tag: 'upload',
          summary: 'A public file by its random name (no token; cached a year, ETag)',
          description: '304 Not Modified when If-None-Match names the current ETag.',
          access: 'public',
          errors: [404],
        },
        {
          params: publicFileParamsSchema,
          response: { ...binary, 304: z.void().meta({ description: 'Not modified' }) },
        },
      ),
    },
    async (request, reply) => {
      const { name } = request.params;
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
    },
  );
}
