import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { ChangeFeed } from '../../src/db/change-feed';
import type { Lane } from '../../src/lib/admission/lane';
import { TEST_CONFIG } from '../helpers/app';
import { uniqueIp } from '../helpers/auth';
import { getTestDatabase, onPostgres } from '../helpers/db';
import { TEST_PASSWORD, bearer, createUser, unique } from '../helpers/factories';
import { pdf, upload } from '../helpers/upload';
import { files } from '../../src/db/schema';

/**
 * Admission control (ADR 0069), on a listening server whose lanes are made small enough to fill:
 * two main slots with one place in the queue, one sign-in slot with one place. Requests are held
 * by test routes that wait for the test to let them go (on PostgreSQL holding a connection in a
 * transaction meanwhile, as a slow search would). Every expectation is about order and outcome,
 * never about how long something took.
 */
const METRICS_TOKEN = 'metrics-token-of-the-admission-test';
const BUSY = 'Hay mucha gente ahora mismo. Vuelve a intentarlo en unos segundos.';
const SHELL =
  '<!doctype html><html><head><title>Plataforma</title></head><body><div id="root"></div></body></html>';

let app: FastifyInstance;
let feed: ChangeFeed;
let port: number;
let webDir: string;
let main: Lane;
let session: Lane;
let auth: Lane;

/** Held requests' gates, by id; the ids of those whose handler started. */
const gates = new Map<string, Promise<void>>();
const started = new Set<string>();
/** Handler runs of /test/statement: where a route's statements run. */
let statements = 0;

beforeAll(async () => {
  const handle = await getTestDatabase();
  feed = await handle.openChangeFeed(() => undefined);
  webDir = await mkdtemp(join(tmpdir(), 'admission-web-'));
  await mkdir(join(webDir, 'assets'));
  await writeFile(join(webDir, 'index.html'), SHELL);
  await writeFile(join(webDir, 'assets', 'app-1a2b.js'), 'console.log(1);');
  app = await buildApp({
    config: {
      ...TEST_CONFIG,
      responseCache: true,
      webDistDir: webDir,
      metricsToken: METRICS_TOKEN,
    },
    db: handle.db,
    changeFeed: feed,
    logger: false,
    admissionLanes: {
      main: { slots: 2, minQueue: 1, maxQueue: 1 },
      auth: { slots: 1, minQueue: 1, maxQueue: 1 },
    },
  });
  addTestRoutes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  ({ main, session, auth } = app.admission.lanes);
});

afterAll(async () => {
  for (const id of gates.keys()) release(id);
  await app.close();
  await feed.close();
  await rm(webDir, { recursive: true, force: true });
});

/** Routes of the tests: held ones, one that runs a statement, one that calls the app itself. */
function addTestRoutes(instance: FastifyInstance) {
  const hide = { schema: { hide: true } };
  const held = async (id: string) => {
    started.add(id);
    const gate = gates.get(id);
    // On PostgreSQL a held request keeps a connection of the pool busy, as a slow search does.
    if (onPostgres) {
      await instance.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await gate;
      });
    } else {
      await gate;
    }
    return { id };
  };
  instance.get<{ Querystring: { id: string } }>('/test/held', hide, (request) =>
    held(request.query.id),
  );
  instance.get<{ Querystring: { id: string } }>(
    '/test/held-auth',
    { ...hide, config: { admission: 'auth' } },
    (request) => held(request.query.id),
  );
  instance.get('/test/statement', hide, async () => {
    statements += 1;
    await instance.db.execute(sql`SELECT 1`);
    return { ok: true };
  });
  instance.get('/test/nested', hide, async () => {
    const inner = await instance.inject({ method: 'GET', url: '/test/statement' });
    return { inner: inner.statusCode };
  });
}

const releases = new Map<string, () => void>();
function release(id: string) {
  releases.get(id)?.();
}

/** Resolves once `condition` holds (checked as the event loop turns); fails after 10 s. */
async function until(condition: () => boolean, what: string) {
  for (let turn = 0; !condition(); turn += 1) {
    if (turn > 1_000) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface Held {
  id: string;
  answer: Promise<LightMyRequestResponse>;
  /** Set once its answer arrived. */
  answered: () => boolean;
  release: () => void;
}

/** A request to a held route, which waits in its handler until released. */
function hold(route: '/test/held' | '/test/held-auth', target = app): Held {
  const id = unique('held');
  let open = () => undefined as void;
  gates.set(
    id,
    new Promise<void>((resolve) => {
      open = resolve;
    }),
  );
  releases.set(id, open);
  let done = false;
  const answer = target.inject({ method: 'GET', url: `${route}?id=${id}` }).then((res) => {
    done = true;
    return res;
  });
  return { id, answer, answered: () => done, release: open };
}

/** Fills the main lane: both slots held (their handlers running), one request queued. */
async function fillMain(): Promise<{ held: Held[]; queued: Held; releaseAll: () => void }> {
  const held = [hold('/test/held'), hold('/test/held')];
  await until(() => held.every((h) => started.has(h.id)), 'both held handlers running');
  const queued = hold('/test/held');
  await until(() => main.queued === 1, 'one request queued');
  return {
    held,
    queued,
    releaseAll: () => [...held, queued].forEach((h) => h.release()),
  };
}

async function drain(requests: Held[]) {
  requests.forEach((h) => h.release());
  const answers = await Promise.all(requests.map((h) => h.answer));
  for (const answer of answers) expect(answer.statusCode).toBe(200);
  await until(() => main.inFlight === 0 && main.queued === 0, 'the main lane empty again');
}

describe('admission control: the main lane (ADR 0069)', () => {
  it('when the queue is full, the next request is answered 503 with Retry-After before its handler runs any statement', async () => {
    const { held, queued, releaseAll } = await fillMain();
    const before = statements;

    const refused = await app.inject({ method: 'GET', url: '/test/statement' });

    expect(refused.statusCode).toBe(503);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({
      data: null,
      error: {
        status: 503,
        name: 'ServiceUnavailableError',
        message: BUSY,
        details: { retryAfter },
      },
    });
    expect(refused.headers['content-language']).toBe('es');
    // Answered while the slots were still held and the queued one still waited: at once.
    expect(held.some((h) => h.answered()) || queued.answered()).toBe(false);
    expect(started.has(queued.id)).toBe(false);
    expect(statements).toBe(before);

    // A route of the engine is refused the same way.
    const search = await app.inject({
      method: 'GET',
      url: '/api/projects?filters[title][$containsi]=x',
    });
    expect(search.statusCode).toBe(503);

    releaseAll();
    await drain([...held, queued]);
    // Once there is room again the same request is served.
    expect((await app.inject({ method: 'GET', url: '/test/statement' })).statusCode).toBe(200);
    expect(statements).toBe(before + 1);
  });

  it('when a queued request’s client disconnects, it leaves the queue and its handler never runs', async () => {
    const held = [hold('/test/held'), hold('/test/held')];
    await until(() => held.every((h) => started.has(h.id)), 'both held handlers running');
    const before = statements;
    const gone = main.totals.gone;

    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.on('connect', resolve));
    socket.write('GET /test/statement HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await until(() => main.queued === 1, 'the socket’s request queued');
    socket.destroy();
    await until(() => main.queued === 0, 'the queue empty once the client went');
    expect(main.totals.gone).toBe(gone + 1);

    await drain(held);
    expect(statements).toBe(before);
  });

  it('an upload streams in without a slot, then waits for one for its database work: refused with 503 when the lane is full, storing nothing', async () => {
    const user = await createUser({ profileType: 'student' });
    const { held, queued, releaseAll } = await fillMain();
    const filesBefore = await app.db.$count(files);

    const refused = await upload(app, bearer(app, user.id), [
      { data: pdf('Curriculum de admisión'), filename: 'cv.pdf', contentType: 'application/pdf' },
    ]);

    expect(refused.status).toBe(503);
    expect(refused.res.headers['retry-after']).toBeDefined();
    expect(await app.db.$count(files)).toBe(filesBefore);
    releaseAll();
    await drain([...held, queued]);

    const stored = await upload(app, bearer(app, user.id), [
      { data: pdf('Curriculum de admisión'), filename: 'cv.pdf', contentType: 'application/pdf' },
    ]);
    expect(stored.status).toBe(201);
    expect(await app.db.$count(files)).toBe(filesBefore + 1);
  });

  it('when the process calls itself while serving a request (app.inject), the inner request runs under the outer slot', async () => {
    const held = [hold('/test/held'), hold('/test/held')];
    await until(() => held.every((h) => started.has(h.id)), 'both held handlers running');
    const nested = app.inject({ method: 'GET', url: '/test/nested' });
    await until(() => main.queued === 1, 'the nested request queued');
    // Its turn comes while the other slot stays held: a second slot for its inner request
    // would never come (it would wait for itself, then be refused).
    held[0]?.release();

    const answer = await nested;
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ inner: 200 });
    await drain(held);
  });

  it('when the queue is full, health checks, metrics, the build’s files and cached answers are still answered, and a page gets the plain shell', async () => {
    // Computed once with room: the answer is then in the cache.
    const cachedUrl = `/api/projects?pagination[pageSize]=${1 + Math.floor(Math.random() * 90)}`;
    const first = await app.inject({ method: 'GET', url: cachedUrl });
    expect(first.statusCode).toBe(200);
    const { held, queued } = await fillMain();

    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const file = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(file.statusCode).toBe(200);
    const cached = await app.inject({ method: 'GET', url: cachedUrl });
    expect(cached.statusCode).toBe(200);
    expect(cached.headers['x-cache']).toBe('hit');
    expect(cached.body).toBe(first.body);
    const page = await app.inject({ method: 'GET', url: '/projects' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(SHELL);

    const metrics = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('admission_in_flight{lane="main"} 2');
    expect(metrics.body).toContain('admission_queue_depth{lane="main"} 1');
    expect(metrics.body).toContain('admission_slots{lane="auth"} 1');
    expect(metrics.body).toMatch(/admission_rejected_total\{lane="main",reason="full"\} [1-9]/);
    expect(metrics.body).toMatch(/admission_dropped_total\{lane="main"\} \d+/);

    await drain([...held, queued]);
    // With room again, a page is drawn with its head (the brand's title).
    const drawn = await app.inject({ method: 'GET', url: '/projects' });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.body).toContain('og:title');
  });
});

describe('admission control: the session lane (ADR 0069)', () => {
  it('when the main lane is full, a bearer’s account is read at once: its token is accepted, or refused with 401', async () => {
    const { held, queued } = await fillMain();
    const admitted = session.totals.admitted;
    const user = await createUser({ profileType: 'student' });
    const blocked = await createUser({ profileType: 'student', blocked: true });

    const accepted = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: bearer(app, user.id),
    });
    const refused = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: bearer(app, blocked.id),
    });

    expect(accepted.statusCode).toBe(200);
    expect(refused.statusCode).toBe(401);
    // Both accounts were read (none was cached) while the searches held every main slot.
    expect(session.totals.admitted).toBe(admitted + 2);
    expect(held.some((h) => h.answered()) || queued.answered()).toBe(false);
    expect(main.queued).toBe(1);
    await drain([...held, queued]);
  });

  it('when searches hold every main slot of a lane sized from the pool and more wait, a bearer’s account still finds a connection', async () => {
    // The lanes as a process sizes them from its pool (DB_POOL_SIZE 5: four main slots, one
    // connection kept for sessions). On PostgreSQL each search holds a connection: had the fifth
    // one not waited in the lane, it would hold the last connection and the account would wait
    // for the pool's timeout.
    const { db } = await getTestDatabase();
    const sized = await buildApp({ config: TEST_CONFIG, db, logger: false });
    addTestRoutes(sized);
    await sized.ready();
    const lanes = sized.admission.lanes;
    expect(lanes.main.limits.slots).toBe(TEST_CONFIG.dbPoolSize - 1);
    try {
      const searches = Array.from({ length: lanes.main.limits.slots }, () =>
        hold('/test/held', sized),
      );
      await until(() => searches.every((h) => started.has(h.id)), 'every main slot held');
      const waiting = hold('/test/held', sized);
      await until(() => lanes.main.queued === 1, 'one more search waiting');
      const user = await createUser({ profileType: 'student' });

      const answer = await sized.inject({
        method: 'GET',
        url: '/healthz',
        headers: bearer(sized, user.id),
      });

      expect(answer.statusCode).toBe(200);
      expect(lanes.session.totals.admitted).toBe(1);
      expect([...searches, waiting].some((h) => h.answered())).toBe(false);
      [...searches, waiting].forEach((h) => h.release());
      for (const h of [...searches, waiting]) expect((await h.answer).statusCode).toBe(200);
    } finally {
      await sized.close();
    }
  });
});

describe('admission control: the sign-in lane (ADR 0069)', () => {
  async function rateLimitRows(): Promise<number> {
    const { db } = await getTestDatabase();
    const result = (await db.execute(sql`SELECT count(*)::int AS n FROM rate_limit_hits`)) as {
      rows: { n: number }[];
    };
    return result.rows[0]?.n ?? 0;
  }

  it('when sign-ins exceed their concurrency, the next waits in its own queue, the one after is refused before any statement, and other requests pass', async () => {
    const user = await createUser({ profileType: 'student' });
    const signIn = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/local',
        remoteAddress: uniqueIp(),
        payload: { identifier: user.email, password: TEST_PASSWORD },
      });
    const hashing = hold('/test/held-auth');
    await until(() => started.has(hashing.id), 'the sign-in slot held');

    let waitingAnswered = false;
    const waiting = signIn().then((res) => {
      waitingAnswered = true;
      return res;
    });
    await until(() => auth.queued === 1, 'a sign-in queued');
    const rowsBefore = await rateLimitRows();

    const refused = await signIn();
    expect(refused.statusCode).toBe(503);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(BUSY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Not even its attempt was counted: it never reached the database.
    expect(await rateLimitRows()).toBe(rowsBefore);

    // Everyone else goes on meanwhile.
    expect((await app.inject({ method: 'GET', url: '/test/statement' })).statusCode).toBe(200);
    expect(waitingAnswered).toBe(false);

    hashing.release();
    expect((await hashing.answer).statusCode).toBe(200);
    const signedIn = await waiting;
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ jwt: string }>().jwt).toEqual(expect.any(String));
    expect(await rateLimitRows()).toBeGreaterThan(rowsBefore);
    await until(() => auth.inFlight === 0, 'the sign-in lane empty again');
  });
});
