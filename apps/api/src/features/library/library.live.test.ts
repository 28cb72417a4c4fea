import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { appWithChangeFeed, type FeedApp } from '../../../test/helpers/change-feed';
import { getTestDatabase } from '../../../test/helpers/db';
import { asAdmin, signedIn, unique } from '../../../test/helpers/factories';
import { tfxes } from '../../db/schema';

/**
 * The library's live works each API process keeps in memory (ADR 0071): a search answered from
 * them is the answer PostgreSQL alone gives (ADR 0043), and a work published, changed or
 * withdrawn by this process, by another one or by plain SQL is in the next search once the
 * process has heard of it.
 */

let first: FeedApp;
let alone: FastifyInstance;

beforeAll(async () => {
  alone = await getTestApp();
  first = await appWithChangeFeed();
});

afterAll(async () => {
  await first.close();
});

interface SearchBody {
  data: { id: number; attributes: Record<string, unknown> }[];
  meta: {
    pagination: { total: number };
    facets: Record<string, { value: unknown; count: number }[]>;
    fallback: boolean;
  };
}

async function search(app: FastifyInstance, query: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: `/api/tfxes/search?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchBody>();
}

/** A word only this file's works hold. */
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

async function insertWork(values: Partial<typeof tfxes.$inferInsert>) {
  const { db } = await getTestDatabase();
  const [row] = await db
    .insert(tfxes)
    .values({
      title: unique('Trabajo'),
      review_status: 'published',
      publishedAt: new Date(),
      publish_consent: true,
      ...values,
    })
    .returning();
  return row!;
}

describe('the same answers as PostgreSQL alone', () => {
  const word = marker();
  let student: { headers: Record<string, string> };
  let admin: { headers: Record<string, string> };

  beforeAll(async () => {
    const random = randomSource(29);
    student = await signedIn(first.app, 'student');
    admin = { headers: await asAdmin(first.app) };
    const topics = ['agua', 'energía solar', 'huertos urbanos', 'soledad'];
    for (let i = 0; i < 70; i++) {
      const topic = random.pick(topics);
      // The words in the title (first tier), only in the summary or tags (second), only in the
      // PDF's text (third), so every tier and its order is compared.
      const where = random.pick(['title', 'title', 'summary', 'tags', 'document'] as const);
      await insertWork({
        title: where === 'title' ? `${word} ${topic} ${i % 5}` : `Estudio ${i % 9} ${word}x`,
        summary: where === 'summary' ? `Sobre ${word} y ${topic}.` : 'Un resumen sin más.',
        tags: where === 'tags' ? [word, topic] : random.some(['mar', 'campo'], 1),
        document_text:
          where === 'document'
            ? `${'Texto de relleno. '.repeat(20)} ${word} ${topic} ${word}.`
            : random.next() < 0.3
              ? `Capítulo de ${topic}.`
              : null,
        // Some share a date: the id decides between them; some have none (last).
        tfxDate: random.pick(['2021-06-01', '2022-01-15', '2022-01-15', '2024-03-01', null]),
        degree_name: random.pick(['Grado en Biología', 'Grado en Trabajo Social', null]),
        study_area: random.pick(['Ciencias', 'Ciencias Sociales y Jurídicas', null]),
        sector: random.pick(['Medio ambiente', 'Educación', null]),
        language: random.pick(['Español', 'Inglés', null]),
        awarded: random.next() < 0.3,
        ods: random.next() < 0.2 ? null : random.some([1, 3, 6, 7, 11, 13], 2),
        external: random.next() < 0.2,
        author_name: 'Ana Autora',
        // A few are not in the library: not published, or still in review.
        review_status: random.next() < 0.1 ? 'pending' : 'published',
      });
    }
    await first.settled();
  });

  const queries = () => {
    const facets = [
      '',
      'year=2022',
      'ods=3&ods=7',
      'degree=Grado%20en%20Biolog%C3%ADa&awarded=true',
      'study_area=Ciencias&sector=Educaci%C3%B3n',
      'language=Ingl%C3%A9s&year=2021&year=2024',
      'awarded=false&ods=13',
      'degree=Ninguno',
      'external=true',
    ];
    const sorts = ['', '&sort=newest', '&sort=relevance&pageSize=5&page=2'];
    const texts = [
      `q=${word}`,
      `q=${word}%20agua`,
      `q=${word}%20-soledad`,
      `q=%22energ%C3%ADa%20solar%22%20${word}`,
      `q=huertoz%20urbanoz`,
      `q=%25%20${word}`,
      `q=${word}x`,
    ];
    const list: string[] = [];
    for (const [i, text] of texts.entries()) {
      for (const [j, facet] of facets.entries()) {
        list.push(`${text}&${facet}${sorts[(i + j) % sorts.length]}`);
      }
    }
    // Without words: the whole library of the test database, both orders, a few pages.
    for (const sort of ['', '&sort=newest']) {
      list.push(`pageSize=50${sort}`, `pageSize=7&page=3${sort}`, `external=true${sort}`);
      list.push(`ods=1&ods=6&awarded=true&pageSize=20${sort}`);
    }
    list.push(`q=${word}&pageSize=50`, `q=${word}&pageSize=3&page=20`);
    return list;
  };

  it('for visitors, students and admins, over every facet, order, page and kind of words', async () => {
    const loadsBefore = first.app.liveWorks.loads;
    let nonEmpty = 0;
    for (const headers of [{}, student.headers, admin.headers]) {
      for (const query of queries()) {
        const fromMemory = await search(first.app, query, headers);
        const fromDatabase = await search(alone, query, headers);
        expect(fromMemory, query).toEqual(fromDatabase);
        if (fromMemory.data.length > 0) nonEmpty += 1;
      }
    }
    // The comparison compared something: most searches find works.
    expect(nonEmpty).toBeGreaterThan(queries().length);
    // The answers did come from memory: read once, nothing having changed since.
    expect(first.app.liveWorks.loads - loadsBefore).toBeLessThanOrEqual(1);
    expect(await first.app.liveWorks.current()).toBeDefined();
  });

  it('a page reaching into the lower tiers, and the typo fallback, in the same order', async () => {
    const fromMemory = await search(first.app, `q=${word}&pageSize=50&page=2`);
    const fromDatabase = await search(alone, `q=${word}&pageSize=50&page=2`);
    expect(fromMemory).toEqual(fromDatabase);
    const typo = await search(first.app, 'q=huertoz%20urbanoz');
    expect(typo).toEqual(await search(alone, 'q=huertoz%20urbanoz'));
  });
});

describe('a change is in the next search', () => {
  it('a work published, changed or withdrawn with plain SQL, as another process would', async () => {
    const word = marker();
    const { db } = await getTestDatabase();
    const work = await insertWork({ title: `${word} recién`, sector: 'Cultura' });
    await first.settled();
    const found = await search(first.app, `q=${word}`);
    expect(found.data.map((w) => w.id)).toEqual([work.id]);
    expect(found.meta.facets.sector).toEqual([{ value: 'Cultura', count: 1 }]);

    await db.update(tfxes).set({ sector: 'Deporte' }).where(eq(tfxes.id, work.id));
    await first.settled();
    const changed = await search(first.app, `q=${word}&sector=Deporte`);
    expect(changed.meta.pagination.total).toBe(1);
    expect(changed.meta.facets.sector).toEqual([{ value: 'Deporte', count: 1 }]);

    await db.update(tfxes).set({ review_status: 'pending' }).where(eq(tfxes.id, work.id));
    await first.settled();
    const withdrawn = await search(first.app, `q=${word}`);
    // Nothing holds the word now: the typo fallback answers similar works, not this one.
    expect(withdrawn.meta.fallback).toBe(true);
    expect(withdrawn.data.map((w) => w.id)).not.toContain(work.id);
    expect(withdrawn).toEqual(await search(alone, `q=${word}`));
  });

  it('without the change feed nothing is kept: PostgreSQL answers alone', async () => {
    const before = alone.liveWorks.loads;
    await search(alone, 'q=agua');
    expect(alone.liveWorks.loads).toBe(before);
    expect(await alone.liveWorks.current()).toBeUndefined();
  });
});
