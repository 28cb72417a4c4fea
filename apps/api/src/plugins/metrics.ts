import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { APP_VERSION } from '../version';
import { z } from 'zod';
import { genericPlanPoolOf } from '../db/statements';
import type { Database } from '../db/client';
import type { Lane } from '../lib/admission/lane';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { clusterMetrics, inCluster, shareWithPrimary } from '../lib/metrics/cluster';
import { routeSchema } from '../lib/route-schema';
import { sendError } from './error-handler';

/** The route label of a request no route matched (404s, the web app's client-side paths). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Seconds; from a cached answer (~1 ms) to a slow export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * GET /metrics in the Prometheus text format, for the people who run the platform (ADR 0057). Off
 * unless METRICS_TOKEN is set (then nothing is measured and /metrics answers 404), and never
 * public: the scraper sends `Authorization: Bearer <METRICS_TOKEN>`.
 *
 * Labels stay few: a request is counted under its route pattern (`/api/projects/:id`), never its
 * URL. Per-process metrics (requests, pools, cache) are summed over the API processes of a
 * machine (lib/metrics/cluster.ts); the queue depths are read from the database once per scrape
 * by the process that answers it.
 */
async function metricsPlugin(app: FastifyInstance) {
  const token = app.config.metricsToken;
  if (token === undefined) {
    app.get(
      '/metrics',
      { config: { auth: false, requestLog: false, admission: false }, schema },
      (_req, reply) => sendError(reply, new AppError('NOT_FOUND', 'Not Found')),
    );
    return;
  }

  const perProcess = new Registry();
  const perScrape = new Registry();
  collectDefaultMetrics({ register: perProcess });
  registerHttpMetrics(app, perProcess);
  registerPoolMetrics(app.db, perProcess);
  registerCacheMetrics(app, perProcess);
  registerAdmissionMetrics(app, perProcess);
  registerQueueMetrics(app.db, perScrape);
  registerBuildInfo(perScrape);
  if (inCluster()) shareWithPrimary(perProcess);

  app.get(
    '/metrics',
    // Scraped under any load, never queued: it is how the load is seen (ADR 0069).
    { config: { auth: false, requestLog: false, admission: false }, schema },
    async (request, reply) => {
      const refused = checkToken(request, token);
      if (refused) return sendError(reply, refused);
      const [processes, database] = await Promise.all([
        inCluster() ? clusterMetrics() : perProcess.metrics(),
        perScrape.metrics(),
      ]);
      return reply
        .header('cache-control', 'no-store')
        .type(perProcess.contentType)
        .send(processes.trimEnd() + '\n' + database);
    },
  );
}

const schema = routeSchema(
  {
    tag: 'operations',
    summary: 'Metrics in the Prometheus text format',
    description:
      'Only when METRICS_TOKEN is configured (otherwise 404), with `Authorization: Bearer <METRICS_TOKEN>`: the token of the scraper, not a user token. See docs/operations.md.',
    access: 'public',
    errors: [401, 403, 404],
  },
  { response: { 200: z.string().meta({ description: 'text/plain; version=0.0.4' }) } },
);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** 401 without a bearer token, 403 with a wrong one; compared in constant time. */
function checkToken(request: FastifyRequest, token: string): AppError | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return unauthorized();
  return timingSafeEqual(digest(match[1] as string), digest(token)) ? undefined : forbidden();
}

function registerHttpMetrics(app: FastifyInstance, registry: Registry) {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_server_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const labels = { method: request.method, route };
    requests.inc({ ...labels, status: String(reply.statusCode) });
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc(labels);
  });
}

/** Connections of the node-postgres pools, read at each scrape (none for the embedded PGlite). */
function registerPoolMetrics(db: Database, registry: Registry) {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return;
  const pools: [string, pg.Pool][] = [['main', client]];
  const generic = genericPlanPoolOf(client);
  if (generic) pools.push(['generic-plan', generic]);
  const gauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [registry],
      collect() {
        for (const [label, pool] of pools) this.set({ pool: label }, read(pool));
      },
    });
  gauge('db_pool_connections', 'Open connections of the pool', (p) => p.totalCount);
  gauge('db_pool_idle_connections', 'Open connections not in use', (p) => p.idleCount);
  gauge('db_pool_waiting_requests', 'Queries waiting for a free connection', (p) => p.waitingCount);
  gauge('db_pool_max_connections', 'Most connections the pool opens', (p) => p.options.max ?? 10);
}

/** Lookups of the answer cache (ADR 0007): the hit rate is hits / (hits + misses). */
function registerCacheMetrics(app: FastifyInstance, registry: Registry) {
  const cache = app.responseCache;
  new Counter({
    name: 'response_cache_lookups_total',
    help: 'Lookups of the answer cache, by kind (answer of a read route, account of a token) and result',
    labelNames: ['kind', 'result'] as const,
    registers: [registry],
    collect() {
      // The cache keeps its own running totals; the counter mirrors them.
      this.reset();
      for (const kind of ['answer', 'account'] as const) {
        this.inc({ kind, result: 'hit' }, cache.stats[kind].hits);
        this.inc({ kind, result: 'miss' }, cache.stats[kind].misses);
      }
    },
  });
  new Gauge({
    name: 'response_cache_entries',
    help: 'Entries kept by the answer cache',
    registers: [registry],
    collect() {
      this.set(cache.size);
    },
  });
}

/**
 * Admission control's lanes (ADR 0069), read at scrape time: requests waiting and served, the
 * lane's slots and current queue limit, and the totals of refusals (`full`: the queue was full;
 * `waited`: the longest wait passed) and of requests dropped because their client went while
 * they waited.
 */
function registerAdmissionMetrics(app: FastifyInstance, registry: Registry) {
  const lanes = () => Object.values(app.admission.lanes);
  const gauge = (name: string, help: string, read: (lane: Lane) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['lane'] as const,
      registers: [registry],
      collect() {
        for (const lane of lanes()) this.set({ lane: lane.name }, read(lane));
      },
    });
  gauge('admission_queue_depth', 'Requests waiting for a slot of the lane', (l) => l.queued);
  gauge('admission_in_flight', 'Requests holding a slot of the lane', (l) => l.inFlight);
  gauge('admission_slots', 'Requests the lane serves at once', (l) => l.limits.slots);
  gauge(
    'admission_queue_limit',
    'Requests the lane lets wait now (from the measured service time)',
    (l) => l.queueLimit,
  );
  new Counter({
    name: 'admission_rejected_total',
    help: 'Requests refused by admission control (503; a page gets the plain shell), by lane and reason (full, waited)',
    labelNames: ['lane', 'reason'] as const,
    registers: [registry],
    collect() {
      // The lanes keep their own running totals; the counter mirrors them.
      this.reset();
      for (const lane of lanes()) {
        this.inc({ lane: lane.name, reason: 'full' }, lane.totals.full);
        this.inc({ lane: lane.name, reason: 'waited' }, lane.totals.waited);
      }
    },
  });
  new Counter({
    name: 'admission_dropped_total',
    help: 'Requests whose client went while they waited for a slot (never started), by lane',
    labelNames: ['lane'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const lane of lanes()) this.inc({ lane: lane.name }, lane.totals.gone);
    },
  });
}

interface DepthRow extends Record<string, unknown> {
  queue: 'jobs' | 'email';
  kind: string;
  state: string;
  count: number | string;
}

/**
 * Work waiting in the database, one query per scrape: jobs by kind and state (`pending` due or
 * waiting for a retry, `running` under a worker's lease, `failed` given up), and the email outbox
 * by template and state. Done jobs and sent emails are history, not depth. A series seen once
 * stays at 0 when its rows are gone, so an alert on it does not see a missing series.
 */
function registerQueueMetrics(db: Database, registry: Registry) {
  const seen = { jobs: new Set<string>(), email: new Set<string>() };
  // prom-client collects a registry's metrics concurrently: both gauges share the scrape's query.
  let reading: Promise<DepthRow[]> | undefined;
  async function fill(queue: DepthRow['queue'], gauge: Gauge<'kind' | 'state'>) {
    reading ??= readDepths(db).finally(() => (reading = undefined));
    const rows = await reading;
    gauge.reset();
    for (const key of seen[queue]) {
      const [kind, state] = JSON.parse(key) as [string, string];
      gauge.set({ kind, state }, 0);
    }
    for (const row of rows) {
      if (row.queue !== queue) continue;
      seen[queue].add(JSON.stringify([row.kind, row.state]));
      gauge.set({ kind: row.kind, state: row.state }, Number(row.count));
    }
  }
  new Gauge({
    name: 'jobs_queue_depth',
    help: 'Jobs not done, by kind and state (pending, running, failed)',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    collect() {
      return fill('jobs', this);
    },
  });
  new Gauge({
    name: 'email_outbox_depth',
    help: 'Emails not sent, by template (kind) and state (pending, sending, failed)',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    collect() {
      return fill('email', this);
    },
  });
}

/**
 * The product's version and the Node.js that runs it, as the usual `*_build_info` gauge (always
 * 1): a dashboard shows which version each machine runs during an upgrade (ADR 0067). Per scrape,
 * not summed over the cluster's workers, which all run the same build.
 */
function registerBuildInfo(registry: Registry) {
  new Gauge({
    name: 'plataforma_build_info',
    help: 'The version of the platform and of Node.js this process runs (always 1)',
    labelNames: ['version', 'node'] as const,
    registers: [registry],
  }).set({ version: APP_VERSION, node: process.versions.node }, 1);
}

async function readDepths(db: Database): Promise<DepthRow[]> {
  const result: unknown = await db.execute(sql`
    SELECT 'jobs' AS queue, kind,
           CASE WHEN status = 'pending' AND locked_until > now() THEN 'running' ELSE status END AS state,
           count(*) AS count
      FROM jobs WHERE status <> 'done' GROUP BY 1, 2, 3
    UNION ALL
    SELECT 'email', template,
           CASE WHEN status = 'pending' AND locked_until > now() THEN 'sending' ELSE status END,
           count(*)
      FROM email_outbox WHERE status <> 'sent' GROUP BY 1, 2, 3`);
  return (result as { rows: DepthRow[] }).rows;
}

export const metrics = fp(metricsPlugin, {
  name: 'metrics',
  dependencies: ['response-cache', 'admission'],
});
