import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { createFile, createStudent, signedIn, unique } from '../../../test/helpers/factories';
import { studentsFavoriteTfxes, tfxes, tfxSearch } from '../../db/schema';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

/** A word no other test's work contains: searching for it isolates this test's works. */
const marker = () => unique('zq').replace(/-/g, 'x');

/** A published work of the platform's library, its PDF's text given directly (no PDF needed). */
async function createWork(values: Partial<typeof tfxes.$inferInsert> = {}) {
  const { db } = await getTestDatabase();
  const [row] = await db
    .insert(tfxes)
    .values({
      title: unique('Trabajo'),
      summary: 'Resumen del trabajo',
      review_status: 'published',
      publishedAt: new Date(),
      publish_consent: true,
      ...values,
    })
    .returning();
  return row!;
}

interface Facet {
  value: string | number | boolean;
  count: number;
}
interface Card {
  title: string;
  snippets: { title: string | null; summary: string | null; document: string | null } | null;
  [key: string]: unknown;
}
interface SearchBody {
  data: { id: number; attributes: Card }[];
  meta: {
    pagination: { page: number; pageSize: number; pageCount: number; total: number };
    facets: Record<string, Facet[]>;
    fallback: boolean;
  };
}

async function search(query: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: `/api/tfxes/search?${query}`, headers });
  return { status: res.statusCode, body: res.json<SearchBody>() };
}
const titles = (body: SearchBody) => body.data.map((w) => w.attributes.title);
/** Any tag but <mark> and </mark>. */
const OTHER_TAG = /<(?!\/?mark>)/;

describe('words', () => {
  it('ranks a title hit above a summary hit above a document-only hit', async () => {
    const word = marker();
    await createWork({
      title: `${word} estudio del litoral`,
      summary: 'Sin relación',
      document_text: 'Nada que ver.',
    });
    await createWork({ title: `${word} acuíferos`, summary: 'El agua del litoral murciano' });
    await createWork({
      title: `${word} Cuaderno de campo`,
      summary: 'Notas',
      document_text: 'Un capítulo entero trata del agua y del litoral.',
    });
    await createWork({ title: `${word} huerto sin nada` });
    const { body } = await search(`q=${word}%20litoral`);
    expect(titles(body)).toEqual([
      `${word} estudio del litoral`,
      `${word} acuíferos`,
      `${word} Cuaderno de campo`,
    ]);
    expect(body.meta.fallback).toBe(false);
  });

  it('pages walk down the tiers (title, then summary and tags, then the PDF), each ranked within itself', async () => {
    const word = marker();
    const topic = marker();
    await createWork({ title: `${word} ${topic} costero`, tfxDate: '2020-01-01' });
    await createWork({ title: `${word} y otras cosas del mar, ${topic}`, tfxDate: '2024-01-01' });
    await createWork({ title: `${word} A`, summary: `Trata de ${topic}.`, tfxDate: '2024-01-01' });
    await createWork({ title: `${word} B`, tags: [topic], tfxDate: '2020-01-01' });
    await createWork({
      title: `${word} C`,
      document_text: `${topic} ${topic} ${topic}: el capítulo entero habla de ${topic}.`,
      tfxDate: '2020-01-01',
    });
    await createWork({
      title: `${word} D`,
      document_text: `Solo una mención a ${topic} en un anexo muy largo sobre otras cosas.`,
      tfxDate: '2024-01-01',
    });
    const pages = [];
    for (const page of [1, 2, 3]) {
      const { body } = await search(`q=${word}%20${topic}&pageSize=2&page=${page}`);
      expect(body.meta.pagination).toMatchObject({ page, pageSize: 2, pageCount: 3, total: 6 });
      pages.push(titles(body));
    }
    // The title with the words together comes before the newer one with them apart.
    expect(pages[0]).toEqual([
      `${word} ${topic} costero`,
      `${word} y otras cosas del mar, ${topic}`,
    ]);
    expect(pages[1]!.sort()).toEqual([`${word} A`, `${word} B`]);
    // The document naming the words four times comes before the newer one naming them once.
    expect(pages[2]).toEqual([`${word} C`, `${word} D`]);
  });

  it('follows every write of a work: a new title is found, an unpublished work is not, a view rewrites nothing', async () => {
    const before = marker();
    const after = marker();
    const work = await createWork({ title: `Trabajo sobre ${before}` });
    expect(titles((await search(`q=${before}`)).body)).toEqual([`Trabajo sobre ${before}`]);
    const { db } = await getTestDatabase();
    await db
      .update(tfxes)
      .set({ title: `Trabajo sobre ${after}` })
      .where(eq(tfxes.id, work.id));
    // The old word matches nothing any more (what comes back are similar spellings).
    expect((await search(`q=${before}`)).body.meta.fallback).toBe(true);
    expect(titles((await search(`q=${after}`)).body)).toEqual([`Trabajo sobre ${after}`]);

    // Counting a view changes the work's row, never its search row (the trigger's columns).
    const version = () =>
      db
        .select({ version: sql<string>`xmin::text` })
        .from(tfxSearch)
        .where(eq(tfxSearch.id, work.id));
    const seen = await version();
    const res = await app.inject({ method: 'POST', url: `/api/tfxes/${work.id}/views` });
    expect(res.json()).toEqual({ data: { counted: true } });
    expect(await version()).toEqual(seen);

    await db.update(tfxes).set({ publishedAt: null }).where(eq(tfxes.id, work.id));
    expect(titles((await search(`q=${after}`)).body)).not.toContain(`Trabajo sobre ${after}`);
    await db.delete(tfxes).where(eq(tfxes.id, work.id));
    expect(await db.select().from(tfxSearch).where(eq(tfxSearch.id, work.id))).toEqual([]);
  });

  it('ignores accents and finds other forms of a word ("evaluacion", "proyectos")', async () => {
    const word = marker();
    await createWork({ title: `Evaluación del proyecto ${word}` });
    expect(titles((await search(`q=evaluacion%20${word}`)).body)).toEqual([
      `Evaluación del proyecto ${word}`,
    ]);
    expect(titles((await search(`q=proyectos%20${word}`)).body)).toEqual([
      `Evaluación del proyecto ${word}`,
    ]);
    expect(titles((await search(`q=EVALUACIÓN%20PROYECTOS%20${word}`)).body)).toEqual([
      `Evaluación del proyecto ${word}`,
    ]);
  });

  it('finds a word that is only in the PDF, with the passage where it is', async () => {
    const inside = marker();
    const filler = 'Texto de relleno sobre metodología y resultados. '.repeat(40);
    const work = await createWork({
      title: 'Memoria de prácticas',
      summary: 'Un resumen que no dice la palabra',
      tags: ['Educación'],
      document_text: `${filler}El método ${inside} se aplicó en tres centros. ${filler}`,
      text_status: 'indexed',
    });
    const { body } = await search(`q=${inside}`);
    expect(body.data.map((w) => w.id)).toEqual([work.id]);
    const snippets = body.data[0]!.attributes.snippets!;
    expect(snippets.document).toContain(`<mark>${inside}</mark>`);
    expect(snippets.document!.length).toBeLessThan(600);
    expect(snippets.title).toBeNull();
    expect(snippets.summary).toBeNull();
  });

  it('finds a word far into a long PDF, with its passage', async () => {
    const inside = marker();
    const filler = 'Capítulo de contexto con datos y tablas de la región. '.repeat(800);
    await createWork({
      title: `Informe largo ${marker()}`,
      document_text: `${filler}Aquí aparece ${inside} por fin.`,
      text_status: 'indexed',
    });
    const { body } = await search(`q=${inside}`);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]!.attributes.snippets!.document).toContain(`<mark>${inside}</mark>`);
  });

  it('answers snippets as HTML with <mark> and no other tag, the text escaped', async () => {
    const word = marker();
    await createWork({
      title: `<script>alert(1)</script> ${word} & "comillas"`,
      summary: `Un <b>resumen</b> con <img src=x onerror=alert(1)> ${word}`,
      document_text: `<a href="javascript:alert(1)">enlace</a> ${word} <iframe></iframe>`,
    });
    const { body } = await search(`q=${word}`);
    const snippets = body.data[0]!.attributes.snippets!;
    expect(snippets.title).toBe(
      `&lt;script&gt;alert(1)&lt;/script&gt; <mark>${word}</mark> &amp; &quot;comillas&quot;`,
    );
    for (const snippet of [snippets.title, snippets.summary, snippets.document]) {
      expect(snippet).toContain(`<mark>${word}</mark>`);
      expect(snippet).not.toMatch(OTHER_TAG);
    }
    // The card's own fields are the stored text, for clients that render text.
    expect(body.data[0]!.attributes.title).toBe(`<script>alert(1)</script> ${word} & "comillas"`);
  });

  it('has no snippets without q', async () => {
    await createWork();
    const { body } = await search('pageSize=50');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((w) => w.attributes.snippets === null)).toBe(true);
    expect(body.meta.fallback).toBe(false);
  });

  it('searches similar spellings when the words match nothing ("evaluasion"), and says so', async () => {
    const word = marker();
    await createWork({ title: `Evaluación ${word} del impacto social` });
    const typo = await search(`q=evaluasion%20${word}`);
    expect(typo.status).toBe(200);
    expect(typo.body.meta.fallback).toBe(true);
    expect(titles(typo.body)).toContain(`Evaluación ${word} del impacto social`);
    const exact = await search(`q=evaluacion%20${word}`);
    expect(exact.body.meta.fallback).toBe(false);
    // Nothing similar either: an empty page, still a fallback.
    const nothing = await search('q=wxyzkq');
    expect(nothing.body.data).toEqual([]);
    expect(nothing.body.meta.fallback).toBe(true);
  });

  it('takes a symbol as typed: "% word" finds nothing where there is no %', async () => {
    const word = marker();
    await createWork({ title: `${word} sin símbolos` });
    await createWork({ title: `${word} con 100 %` });
    expect(titles((await search(`q=%25%20${word}`)).body)).toEqual([`${word} con 100 %`]);
  });
});

describe('who finds what', () => {
  it('pending and rejected works are never found, not even by their author or an admin', async () => {
    const word = marker();
    const session = await signedIn(app, 'student');
    const student = await createStudent({ userId: session.user.id });
    await createWork({ title: `${word} publicado` });
    await createWork({
      title: `${word} pendiente`,
      review_status: 'pending',
      publishedAt: null,
      studentId: student.id,
    });
    await createWork({
      title: `${word} rechazado`,
      review_status: 'rejected',
      rejection_reason: 'Falta el PDF',
      publishedAt: null,
    });
    // A stale publication date never shows a work that is not published.
    await createWork({ title: `${word} a revisar`, review_status: 'pending' });
    const admin = await signedIn(app, 'admin');
    for (const headers of [{}, session.headers, admin.headers]) {
      const { body } = await search(`q=${word}`, headers);
      expect(titles(body)).toEqual([`${word} publicado`]);
      expect(body.meta.facets.year).toBeDefined();
    }
  });

  it('external=true searches only the external repository; only external works name their author', async () => {
    const word = marker();
    await createWork({ title: `${word} propio`, author_name: 'No se muestra' });
    await createWork({
      title: `${word} externo`,
      external: true,
      author_name: 'Ana Autora',
      institution: 'Universidad de Fuera',
    });
    const own = await search(`q=${word}`);
    expect(titles(own.body)).toEqual([`${word} propio`]);
    expect(own.body.data[0]!.attributes.author_name).toBeNull();
    const external = await search(`q=${word}&external=true`);
    expect(titles(external.body)).toEqual([`${word} externo`]);
    expect(external.body.data[0]!.attributes).toMatchObject({
      external: true,
      author_name: 'Ana Autora',
      institution: 'Universidad de Fuera',
    });
  });

  it("the generic Strapi call for external works answers the same works as /tfx/external's search", async () => {
    const word = marker();
    await createWork({ title: `${word} propio` });
    await createWork({ title: `${word} externo uno`, external: true, author_name: 'Ana' });
    await createWork({ title: `${word} externo dos`, external: true, author_name: 'Luis' });
    await createWork({ title: `${word} externo borrador`, external: true, publishedAt: null });
    const generic = await app.inject({
      method: 'GET',
      url: `/api/tfxes?filters[external][$eq]=true&filters[title][$startsWith]=${word}&sort=title`,
    });
    expect(generic.statusCode).toBe(200);
    const genericTitles = generic
      .json<{ data: { attributes: { title: string } }[] }>()
      .data.map((work) => work.attributes.title);
    const searched = await search(`q=${word}&external=true&sort=newest`);
    expect(genericTitles).toEqual([`${word} externo dos`, `${word} externo uno`]);
    expect(titles(searched.body).sort()).toEqual(genericTitles.sort());
  });

  it('a student sees which works they saved, an admin the text status, a visitor neither', async () => {
    const word = marker();
    const file = await createFile({ ext: '.pdf', mime: 'application/pdf' });
    const saved = await createWork({
      title: `${word} guardado`,
      fileId: file.id,
      text_status: 'indexed',
    });
    await createWork({ title: `${word} otro` });
    const session = await signedIn(app, 'student');
    const student = await createStudent({ userId: session.user.id });
    const { db } = await getTestDatabase();
    await db.insert(studentsFavoriteTfxes).values({ studentId: student.id, tfxId: saved.id });

    const mine = await search(`q=${word}&sort=newest`, session.headers);
    const byTitle = Object.fromEntries(mine.body.data.map((w) => [w.attributes.title, w]));
    expect(byTitle[`${word} guardado`]!.attributes).toMatchObject({ saved: true, hasFile: true });
    expect(byTitle[`${word} otro`]!.attributes).toMatchObject({ saved: false, hasFile: false });
    expect(byTitle[`${word} otro`]!.attributes).not.toHaveProperty('text_status');

    const admin = await search(`q=${word}`, (await signedIn(app, 'admin')).headers);
    expect(admin.body.data.find((w) => w.id === saved.id)!.attributes).toMatchObject({
      text_status: 'indexed',
    });
    expect(admin.body.data[0]!.attributes).not.toHaveProperty('saved');

    const visitor = await search(`q=${word}`);
    expect(Object.keys(visitor.body.data[0]!.attributes).sort()).toEqual(
      [
        'title',
        'summary',
        'language',
        'sector',
        'awarded',
        'tfxDate',
        'release_month',
        'external',
        'author_name',
        'institution',
        'degree_name',
        'study_area',
        'file_URL',
        'views_count',
        'downloads_count',
        'publishedAt',
        'createdAt',
        'tags',
        'ods',
        'year',
        'hasFile',
        'snippets',
      ].sort(),
    );
  });
});

describe('facets, sort and pages', () => {
  it('counts each facet over every filter but its own', async () => {
    const word = marker();
    await createWork({
      title: `${word} A`,
      tfxDate: '2021-06-20',
      sector: 'Salud',
      language: 'Español',
      awarded: true,
      ods: [3, 4],
      degree_name: 'Grado en Enfermería',
      study_area: 'Salud y Deporte',
    });
    await createWork({
      title: `${word} B`,
      tfxDate: '2022-02-01',
      sector: 'Salud',
      language: 'Inglés',
      awarded: false,
      ods: [3],
      degree_name: 'Grado en Medicina',
      study_area: 'Salud y Deporte',
    });
    await createWork({
      title: `${word} C`,
      tfxDate: '2022-09-30',
      sector: 'Educación',
      language: 'Español',
      awarded: false,
      ods: [4, 4],
      degree_name: 'Grado en Magisterio',
      study_area: 'Educación',
    });
    await createWork({
      title: `${word} pendiente`,
      sector: 'Cultura',
      review_status: 'pending',
      publishedAt: null,
    });

    const all = await search(`q=${word}`);
    expect(all.body.meta.pagination.total).toBe(3);
    expect(all.body.meta.facets).toEqual({
      year: [
        { value: 2022, count: 2 },
        { value: 2021, count: 1 },
      ],
      degree: [
        { value: 'Grado en Enfermería', count: 1 },
        { value: 'Grado en Magisterio', count: 1 },
        { value: 'Grado en Medicina', count: 1 },
      ],
      study_area: [
        { value: 'Salud y Deporte', count: 2 },
        { value: 'Educación', count: 1 },
      ],
      sector: [
        { value: 'Salud', count: 2 },
        { value: 'Educación', count: 1 },
      ],
      language: [
        { value: 'Español', count: 2 },
        { value: 'Inglés', count: 1 },
      ],
      awarded: [
        { value: false, count: 2 },
        { value: true, count: 1 },
      ],
      // A value listed twice in one work counts that work once.
      ods: [
        { value: 3, count: 2 },
        { value: 4, count: 2 },
      ],
    });

    const health = await search(`q=${word}&sector=Salud`);
    expect(titles(health.body).sort()).toEqual([`${word} A`, `${word} B`]);
    // Its own facet ignores its own filter; the others are counted within it.
    expect(health.body.meta.facets.sector).toEqual(all.body.meta.facets.sector);
    expect(health.body.meta.facets.year).toEqual([
      { value: 2021, count: 1 },
      { value: 2022, count: 1 },
    ]);
    expect(health.body.meta.facets.ods).toEqual([
      { value: 3, count: 2 },
      { value: 4, count: 1 },
    ]);

    // OR within a parameter, AND across parameters.
    expect(
      titles((await search(`q=${word}&year=2021&year=2022&language=Espa%C3%B1ol`)).body).sort(),
    ).toEqual([`${word} A`, `${word} C`]);
    const two = await search(`q=${word}&sector=Salud&awarded=false`);
    expect(titles(two.body)).toEqual([`${word} B`]);
    expect(two.body.meta.facets.sector).toEqual([
      { value: 'Educación', count: 1 },
      { value: 'Salud', count: 1 },
    ]);
    expect(two.body.meta.facets.awarded).toEqual([
      { value: false, count: 1 },
      { value: true, count: 1 },
    ]);
    expect(titles((await search(`q=${word}&ods=4&degree=Grado%20en%20Magisterio`)).body)).toEqual([
      `${word} C`,
    ]);
    expect(titles((await search(`q=${word}&study_area=Educaci%C3%B3n`)).body)).toEqual([
      `${word} C`,
    ]);
  });

  it('sort=newest orders by the date of the work; pages have Strapi v4 pagination', async () => {
    const word = marker();
    for (const [i, day] of [
      '2019-01-10',
      '2024-05-02',
      '2021-03-03',
      '2020-11-11',
      '2023-07-07',
    ].entries()) {
      await createWork({ title: `${word} ${i}`, tfxDate: day });
    }
    const first = await search(`q=${word}&sort=newest`);
    expect(titles(first.body)).toEqual([
      `${word} 1`,
      `${word} 4`,
      `${word} 2`,
      `${word} 3`,
      `${word} 0`,
    ]);
    expect(first.body.meta.pagination).toEqual({ page: 1, pageSize: 12, pageCount: 1, total: 5 });
    expect(first.body.data[0]!.attributes).toMatchObject({ tfxDate: '2024-05-02', year: 2024 });
    const third = await search(`q=${word}&sort=newest&pageSize=2&page=3`);
    expect(third.body.meta.pagination).toEqual({ page: 3, pageSize: 2, pageCount: 3, total: 5 });
    expect(titles(third.body)).toEqual([`${word} 0`]);
    const beyond = await search(`q=${word}&pageSize=2&page=9`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    // Relevance pages the same way.
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(...titles((await search(`q=${word}&pageSize=2&page=${page}`)).body));
    }
    expect(pages.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `${word} ${i}`));
  });

  it.each([
    'pageSize=51',
    'pageSize=0',
    'page=0',
    'page=abc',
    'year=dosmil',
    'year=1800',
    'ods=18',
    'awarded=quizá',
    'external=yes',
    'sort=popular',
    'unknown=1',
    'q[a]=b',
    `q=${'x'.repeat(201)}`,
  ])('%s is a 400 in the Strapi error shape', async (query) => {
    const res = await app.inject({ method: 'GET', url: `/api/tfxes/search?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      data: null,
      error: { status: 400, name: 'ValidationError' },
    });
  });
});

describe('GET /api/tfxes/:id/related', () => {
  it('answers up to four other published works, the closest first, never the work itself', async () => {
    const word = marker();
    // A tag of its own (not the title's marker: tags are words of a work too).
    const tag = `Etiqueta ${marker()}`;
    const source = await createWork({
      title: `Huertos escolares ${word}`,
      tags: [tag, 'Educación ambiental'],
      sector: 'Educación',
    });
    const close = await createWork({
      title: `Compostaje ${word}`,
      tags: [tag, 'Educación ambiental'],
    });
    const byTitle = await createWork({ title: `Huertos escolares en Lorca ${word}` });
    await createWork({
      title: `Pendiente ${word}`,
      tags: [tag],
      review_status: 'pending',
      publishedAt: null,
    });
    await createWork({ title: `Externo ${word}`, tags: [tag], external: true });
    for (let i = 0; i < 4; i++) await createWork({ title: `Otro ${word} ${i}`, tags: [tag] });

    const res = await app.inject({ method: 'GET', url: `/api/tfxes/${source.id}/related` });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { id: number; attributes: Card }[]; meta: object }>();
    expect(body.meta).toEqual({});
    expect(body.data).toHaveLength(4);
    const ids = body.data.map((w) => w.id);
    expect(ids).not.toContain(source.id);
    expect(ids[0]).toBe(close.id);
    expect(ids).toContain(byTitle.id);
    expect(body.data.map((w) => w.attributes.title)).not.toContain(`Pendiente ${word}`);
    expect(body.data.map((w) => w.attributes.title)).not.toContain(`Externo ${word}`);
  });

  it('is a 404 for a work the caller may not see, and a 400 for a bad id', async () => {
    const pending = await createWork({ review_status: 'pending', publishedAt: null });
    expect(
      (await app.inject({ method: 'GET', url: `/api/tfxes/${pending.id}/related` })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/tfxes/999999999/related' })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/tfxes/abc/related' })).statusCode).toBe(
      400,
    );
  });
});
