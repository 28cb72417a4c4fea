import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEREST_THEMES, STUDY_AREAS } from '@plataforma/shared';

const AREAS = STUDY_AREAS.map((area) => area.name);
import { buildApp } from '../../app';
import type { ChangeFeed, ChangeListener } from '../../db/change-feed';
import { projects, studentsFavoriteProjects } from '../../db/schema';
import { TEST_CONFIG, getTestApp } from '../../../test/helpers/app';
import { appWithChangeFeed, type FeedApp } from '../../../test/helpers/change-feed';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  asAdmin,
  createApply,
  createOrganization,
  createProject,
  createStudent,
  createTeacher,
  signedIn,
  unique,
} from '../../../test/helpers/factories';

/**
 * The published projects each API process keeps in memory (ADR 0059): a search answered from
 * them is the answer PostgreSQL alone gives, and a change made by this process, by another one
 * or by plain SQL is in the next search once the process has heard of it.
 */

/** Two API processes with change feeds, and one without (PostgreSQL alone). */
let first: FeedApp;
let second: FeedApp;
let alone: FastifyInstance;

beforeAll(async () => {
  alone = await getTestApp();
  first = await appWithChangeFeed();
  second = await appWithChangeFeed();
});

afterAll(async () => {
  await first.close();
  await second.close();
});

interface SearchBody {
  data: { id: number; attributes: Record<string, unknown>; snippet?: string | null }[];
  meta: {
    pagination: { total: number };
    facets: Record<string, { value: unknown; count: number }[]>;
    fallback: boolean;
  };
}

async function search(app: FastifyInstance, query: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: `/api/projects/search?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchBody>();
}

/** A word only this file's projects hold. */
const marker = () => unique('zq').replace(/-/g, 'x');

/** A small deterministic random source, so a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return {
    next,
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
    some: <T>(values: readonly T[], most: number): T[] =>
      values.filter(() => next() < most / values.length),
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000);
const dateIn = (offset: number) => day(offset).toISOString().slice(0, 10);

describe('the same answers as PostgreSQL alone', () => {
  const word = marker();
  const place = unique('Lugar');
  let student: { headers: Record<string, string> };
  let teacher: { headers: Record<string, string> };

  beforeAll(async () => {
    const random = randomSource(17);
    const tags = INTEREST_THEMES.flatMap((theme) => theme.tags).slice(0, 12);
    const titles = [
      'Ábaco',
      'abeja',
      'Zorro',
      'ñandú',
      'Proyecto 2',
      'Proyecto 10',
      'Comunidad energética',
    ];
    const organization = await createOrganization();
    const owner = await createTeacher();
    const studentSession = await signedIn(first.app, 'student');
    const profile = await createStudent({ userId: studentSession.user.id });
    student = studentSession;
    teacher = await signedIn(first.app, 'teacher');
    const same = day(-2);
    for (let i = 0; i < 60; i++) {
      const published = random.next() < 0.85;
      const project = await createProject({
        title: `${random.pick(titles)} ${word} ${i % 7}`,
        description: random.pick([
          `Agua y energía para el barrio ${word}`,
          `Un huerto escolar con compostaje`,
          null,
          'Energía solar comunitaria',
        ]),
        type: random.pick(['Impacto social', 'TFG/TFM'] as const),
        ods:
          random.next() < 0.1
            ? null
            : random.some(
                [...Array(17).keys()].map((n) => n + 1),
                3,
              ),
        tags: random.next() < 0.1 ? null : random.some(tags, 3),
        study_areas: random.some(AREAS.slice(0, 4), 1.5),
        study_subareas: random.some(['Psicología', 'Biología', 'Sociología'], 1),
        presentiality: random.pick(['Remoto', 'Presencial', 'Híbrido', null] as const),
        location: random.pick([place, `${place} Norte`, 'Murcia', null]),
        locality: random.pick(['Cartagena', 'Lorca', null]),
        dedication: random.pick(['Menos de 5 horas semanales', 'Más de 20 horas semanales', null]),
        language: random.pick(['Español', 'Inglés', null]),
        remuneration: random.next() < 0.3,
        internship: random.next() < 0.3,
        application_deadline: random.pick([dateIn(-3), dateIn(0), dateIn(5), dateIn(5), null]),
        organizationId: random.next() < 0.5 ? organization.id : null,
        teacherId: random.next() < 0.5 ? owner.id : null,
        status: published ? 'Publicada' : 'Validada',
        // Some share a publication time: the id decides between them.
        publishedAt: published ? (random.next() < 0.3 ? same : day(-random.next() * 30)) : null,
      });
      if (random.next() < 0.2) await createApply({ studentId: profile.id, projectId: project.id });
      if (random.next() < 0.2) {
        const { db } = await getTestDatabase();
        await db
          .insert(studentsFavoriteProjects)
          .values({ studentId: profile.id, projectId: project.id });
      }
    }
    await first.settled();
  });

  const queries = () => {
    const facets = [
      '',
      'type=TFG%2FTFM',
      'ods=3&ods=5',
      'presentiality=Remoto&type=Impacto%20social',
      `location=${encodeURIComponent(place)}&location=Murcia`,
      'remuneration=true&internship=false',
      'study_area=' + encodeURIComponent(AREAS[0]!),
      'study_subarea=Psicolog%C3%ADa&dedication=Menos%20de%205%20horas%20semanales',
      'language=Ingl%C3%A9s&presentiality=H%C3%ADbrido',
      'locality=cartagena',
      'location=Nowhere',
    ];
    const sorts = ['', '&sort=title', '&sort=deadline', '&sort=relevance'];
    const texts = [
      `q=${word}`,
      `q=${word}%20agua`,
      `q=${word}%20-compostaje`,
      `q=energia%20${word}`,
      `q=comunidaz%20${word}`,
      `q=%25%20${word}`,
    ];
    const list: string[] = [];
    for (const [i, text] of texts.entries()) {
      for (const [j, facet] of facets.entries()) {
        list.push(`${text}&${facet}${sorts[(i + j) % sorts.length]}`);
      }
    }
    // Without words: the whole catalogue of the test database, in every order and a few pages.
    for (const sort of sorts) {
      list.push(`pageSize=50${sort}`, `pageSize=7&page=3${sort}`);
      list.push(`location=${encodeURIComponent(place)}&pageSize=50${sort}`);
    }
    list.push('type=TFG%2FTFM&ods=1&ods=2&ods=3&pageSize=20&page=2');
    return list;
  };

  it('for visitors, students and teachers, over every facet, sort, page and kind of words', async () => {
    const loadsBefore = first.app.publishedProjects.loads;
    for (const headers of [{}, student.headers, teacher.headers]) {
      for (const query of queries()) {
        const fromMemory = await search(first.app, query, headers);
        const fromDatabase = await search(alone, query, headers);
        expect(fromMemory, query).toEqual(fromDatabase);
      }
    }
    // The answers did come from memory: read once, nothing having changed since.
    expect(first.app.publishedProjects.loads - loadsBefore).toBeLessThanOrEqual(1);
    expect(await first.app.publishedProjects.current()).toBeDefined();
  });
});

describe('a change is in the next search', () => {
  /** The projects of a unique place: a search of it is answered from memory alone. */
  async function inPlace(app: FastifyInstance, place: string) {
    const body = await search(app, `location=${encodeURIComponent(place)}`);
    return {
      ids: body.data.map((p) => p.id),
      total: body.meta.pagination.total,
      ods: body.meta.facets.ods,
    };
  }

  it('when this process publishes, edits and unpublishes a project, its next search shows it at once', async () => {
    const place = unique('Lugar');
    const project = await createProject({
      status: 'Validada',
      publishedAt: null,
      location: place,
      ods: [4],
    });
    await first.settled();
    expect((await inPlace(first.app, place)).total).toBe(0);
    const admin = await asAdmin(first.app);
    const put = async (data: Record<string, unknown>) => {
      const res = await first.app.inject({
        method: 'PUT',
        url: `/api/projects/${project.id}`,
        headers: admin,
        payload: { data },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    await put({ status: 'Publicada' });
    expect(await inPlace(first.app, place)).toEqual({
      ids: [project.id],
      total: 1,
      ods: [{ value: 4, count: 1 }],
    });
    await put({ ods: [7, 9] });
    expect((await inPlace(first.app, place)).ods).toEqual([
      { value: 7, count: 1 },
      { value: 9, count: 1 },
    ]);
    await put({ status: 'Terminada' });
    expect(await inPlace(first.app, place)).toEqual({ ids: [], total: 0, ods: [] });
  });

  it('when another process or plain SQL changes a project, every process shows it once notified', async () => {
    const place = unique('Lugar');
    const project = await createProject({ location: place, type: 'TFG/TFM' });
    await first.settled();
    await second.settled();
    expect((await inPlace(first.app, place)).ids).toEqual([project.id]);
    expect((await inPlace(second.app, place)).ids).toEqual([project.id]);

    // The second process edits it through its API.
    const res = await second.app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: await asAdmin(second.app),
      payload: { data: { ods: [13] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    await first.settled();
    expect((await inPlace(first.app, place)).ods).toEqual([{ value: 13, count: 1 }]);

    // Someone unpublishes it with SQL (psql, another service).
    const { db } = await getTestDatabase();
    await db.update(projects).set({ publishedAt: null }).where(eq(projects.id, project.id));
    for (const app of [first, second]) {
      await app.settled();
      expect((await inPlace(app.app, place)).total).toBe(0);
    }

    // And publishes it again.
    await db.update(projects).set({ publishedAt: new Date() }).where(eq(projects.id, project.id));
    for (const app of [first, second]) {
      await app.settled();
      expect((await inPlace(app.app, place)).ids).toEqual([project.id]);
    }
  });

  it('when searches arrive together after a change, the projects are read once for all of them', async () => {
    const place = unique('Lugar');
    await createProject({ location: place });
    await first.settled();
    const before = first.app.publishedProjects.loads;
    const answers = await Promise.all(Array.from({ length: 8 }, () => inPlace(first.app, place)));
    expect(answers.every((answer) => answer.total === 1)).toBe(true);
    expect(first.app.publishedProjects.loads - before).toBe(1);
  });
});

/** A change feed under the test's control: healthy or not, and silent unless told. */
function controlledFeed() {
  const listeners: ChangeListener[] = [];
  const feed: ChangeFeed & { healthy: boolean } = {
    healthy: false,
    subscribe: (listener) => listeners.push(listener),
    close: async () => undefined,
  };
  return {
    feed,
    change: (table: string) => listeners.forEach((l) => l.onChange(table)),
    reset: () => listeners.forEach((l) => l.onReset()),
  };
}

describe('in memory, never the source of truth', () => {
  let app: FastifyInstance;
  let control: ReturnType<typeof controlledFeed>;

  beforeAll(async () => {
    control = controlledFeed();
    const { db } = await getTestDatabase();
    app = await buildApp({ config: TEST_CONFIG, db, changeFeed: control.feed, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('while the change feed is down, searches are answered by PostgreSQL; once it is back, from a fresh copy', async () => {
    const place = unique('Lugar');
    const project = await createProject({ location: place });
    control.feed.healthy = false;
    const down = await search(app, `location=${encodeURIComponent(place)}`);
    expect(down.data.map((p) => p.id)).toEqual([project.id]);
    expect(app.publishedProjects.loads).toBe(0);

    control.feed.healthy = true;
    control.reset();
    const up = await search(app, `location=${encodeURIComponent(place)}`);
    expect(up).toEqual(down);
    expect(app.publishedProjects.loads).toBe(1);
  });

  it('a project unpublished before the notification arrives is counted until then, but never shown', async () => {
    control.feed.healthy = true;
    const place = unique('Lugar');
    const project = await createProject({ location: place });
    control.change('projects');
    expect((await search(app, `location=${encodeURIComponent(place)}`)).data).toHaveLength(1);

    // Another process unpublishes it; this one has not heard yet.
    const { db } = await getTestDatabase();
    await db.execute(sql`UPDATE projects SET published_at = NULL WHERE id = ${project.id}`);
    const stale = await search(app, `location=${encodeURIComponent(place)}`);
    expect(stale.meta.pagination.total).toBe(1);
    expect(stale.data).toEqual([]);

    control.change('projects');
    const fresh = await search(app, `location=${encodeURIComponent(place)}`);
    expect(fresh.meta.pagination.total).toBe(0);
  });
});
