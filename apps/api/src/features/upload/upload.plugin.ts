import type { FastifyInstance } from 'fastify';

/**
 * Uploads: POST /api/upload, the storage behind it and the serving of files.
 * Being built in this issue (issue 3 Uploads).
 */
export async function uploadPlugin(_app: FastifyInstance) {}
