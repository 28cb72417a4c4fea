import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorage } from '../storage';
import { JobWorker, type JobDefinition } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The job queue's worker of this process (ADR 0037). Features enqueue with `enqueueJob` in the
     * transaction of the change that needs the job and may call `wake()` after the commit; a
     * NOTIFY and a poll find it anyway. Tests call `flush()` to run what is due.
     */
    jobs: JobWorker;
  }
}

export interface JobsPluginOptions {
  /** The kinds of job this process runs (every process runs every kind). */
  definitions: readonly JobDefinition<unknown>[];
}

/**
 * The durable job queue (ADR 0036, ADR 0037): one worker per process, started when the app is
 * ready, also in tests (where `flush()` makes the background work deterministic), and stopped when
 * it closes, before the database (server.ts closes the database after `app.close()`).
 */
async function jobs(app: FastifyInstance, options: JobsPluginOptions) {
  // Its own storage client: the handlers read uploaded bytes (the upload plugin keeps its own).
  const storage = createStorage(app.config);
  const worker = new JobWorker({
    db: app.db,
    storage,
    log: app.log.child({ component: 'jobs' }),
  });
  for (const definition of options.definitions) {
    worker.register(definition);
  }
  app.decorate('jobs', worker);
  app.addHook('onReady', () => worker.start());
  // preClose: stop taking new work as soon as closing starts; jobs in flight get a grace period.
  app.addHook('preClose', () => worker.stop());
  app.addHook('onClose', async () => {
    await worker.stop();
    storage.close?.();
  });
}

export const jobsPlugin = fp(jobs, { name: 'jobs' });
