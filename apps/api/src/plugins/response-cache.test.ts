import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { ChangeFeed } from '../db/change-feed';
import { organizations, universities, users } from '../db/schema';
import { TEST_CONFIG } from '../../test/helpers/app';
import { getTestDatabase } from '../../test/helpers/db';
import {
  asAdmin,
  bearer,
  createOrganization,
  createUniversity,
  createUser,
  unique,
} from '../../test/helpers/factories';

/** Two API "processes" on the worker's database, each with its own cache and change feed. */
let first: FastifyInstance;
let second: FastifyInstance;
const feeds: ChangeFeed[] = [];

beforeAll(async () => {
  const handle = await getTestDatabase();
  const make = async () => {
    const feed = await handle.openChangeFeed(() => undefined);
    feeds.push(feed);
    const app = await buildApp({
      config: { ...TEST_CONFIG, responseCache: true },
      db: handle.db,
      changeFeed: feed,
      logger: false,
    });
    await app.ready();
    return app;
  };
  first = await make();
  second = await make();
});

afterAll(async () => {
  await first.close();
  await second.close();
  for (const feed of feeds) await feed.close();
});

async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  return {
    status: res.statusCode,
    cache: res.headers['x-cache'],
    body: res.json<{ data: { id: number; attributes: Record<string, unknown> } }>(),
  };
}

/** Notifications travel through the database: wait until the answer is fresh again. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('answer cache', () => {
  it('when the same visitor request repeats, the second answer comes from the cache, identical', async () => {
    const university = await createUniversity();
    const url = `/api/universities/${university.id}`;
    const a = await get(first, url);
    expect(a.cache).toBe('miss');
    // On PostgreSQL the notification of the insert may arrive after the first read and drop it once.
    const b = await eventually(
      () => get(first, url),
      (r) => r.cache === 'hit',
    );
    expect(b.cache).toBe('hit');
    expect(b.body).toEqual(a.body);
  });

  it('when the entry is changed through the API, the next read is fresh at once', async () => {
    const admin = await asAdmin(first);
    const university = await createUniversity();
    await get(first, `/api/universities/${university.id}`);
    const name = unique('Renombrada');
    await first.inject({
      method: 'PUT',
      url: `/api/universities/${university.id}`,
      headers: admin,
      payload: { data: { name } },
    });
    const after = await get(first, `/api/universities/${university.id}`);
    expect(after.cache).toBe('miss');
    expect(after.body.data.attributes.name).toBe(name);
  });

  it('when the database is changed by someone else, every process drops the stale answer', async () => {
    const { db } = await getTestDatabase();
    const university = await createUniversity();
    await get(first, `/api/universities/${university.id}`);
    await get(second, `/api/universities/${university.id}`);
    const name = unique('Cambiada por SQL');
    await db.update(universities).set({ name }).where(eq(universities.id, university.id));
    for (const app of [first, second]) {
      const fresh = await eventually(
        () => get(app, `/api/universities/${university.id}`),
        (r) => r.body.data.attributes.name === name,
      );
      expect(fresh.body.data.attributes.name).toBe(name);
    }
  });

  it('when a related table changes, a list that populated it is fresh again', async () => {
    const { db } = await getTestDatabase();
    const organization = await createOrganization();
    const { createProject } = await import('../../test/helpers/factories');
    const project = await createProject({ organizationId: organization.id });
    const url = `/api/projects/${project.id}?populate=organization`;
    await get(first, url);
    const name = unique('Fundación renombrada');
    await db.update(organizations).set({ name }).where(eq(organizations.id, organization.id));
    const fresh = await eventually(
      () => get(first, url),
      (r) =>
        (r.body.data.attributes.organization as { data: { attributes: { name: string } } }).data
          .attributes.name === name,
    );
    expect(
      (fresh.body.data.attributes.organization as { data: { attributes: { name: string } } }).data
        .attributes.name,
    ).toBe(name);
  });

  it('when different actors ask the same URL, each gets their own answer', async () => {
    const organization = await createOrganization({ contact_mail: 'solo-admin@org.es' });
    const admin = await asAdmin(first);
    const asAdminView = await get(first, `/api/organizations/${organization.id}`, admin);
    const asVisitor = await get(first, `/api/organizations/${organization.id}`);
    expect(asAdminView.body.data.attributes.contact_mail).toBe('solo-admin@org.es');
    expect(asVisitor.body.data.attributes).not.toHaveProperty('contact_mail');
  });

  it('when a signed-in user is blocked, their next request is refused in every process', async () => {
    const { db } = await getTestDatabase();
    const user = await createUser({ profileType: 'admin' });
    const headers = bearer(first, user.id);
    expect(
      (await first.inject({ method: 'GET', url: '/api/permissions/status', headers })).statusCode,
    ).toBe(200);
    expect(
      (await second.inject({ method: 'GET', url: '/api/permissions/status', headers })).statusCode,
    ).toBe(200);
    await db.update(users).set({ blocked: true }).where(eq(users.id, user.id));
    for (const app of [first, second]) {
      const status = await eventually(
        async () =>
          (await app.inject({ method: 'GET', url: '/api/permissions/status', headers })).statusCode,
        (s) => s === 401,
      );
      expect(status).toBe(401);
    }
  });

  it('when a user loses a role, answers cached under the old role are not served to them', async () => {
    const { db } = await getTestDatabase();
    const organization = await createOrganization({ contact_mail: 'rol@org.es' });
    const user = await createUser({ profileType: 'admin' });
    const headers = bearer(first, user.id);
    const url = `/api/organizations/${organization.id}`;
    expect((await get(first, url, headers)).body.data.attributes.contact_mail).toBe('rol@org.es');
    await db.update(users).set({ profileType: 'student' }).where(eq(users.id, user.id));
    const after = await eventually(
      () => get(first, url, headers),
      (r) => !('contact_mail' in r.body.data.attributes),
    );
    expect(after.body.data.attributes).not.toHaveProperty('contact_mail');
  });

  it('when errors are answered, they are not cached', async () => {
    const a = await first.inject({ method: 'GET', url: '/api/universities/2147483646' });
    expect(a.statusCode).toBe(404);
    expect(a.headers['x-cache']).toBeUndefined();
  });
});

describe('compressed answers from the cache (ADR 0056)', () => {
  it('a hit is sent in the compressed bytes the entry keeps, made once for each encoding asked', async () => {
    const prefix = unique('Universidad comprimida');
    for (let i = 0; i < 12; i += 1) await createUniversity({ name: `${prefix} ${i}` });
    const url = `/api/universities?filters[name][$startsWith]=${encodeURIComponent(prefix)}&pagination[pageSize]=50`;
    const ask = (encoding?: string) =>
      first.inject({
        method: 'GET',
        url,
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });

    // The universities' notifications travel through the database (on PostgreSQL, after the
    // inserts returned): wait until the answer is cached and stays so.
    let plain = await ask();
    await eventually(
      async () => {
        const before = await ask();
        await new Promise((r) => setTimeout(r, 100));
        plain = await ask();
        return before.headers['x-cache'] === 'hit' && plain.headers['x-cache'] === 'hit';
      },
      (steady) => steady,
    );
    expect(plain.headers['x-cache']).toBe('hit');
    expect(plain.body.length).toBeGreaterThan(1024);
    const answer = first.responseCache.getAnswer(`visitor ${url}`);
    expect(answer?.encoded.size).toBe(0);

    const br = await ask('gzip, deflate, br');
    expect(br.headers['x-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const kept = answer!.encoded.get('br');
    expect(kept?.equals(br.rawPayload)).toBe(true);

    // The next hit sends the same bytes, not a new compression of them.
    const again = await ask('br');
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(answer!.encoded.get('br')).toBe(kept);

    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect([...answer!.encoded.keys()].sort()).toEqual(['br', 'gzip']);

    const none = await ask();
    expect(none.headers['x-cache']).toBe('hit');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });
});

describe('with RESPONSE_CACHE=off', () => {
  it('answers are never kept, while a token’s account still is, and a block still reaches it', async () => {
    const handle = await getTestDatabase();
    const feed = await handle.openChangeFeed(() => undefined);
    const app = await buildApp({
      config: { ...TEST_CONFIG, responseCache: false },
      db: handle.db,
      changeFeed: feed,
      logger: false,
    });
    try {
      await app.ready();
      const university = await createUniversity();
      const url = `/api/universities/${university.id}`;
      for (let i = 0; i < 3; i += 1) expect((await get(app, url)).cache).toBe('off');
      expect(app.responseCache.size).toBe(0);

      const user = await createUser({ profileType: 'admin' });
      const headers = bearer(app, user.id);
      const status = async () =>
        (await app.inject({ method: 'GET', url: '/api/permissions/status', headers })).statusCode;
      expect(await status()).toBe(200);
      // The account is kept: the only entry of the cache.
      expect(app.responseCache.size).toBe(1);
      await handle.db.update(users).set({ blocked: true }).where(eq(users.id, user.id));
      expect(await eventually(status, (s) => s === 401)).toBe(401);
    } finally {
      await app.close();
      await feed.close();
    }
  });
});
