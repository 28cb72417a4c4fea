import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { appWithChangeFeed, type FeedApp } from '../../../test/helpers/change-feed';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  createApply,
  createCoordinator,
  createFile,
  createOrganization,
  createProject,
  createStudent,
  createTeacher,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { studentsFavoriteProjects } from '../../db/schema';

let app: FastifyInstance;
/** Waits, before a search, until the process has heard of every change made so far. */
let settled: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  app = await getTestApp();
});

/**
 * The two ways a search is answered (ADR 0059): PostgreSQL alone (a process without a change
 * feed, or one whose feed is down), and the published projects kept in memory (a process that
 * hears the database's change notifications). Every search test runs against both: they must
 * give the same answers.
 */
let withFeed: FeedApp | undefined;
afterAll(async () => {
  await withFeed?.close();
});
const WAYS = {
  'by PostgreSQL alone': async () => {
    app = await getTestApp();
    settled = async () => undefined;
  },
  'from the published projects in memory': async () => {
    withFeed ??= await appWithChangeFeed();
    app = withFeed.app;
    settled = withFeed.settled;
  },
};

/** A word no other test's project contains: searching for it isolates this test's projects. */
const marker = () => unique('zq').replace(/-/g, 'x');

interface Facet {
  value: string | number | boolean;
  count: number;
}
interface SearchBody {
  data: { id: number; attributes: Record<string, unknown>; snippet?: string | null }[];
  meta: {
    pagination: { page: number; pageSize: number; pageCount: number; total: number };
    facets: Record<string, Facet[]>;
    fallback?: boolean;
  };
  error?: { status: number; name: string; message: string };
}

async function search(query: string, headers: Record<string, string> = {}) {
  await settled();
  const res = await app.inject({ method: 'GET', url: `/api/projects/search?${query}`, headers });
  return { status: res.statusCode, body: res.json<SearchBody>() };
}
const titles = (body: SearchBody) => body.data.map((p) => p.attributes.title).sort();
const published = { status: 'Publicada' as const, publishedAt: new Date() };

describe.each(Object.keys(WAYS) as (keyof typeof WAYS)[])('searches answered %s', (way) => {
  beforeAll(async () => {
    await WAYS[way]();
  });

  describe('who sees what', () => {
    it('visitors, students, teachers and coordinators see only published projects, whatever status they ask for', async () => {
      const word = marker();
      const teacher = await createTeacher();
      await createProject({ title: `${word} publicado`, teacherId: teacher.id, ...published });
      for (const status of [
        'Pendiente',
        'Por validar',
        'Validada',
        'Rechazada',
        'Terminada',
      ] as const) {
        await createProject({
          title: `${word} ${status}`,
          teacherId: teacher.id,
          status,
          publishedAt: null,
        });
      }
      const student = await signedIn(app, 'student');
      const owner = { authorization: `Bearer ${app.tokens.sign({ id: teacher.userId })}` };
      for (const headers of [
        {},
        student.headers,
        owner,
        (await signedIn(app, 'coordinator')).headers,
      ]) {
        for (const query of [
          `q=${word}`,
          `q=${word}&status=Pendiente`,
          `q=${word}&status=Validada&status=Publicada`,
        ]) {
          const { status, body } = await search(query, headers);
          expect(status).toBe(200);
          expect(titles(body)).toEqual([`${word} publicado`]);
        }
      }
    });

    it('an admin sees every status, or those of status', async () => {
      const word = marker();
      await createProject({ title: `${word} a`, ...published });
      await createProject({ title: `${word} b`, status: 'Pendiente', publishedAt: null });
      await createProject({ title: `${word} c`, status: 'Por validar', publishedAt: null });
      const { headers } = await signedIn(app, 'admin');
      expect(titles((await search(`q=${word}`, headers)).body)).toEqual([
        `${word} a`,
        `${word} b`,
        `${word} c`,
      ]);
      expect(
        titles((await search(`q=${word}&status=Pendiente&status=Por%20validar`, headers)).body),
      ).toEqual([`${word} b`, `${word} c`]);
    });
  });

  describe('text search', () => {
    it('ignores accents and case in the title, description and tags ("energia" finds "Energía")', async () => {
      const word = marker();
      await createProject({ title: `Energía solar comunitaria ${word}`, ...published });
      await createProject({
        title: `Huerto ${word}`,
        description: 'Compostaje y ENERGÍA renovable en el barrio',
        ...published,
      });
      await createProject({
        title: `Biblioteca ${word}`,
        tags: ['Lectura', 'Educación'],
        ...published,
      });
      expect(titles((await search(`q=energia%20${word}`)).body)).toEqual([
        `Energía solar comunitaria ${word}`,
        `Huerto ${word}`,
      ]);
      expect(titles((await search(`q=ENERGÍA%20SOLAR%20${word}`)).body)).toEqual([
        `Energía solar comunitaria ${word}`,
      ]);
      expect(titles((await search(`q=educacion%20${word}`)).body)).toEqual([`Biblioteca ${word}`]);
      // LIKE wildcards typed by a person are plain characters.
      expect((await search(`q=%25%20${word}`)).body.data).toEqual([]);
    });

    it('finds other forms of a word: "proyectos" finds a title that says "proyecto"', async () => {
      const word = marker();
      await createProject({ title: `Un proyecto de huerto ${word}`, ...published });
      await createProject({ title: `Un huerto ${word}`, description: 'Sin más', ...published });
      expect(titles((await search(`q=proyectos%20${word}`)).body)).toEqual([
        `Un proyecto de huerto ${word}`,
      ]);
    });

    it('ranks by relevance: a word in the title above the same word in the description or objectives', async () => {
      const word = marker();
      await createProject({
        title: `${word} Objetivos`,
        description: 'Nada',
        objectives: 'Reducir el consumo de agua en los colegios',
        ...published,
      });
      await createProject({
        title: `${word} Agua limpia`,
        description: 'Nada',
        publishedAt: new Date(Date.now() - 86_400_000),
        status: 'Publicada',
      });
      await createProject({
        title: `${word} Descripción`,
        description: 'Agua y barrio',
        ...published,
      });
      const { body } = await search(`q=agua%20${word}&sort=relevance`);
      expect(body.data.map((p) => p.attributes.title)).toEqual([
        `${word} Agua limpia`,
        `${word} Descripción`,
        `${word} Objetivos`,
      ]);
    });

    it('answers a snippet of the description with the words in <mark>, the text escaped', async () => {
      const word = marker();
      await createProject({
        title: `Huerto ${word}`,
        description: `Un <b>huerto</b> escolar <script>alert(1)</script> con compostaje y ${word}`,
        ...published,
      });
      await createProject({ title: `Sin descripción ${word}`, description: null, ...published });
      const { body } = await search(`q=compostaje%20${word}`);
      expect(body.data).toHaveLength(1);
      const snippet = body.data[0]!.snippet!;
      expect(snippet).toContain('<mark>compostaje</mark>');
      expect(snippet).toContain('&lt;script&gt;');
      expect(snippet).not.toMatch(/<(?!\/?mark>)/);
      const titleOnly = await search(`q=${word}&sort=title`);
      const bare = titleOnly.body.data.find(
        (p) => p.attributes.title === `Sin descripción ${word}`,
      );
      expect(bare!.snippet).toBeNull();
      // Without q there is no snippet at all.
      const none = await search('pageSize=1');
      expect(none.body.data[0]).not.toHaveProperty('snippet');
      expect(none.body.meta).toMatchObject({ fallback: false });
    });

    it('searches similar spellings when the words match nothing, and says so', async () => {
      const word = marker();
      await createProject({ title: `Comunidad energética ${word}`, ...published });
      const typo = await search(`q=comunidaz%20${word}`);
      expect(typo.body.meta).toMatchObject({ fallback: true });
      expect(titles(typo.body)).toContain(`Comunidad energética ${word}`);
      expect((await search(`q=comunidad%20${word}`)).body.meta).toMatchObject({ fallback: false });
    });

    it('sort=relevance puts the closest title first; sort=title orders by title', async () => {
      const word = marker();
      await createProject({
        title: `${word} Agua`,
        description: 'agua potable agua',
        ...published,
      });
      await createProject({ title: `${word} Bosque`, description: 'agua', ...published });
      const relevance = await search(`q=${word}%20agua&sort=relevance`);
      expect(relevance.body.data[0]?.attributes.title).toBe(`${word} Agua`);
      const byTitle = await search(`q=${word}&sort=title`);
      expect(byTitle.body.data.map((p) => p.attributes.title)).toEqual([
        `${word} Agua`,
        `${word} Bosque`,
      ]);
    });
  });

  describe('facets', () => {
    it('filter with OR inside a facet and AND across facets, each facet counted over the other filters', async () => {
      const word = marker();
      await createProject({
        title: `${word} A`,
        type: 'Impacto social',
        ods: [3, 4],
        presentiality: 'Remoto',
        location: 'Murcia',
        remuneration: true,
        study_areas: ['Salud'],
        ...published,
      });
      await createProject({
        title: `${word} B`,
        type: 'TFG/TFM',
        ods: [4],
        presentiality: 'Presencial',
        location: 'Madrid',
        remuneration: false,
        study_areas: ['Ingeniería'],
        ...published,
      });
      await createProject({
        title: `${word} C`,
        type: 'Impacto social',
        ods: [13],
        presentiality: 'Remoto',
        location: 'Murcia',
        remuneration: false,
        study_areas: ['Salud', 'Ingeniería'],
        ...published,
      });
      // A draft never counts.
      await createProject({
        title: `${word} D`,
        type: 'TFG/TFM',
        status: 'Pendiente',
        publishedAt: null,
      });

      const all = await search(`q=${word}`);
      expect(all.body.meta.pagination.total).toBe(3);
      expect(all.body.meta.facets.type).toEqual([
        { value: 'Impacto social', count: 2 },
        { value: 'TFG/TFM', count: 1 },
      ]);
      expect(all.body.meta.facets.ods).toEqual([
        { value: 4, count: 2 },
        { value: 3, count: 1 },
        { value: 13, count: 1 },
      ]);
      expect(all.body.meta.facets.remuneration).toEqual([
        { value: false, count: 2 },
        { value: true, count: 1 },
      ]);
      expect(all.body.meta.facets.study_areas).toEqual([
        { value: 'Ingeniería', count: 2 },
        { value: 'Salud', count: 2 },
      ]);

      const social = await search(`q=${word}&type=Impacto%20social`);
      expect(titles(social.body)).toEqual([`${word} A`, `${word} C`]);
      // Its own facet ignores its own filter: the alternatives stay visible with their counts.
      expect(social.body.meta.facets.type).toEqual([
        { value: 'Impacto social', count: 2 },
        { value: 'TFG/TFM', count: 1 },
      ]);
      // Other facets are counted within the filter.
      expect(social.body.meta.facets.presentiality).toEqual([{ value: 'Remoto', count: 2 }]);
      expect(social.body.meta.facets.location).toEqual([{ value: 'Murcia', count: 2 }]);

      // OR within a facet.
      expect(titles((await search(`q=${word}&ods=3&ods=13`)).body)).toEqual([
        `${word} A`,
        `${word} C`,
      ]);
      // AND across facets.
      expect(titles((await search(`q=${word}&ods=4&type=Impacto%20social`)).body)).toEqual([
        `${word} A`,
      ]);
      expect(titles((await search(`q=${word}&remuneration=false&location=Murcia`)).body)).toEqual([
        `${word} C`,
      ]);
      expect(titles((await search(`q=${word}&study_area=Ingenier%C3%ADa`)).body)).toEqual([
        `${word} B`,
        `${word} C`,
      ]);
    });
  });

  describe('pagination and bad parameters', () => {
    it('pages with the default of 12, pageSize up to 50, and an empty page past the end', async () => {
      const word = marker();
      for (let i = 0; i < 5; i++) await createProject({ title: `${word} ${i}`, ...published });
      const first = await search(`q=${word}`);
      expect(first.body.meta.pagination).toEqual({ page: 1, pageSize: 12, pageCount: 1, total: 5 });
      const second = await search(`q=${word}&pageSize=2&page=3`);
      expect(second.body.meta.pagination).toEqual({ page: 3, pageSize: 2, pageCount: 3, total: 5 });
      expect(second.body.data).toHaveLength(1);
      const beyond = await search(`q=${word}&pageSize=2&page=9`);
      expect(beyond.status).toBe(200);
      expect(beyond.body.data).toEqual([]);
      expect((await search(`q=${word}&pageSize=50`)).status).toBe(200);
    });

    it.each([
      'pageSize=51',
      'pageSize=0',
      'page=0',
      'page=abc',
      'page=-1',
      'ods=18',
      'ods=tres',
      'type=Otro',
      'remuneration=quizá',
      'sort=popular',
      'unknown=1',
      'q[a]=b',
      `q=${'x'.repeat(201)}`,
      'presentiality=En%20la%20luna',
    ])('%s is a 400 in the Strapi error shape', async (query) => {
      const res = await app.inject({ method: 'GET', url: `/api/projects/search?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        data: null,
        error: { status: 400, name: 'ValidationError' },
      });
    });
  });

  describe("a student's flags and the cards' relations", () => {
    it('a student sees saved and applied; a visitor sees neither key and no teacher name', async () => {
      const word = marker();
      const logo = await createFile();
      const organization = await createOrganization({ logoId: logo.id });
      const teacher = await createTeacher();
      const saved = await createProject({
        title: `${word} guardado`,
        organizationId: organization.id,
        ...published,
      });
      const applied = await createProject({
        title: `${word} inscrito`,
        teacherId: teacher.id,
        ...published,
      });
      const student = await signedIn(app, 'student');
      const studentRow = await createStudent({ userId: student.user.id });
      const { db } = await getTestDatabase();
      await db
        .insert(studentsFavoriteProjects)
        .values({ studentId: studentRow.id, projectId: saved.id });
      await createApply({ studentId: studentRow.id, projectId: applied.id });

      const mine = await search(`q=${word}&sort=title`, student.headers);
      const byTitle: Record<string, Record<string, unknown>> = Object.fromEntries(
        mine.body.data.map((p) => [String(p.attributes.title), p.attributes]),
      );
      expect(byTitle[`${word} guardado`]).toMatchObject({
        saved: true,
        applied: false,
        organization: { id: organization.id, name: organization.name, logoUrl: logo.url },
        teacher: null,
      });
      expect(byTitle[`${word} inscrito`]).toMatchObject({
        saved: false,
        applied: true,
        organization: null,
        teacher: { id: teacher.id, name: 'Nombre Apellido' },
      });

      const visitor = await search(`q=${word}&sort=title`);
      for (const project of visitor.body.data) {
        expect(project.attributes).not.toHaveProperty('saved');
        expect(project.attributes).not.toHaveProperty('applied');
      }
      expect(visitor.body.data.find((p) => p.id === applied.id)?.attributes.teacher).toEqual({
        id: teacher.id,
        name: null,
      });
      expect(Object.keys(visitor.body.data[0]?.attributes ?? {}).sort()).toEqual(
        [
          'title',
          'description',
          'status',
          'type',
          'ods',
          'tags',
          'study_areas',
          'study_subareas',
          'presentiality',
          'location',
          'locality',
          'remuneration',
          'dedication',
          'language',
          'internship',
          'application_deadline',
          'publishedAt',
          'createdAt',
          'organization',
          'teacher',
        ].sort(),
      );
    });
  });
});

describe('GET /api/projects/mine', () => {
  beforeAll(WAYS['by PostgreSQL alone']);

  it("a teacher gets their projects in every status with candidates counted; not other teachers'", async () => {
    const session = await signedIn(app, 'teacher');
    const teacher = await createTeacher({ userId: session.user.id });
    const draft = await createProject({
      teacherId: teacher.id,
      status: 'Pendiente',
      publishedAt: null,
    });
    const live = await createProject({ teacherId: teacher.id, ...published });
    await createProject({ teacherId: (await createTeacher()).id, ...published });
    await createApply({ projectId: live.id });
    await createApply({ projectId: live.id, status: 'En revisión' });
    await createApply({ projectId: live.id, status: 'Seleccionado' });

    const res = await app.inject({
      method: 'GET',
      url: '/api/projects/mine',
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { id: number; attributes: Record<string, unknown> }[] }>();
    expect(body.data.map((p) => p.id).sort()).toEqual([draft.id, live.id].sort());
    const counted = body.data.find((p) => p.id === live.id)?.attributes.candidates;
    expect(counted).toEqual({
      total: 3,
      pending: 2,
      byStatus: {
        Enviada: 1,
        'En revisión': 1,
        Preseleccionado: 0,
        Seleccionado: 1,
        Suplente: 0,
        'No seleccionado': 0,
        Retirada: 0,
      },
    });
    expect(body.data.find((p) => p.id === draft.id)?.attributes).toMatchObject({
      status: 'Pendiente',
      candidates: { total: 0, pending: 0 },
    });
  });

  it("a coordinator gets their organisation's projects, also those a colleague created", async () => {
    const session = await signedIn(app, 'coordinator');
    const organization = await createOrganization();
    await createCoordinator({ userId: session.user.id, organizationId: organization.id });
    const colleague = await createCoordinator({ organizationId: organization.id });
    const project = await createProject({
      organizationId: organization.id,
      coordinatorId: colleague.id,
      status: 'Por validar',
      publishedAt: null,
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/projects/mine',
      headers: session.headers,
    });
    expect(res.json<{ data: { id: number }[] }>().data.map((p) => p.id)).toEqual([project.id]);
  });

  it('a visitor gets 401, a student 403, and a bad parameter 400', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/projects/mine' })).statusCode).toBe(401);
    const student = await signedIn(app, 'student');
    expect(
      (await app.inject({ method: 'GET', url: '/api/projects/mine', headers: student.headers }))
        .statusCode,
    ).toBe(403);
    const teacher = await signedIn(app, 'teacher');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/projects/mine?pageSize=1000',
          headers: teacher.headers,
        })
      ).statusCode,
    ).toBe(400);
  });
});
