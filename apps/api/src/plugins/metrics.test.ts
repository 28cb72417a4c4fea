import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TEST_CONFIG, getTestApp } from '../../test/helpers/app';
import { getTestDatabase, onPostgres } from '../../test/helpers/db';
import { enqueueJob } from '../lib/jobs';

const TOKEN = 'metrics-token-of-the-tests-0123456789';
const scrape = { authorization: `Bearer ${TOKEN}` };

let app: FastifyInstance;
beforeAll(async () => {
  const { db } = await getTestDatabase();
  app = await buildApp({ config: { ...TEST_CONFIG, metricsToken: TOKEN }, db, logger: false });
  app.get('/test/boom', () => {
    throw new Error('boom');
  });
  await app.ready();
});
afterAll(() => app.close());

/** The value of one sample of the exposition, e.g. `http_requests_total{...}`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const [series, value] = line.split(/\s+(?=[^\s]+$)/) as [string, string];
    const inner = series.slice(name.length + 1, -1).split(',');
    if (wanted.every((l) => inner.includes(l))) return Number(value);
  }
  return 0;
}

async function metricsText(): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: scrape });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
}

describe('GET /metrics is never public', () => {
  it('when METRICS_TOKEN is not set, /metrics answers 404 in the Strapi envelope', async () => {
    const off = await getTestApp();
    const res = await off.inject({ method: 'GET', url: '/metrics', headers: scrape });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ data: null, error: { status: 404 } });
  });

  it('when no token is sent, the answer is 401; with a wrong one, 403', async () => {
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ data: null, error: { status: 401 } });
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ data: null, error: { status: 403 } });
  });
});

describe('what /metrics measures', () => {
  it('counts requests by route pattern, never by URL, with their latency and the 5xx', async () => {
    const before = await metricsText();
    const route = { method: 'GET', route: '/api/projects/:id' };
    const counted = (text: string) =>
      sample(text, 'http_requests_total', { ...route, status: '404' });
    for (const id of [999_991, 999_992]) {
      await app.inject({ method: 'GET', url: `/api/projects/${id}?populate=*` });
    }
    await app.inject({ method: 'GET', url: '/test/boom' });
    await app.inject({ method: 'GET', url: '/no/such/path/123' });

    const after = await metricsText();
    expect(counted(after) - counted(before)).toBe(2);
    expect(
      sample(after, 'http_request_duration_seconds_count', route) -
        sample(before, 'http_request_duration_seconds_count', route),
    ).toBe(2);
    expect(after).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET"');
    // No label holds the id (a sample's value may hold those digits by chance: 0.00025704699999914).
    expect(after).not.toMatch(/\/999991/);
    expect(after).not.toContain('/no/such/path');
    expect(sample(after, 'http_requests_total', { route: '(unmatched)', status: '404' })).toBe(1);
    expect(sample(after, 'http_server_errors_total', { route: '/test/boom' })).toBe(1);
    expect(sample(after, 'http_server_errors_total', route)).toBe(0);
  });

  it('reports the answer cache lookups by kind and result', async () => {
    const cache = app.responseCache.stats;
    cache.answer.hits += 3;
    cache.account.misses += 2;
    const text = await metricsText();
    expect(sample(text, 'response_cache_lookups_total', { kind: 'answer', result: 'hit' })).toBe(
      cache.answer.hits,
    );
    expect(sample(text, 'response_cache_lookups_total', { kind: 'account', result: 'miss' })).toBe(
      cache.account.misses,
    );
    expect(text).toContain('response_cache_entries ');
  });

  it('reports the depth of the job queue by kind and state, and of the email outbox', async () => {
    const kind = `metrics.test-${Date.now()}`;
    const depth = (text: string, state: string) =>
      sample(text, 'jobs_queue_depth', { kind, state });
    const { db } = await getTestDatabase();
    await db.transaction(async (tx) => {
      await enqueueJob(tx, { kind, payload: {} });
      await enqueueJob(tx, { kind, payload: {} });
    });
    expect(depth(await metricsText(), 'pending')).toBe(2);

    await db.execute(sql`UPDATE jobs SET status = 'done' WHERE kind = ${kind}`);
    const text = await metricsText();
    // Seen once, the series stays, at 0.
    expect(text).toContain(`jobs_queue_depth{kind="${kind}",state="pending"} 0`);
    expect(text).toContain('# TYPE email_outbox_depth gauge');
  });

  it('reports the use of the PostgreSQL pools (none for the embedded database)', async () => {
    const text = await metricsText();
    if (onPostgres) {
      // test/helpers/db.ts opens the worker's database with a pool of 5.
      expect(sample(text, 'db_pool_max_connections', { pool: 'main' })).toBe(5);
      expect(text).toContain('db_pool_waiting_requests{pool="main"}');
    } else {
      expect(text).not.toContain('db_pool_connections');
    }
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('says which version of the platform and of Node.js the process runs', async () => {
    const text = await metricsText();
    const version = (await import('../../../../package.json', { with: { type: 'json' } })).default
      .version;
    expect(sample(text, 'plataforma_build_info', { version, node: process.versions.node })).toBe(1);
  });
});
