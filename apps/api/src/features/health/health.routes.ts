import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_SIZE_LIMIT_BYTES } from '@plataforma/shared';
import { pingDatabase } from '../../db/client';
import { diskStateOf } from '../../lib/storage/failures';
import { routeSchema } from '../../lib/route-schema';
import { APP_VERSION } from '../../version';

/** The upload disk (ADR 0053): full or read-only, uploads answer 507 while the rest works. */
const uploads = z.enum(['ok', 'full', 'read-only']);

const notReady = z
  .object({ status: z.enum(['shutting-down', 'database-unavailable']), uploads })
  .describe('Not ready');

/**
 * Liveness (/healthz: the process answers) and readiness (/readyz: it can reach the database and is
 * not shutting down). A load balancer sends traffic only to ready processes. The upload disk's
 * state is reported but does not make a process unready: every process shares it, and all but
 * uploads still work when it is full (ADR 0053).
 */
export async function healthRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // The upload disk's state as last reported: logged when it changes, not on every probe (the
  // balancer asks every few seconds, and a full disk would fill the log with one line each).
  let lastDisk: z.infer<typeof uploads> = 'ok';
  app.get(
    '/healthz',
    {
      // Probed every few seconds by the balancer: not worth a log line (ADR 0057), and answered
      // under any load, never queued (ADR 0069).
      config: { requestLog: false, admission: false },
      schema: routeSchema(
        {
          tag: 'operations',
          summary: 'Liveness',
          description:
            'The process answers, with the version of the platform it runs (semver, CHANGELOG.md): during a rolling upgrade it tells which machines run which version.',
        },
        {
          response: {
            200: z
              .object({ status: z.literal('ok'), version: z.string() })
              .describe('The process answers'),
          },
        },
      ),
    },
    async () => ({ status: 'ok' as const, version: APP_VERSION }),
  );
  app.get(
    '/readyz',
    {
      // Never queued: a balancer that saw 503s from a busy process would take every process out.
      config: { requestLog: false, admission: false },
      schema: routeSchema(
        { tag: 'operations', summary: 'Readiness' },
        {
          response: {
            200: z.object({ status: z.literal('ready'), uploads }).describe('Ready'),
            503: notReady,
          },
        },
      ),
    },
    async (_request, reply) => {
      const disk = await diskStateOf(app.config.uploadDir, FILE_SIZE_LIMIT_BYTES);
      if (disk !== lastDisk) {
        const details = { uploadDir: app.config.uploadDir, disk, before: lastDisk };
        if (disk === 'ok') app.log.info(details, 'upload disk writable again');
        else app.log.warn(details, 'upload disk');
        lastDisk = disk;
      }
      if (app.isShuttingDown) {
        return reply.status(503).send({ status: 'shutting-down', uploads: disk });
      }
      try {
        await pingDatabase(app.db);
        return { status: 'ready' as const, uploads: disk };
      } catch {
        return reply.status(503).send({ status: 'database-unavailable', uploads: disk });
      }
    },
  );
}
