import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { FILE_SIZE_LIMIT_BYTES, MAX_FILES_PER_REQUEST } from '@plataforma/shared';
import { createStorage } from '../../lib/storage';
import { uploadRoutes } from './upload.routes';
import { sweepStaleSpools } from './upload.service';

/** A spool directory this old belongs to a request that can no longer be running. */
const STALE_SPOOL_MS = 60 * 60 * 1000;

/**
 * Uploads (issue 3, ADR 0011): `POST /api/upload`, the upload plugin's file routes and the serving
 * of the stored bytes. Encapsulated: the multipart parser exists only for these routes, every
 * other route still refuses multipart bodies.
 */
export async function uploadPlugin(app: FastifyInstance) {
  const storage = createStorage(app.config);
  app.addHook('onClose', async () => storage.close?.());
  app.addHook('onReady', async () => {
    const removed = await sweepStaleSpools(app.config.uploadDir, STALE_SPOOL_MS);
    if (removed > 0) app.log.info({ removed }, 'removed interrupted upload spools');
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: FILE_SIZE_LIMIT_BYTES, files: MAX_FILES_PER_REQUEST },
    throwFileSizeLimit: true,
  });
  // The spool of a request is removed when the request ends, however it ends (ADR 0069): the
  // handler's spool directory goes when reading the form fails, and it fails as soon as the body
  // stream ends. A client that goes or an error ends it; an answer sent before the body was all
  // read (a 408 for a slow body) does not, since Node no longer ends an answered request when its
  // socket closes: the stream is ended here then, so the reader stops and its spool is removed.
  app.addHook('onRequest', async (request, reply) => {
    const req = request.raw;
    if (req.complete) return;
    reply.raw.once('close', () => {
      if (!req.complete && !req.destroyed) req.destroy();
    });
  });
  // An upload holds no admission slot while its files stream in (minutes for a large file on a
  // slow link would starve everyone else of the database): it is not queued (ADR 0069).
  app.addHook('onRoute', (route) => {
    if (route.url === '/api/upload' && route.method === 'POST') {
      route.config = { ...route.config, admission: false };
    }
  });
  await uploadRoutes(app, { app, storage });
}
