import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INDIFFERENT_TAG,
  INTEREST_THEMES,
  PROVINCES,
  STUDY_AREAS,
  WORK_DEADLINES,
} from '@plataforma/shared';
import { projects } from '../../db/schema';
import { getTestApp } from '../../../test/helpers/app';
import { appWithChangeFeed, type FeedApp } from '../../../test/helpers/change-feed';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  bearer,
  createApply,
  createStudent,
  createUser,
  unique,
} from '../../../test/helpers/factories';
import { RECOMMENDATION_SCAN_LIMIT } from './matching.recommendations';

/**
 * The recommendations from the published projects in memory (ADR 0059) are those PostgreSQL
 * alone chooses: the same candidates (open, not applied to, the best by the coarse score, then
 * newest) scored by the same function, over a catalogue larger than the candidates scored.
 */

let withFeed: FeedApp;
let alone: FastifyInstance;
beforeAll(async () => {
  alone = await getTestApp();
  withFeed = await appWithChangeFeed();
});
afterAll(async () => {
  await withFeed.close();
});

interface Recommended {
  data: { id: number; score: number; reasons: string[]; attributes: Record<string, unknown> }[];
}

async function recommended(app: FastifyInstance, headers: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url: '/api/projects/recommended', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Recommended>();
}

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

const dateIn = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('recommendations from memory', () => {
  const random = randomSource(29);
  const areas = STUDY_AREAS.slice(0, 3);
  const provinces = PROVINCES.slice(0, 4).map((p) => p.name);
  const tags = INTEREST_THEMES.slice(0, 3).flatMap((theme) => theme.tags.slice(0, 4));
  const students: { id: number; headers: Record<string, string> }[] = [];
  let catalogue: number[] = [];

  beforeAll(async () => {
    const { db } = await getTestDatabase();
    const same = new Date(Date.now() - 86_400_000);
    // More open projects than the candidates scored in full, many with the same coarse score.
    const rows = Array.from({ length: RECOMMENDATION_SCAN_LIMIT + 80 }, (_, i) => {
      const area = random.pick(areas);
      return {
        title: unique(`Recomendable ${i}`),
        type: random.pick(['Impacto social', 'TFG/TFM'] as const),
        status: 'Publicada' as const,
        publishedAt: random.next() < 0.3 ? same : new Date(Date.now() - random.next() * 9e8),
        study_areas: random.next() < 0.8 ? [area.name] : [],
        study_subareas: random.some(area.subareas, 1),
        // Spelled as people type them: other cases, accents, spaces, a tag twice.
        tags: random
          .some(tags, 3)
          .map((tag) => random.pick([tag, tag.toUpperCase(), ` ${tag} `]))
          .concat(random.next() < 0.05 ? [tags[0]!, tags[0]!.toLowerCase()] : []),
        location: random.pick([...provinces, provinces[0]!.toUpperCase(), null]),
        presentiality: random.pick(['Remoto', 'Presencial', 'Híbrido', null] as const),
        application_deadline: random.pick([null, dateIn(0), dateIn(-1), dateIn(40), dateIn(200)]),
      };
    });
    catalogue = (await db.insert(projects).values(rows).returning({ id: projects.id })).map(
      (row) => row.id,
    );
    for (let i = 0; i < 8; i++) {
      const user = await createUser({ profileType: 'student' });
      const area = random.pick(areas);
      const student = await createStudent({
        userId: user.id,
        student_area: i === 7 ? null : area.name,
        province: i === 6 ? '  ' : random.pick(provinces),
        tags: [...random.some(tags, 3), ...(i % 3 === 0 ? [INDIFFERENT_TAG, ''] : [])],
        other_degree: `Grado en ${random.pick(area.subareas)}`,
        study_type: random.pick(['Grado', 'Máster']),
        work_deadline: random.pick(WORK_DEADLINES),
        competences: { teamwork: 5, initiative: random.next() * 6, growthMindset: 4.6 },
      });
      for (const projectId of random.some(catalogue, 5)) {
        await createApply({ studentId: student.id, projectId });
      }
      students.push({ id: student.id, headers: bearer(withFeed.app, user.id) });
    }
    await withFeed.settled();
  });

  it('are those PostgreSQL alone gives, for students of every kind of profile', async () => {
    for (const student of students) {
      const fromMemory = await recommended(withFeed.app, student.headers);
      expect(fromMemory.data.length).toBeGreaterThan(0);
      expect(fromMemory).toEqual(await recommended(alone, student.headers));
    }
    expect(withFeed.app.publishedProjects.loads).toBeGreaterThan(0);
  });

  it('follow the changes: a project closed, unpublished or applied to leaves them', async () => {
    const student = students[0]!;
    const [best, second, third] = (await recommended(withFeed.app, student.headers)).data;
    const { db } = await getTestDatabase();
    await db
      .update(projects)
      .set({ application_deadline: dateIn(-1) })
      .where(eq(projects.id, best!.id));
    await db.update(projects).set({ publishedAt: null }).where(eq(projects.id, second!.id));
    await createApply({ studentId: student.id, projectId: third!.id });
    await withFeed.settled();
    const after = (await recommended(withFeed.app, student.headers)).data.map((p) => p.id);
    for (const gone of [best!.id, second!.id, third!.id]) expect(after).not.toContain(gone);
    expect(await recommended(withFeed.app, student.headers)).toEqual(
      await recommended(alone, student.headers),
    );
  });
});
