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
  await uploadRoutes(app, { app, storage });
}
