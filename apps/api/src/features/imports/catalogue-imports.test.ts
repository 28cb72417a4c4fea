import { readFileSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { readSheet } from 'read-excel-file/node';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_IMPORT_MAX_ROWS, type ImportAnswer, type ImportRow } from '@plataforma/shared';
import {
  campuses,
  campusesDegrees,
  degrees,
  studyAreas,
  studySubareas,
  universities,
} from '../../db/schema';
import { executeRows } from '../../db/statements';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  asAdmin,
  createCampus,
  createDegree,
  createUniversity,
  signedIn,
  unique,
} from '../../../test/helpers/factories';
import { multipart } from '../../../test/helpers/upload';

/**
 * Loading the catalogue from CSV and XLSX files (ADR 0065): the preview with every row's action,
 * problems and warnings, the write in one transaction, names matched as people mean them and
 * reused (one degree per name and university, linked to each campus), loading twice creating
 * nothing, study areas, templates, and who may do it. The database is shared by the worker's
 * files: every name here carries a tag of its own, but for the fixtures' names, which only this
 * file uses.
 */

let app: FastifyInstance;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

afterEach(() => {
  vi.restoreAllMocks();
});

type Kind = 'catalogue' | 'study-areas';

interface Sent {
  status: number;
  body: ImportAnswer & {
    error?: { status: number; message: string; details: Record<string, unknown> };
  };
}

async function load(
  kind: Kind,
  data: Buffer,
  query = '',
  headers: Record<string, string> = admin,
  filename = `${kind}.csv`,
): Promise<Sent> {
  const form = multipart([{ data, filename, field: 'file' }]);
  const res = await app.inject({
    method: 'POST',
    url: `/api/imports/${kind}${query}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const HEADER = 'universidad;campus;grado;duracion;tipo';

/** A CSV in UTF-8 with BOM and CRLF, as Excel saves "CSV UTF-8". */
const csv = (header: string, ...lines: string[]) =>
  Buffer.from(`\uFEFF${[header, ...lines].join('\r\n')}\r\n`);

const rowOf = (body: ImportAnswer, row: number): ImportRow | undefined =>
  body.data.rows.find((r) => r.row === row);

async function db() {
  return (await getTestDatabase()).db;
}

async function universitiesNamed(name: string) {
  return (await db())
    .select({ id: universities.id, name: universities.name })
    .from(universities)
    .where(sql`lower(${universities.name}) = lower(${name})`);
}

/** The tree of a university as the catalogue holds it: campus name → degree names. */
async function treeOf(universityId: number) {
  const rows = await (
    await db()
  )
    .select({
      campus: campuses.name,
      degreeId: degrees.id,
      degree: degrees.name,
      duration: degrees.duration,
      master: degrees.master,
    })
    .from(campuses)
    .leftJoin(campusesDegrees, eq(campusesDegrees.campusId, campuses.id))
    .leftJoin(degrees, eq(degrees.id, campusesDegrees.degreeId))
    .where(eq(campuses.universityId, universityId))
    .orderBy(campuses.id, degrees.id);
  return rows;
}

async function countCatalogue() {
  const [counts] = await executeRows(
    await db(),
    sql`
      SELECT (SELECT count(*) FROM universities)::int AS universities,
             (SELECT count(*) FROM campuses)::int AS campuses,
             (SELECT count(*) FROM degrees)::int AS degrees,
             (SELECT count(*) FROM campuses_degrees_links)::int AS links,
             (SELECT count(*) FROM study_areas)::int AS areas,
             (SELECT count(*) FROM study_subareas)::int AS subareas`,
  );
  return {
    universities: Number(counts!.universities),
    campuses: Number(counts!.campuses),
    degrees: Number(counts!.degrees),
    links: Number(counts!.links),
    areas: Number(counts!.areas),
    subareas: Number(counts!.subareas),
  };
}

const FIXTURE_CSV = readFileSync(new URL('./fixtures/catalogo.csv', import.meta.url));
const FIXTURE_XLSX = readFileSync(new URL('./fixtures/catalogo.xlsx', import.meta.url));

describe('loading the catalogue from a CSV (fixtures/catalogo.csv)', () => {
  it('previews the tree, writes it in one go with one degree offered at two campuses, and loading it again creates nothing', async () => {
    const before = await countCatalogue();
    const preview = await load('catalogue', FIXTURE_CSV, '?dryRun=true');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({
      kind: 'catalogue',
      written: false,
      counts: { total: 4, create: 3, update: 0, skip: 1, invalid: 0 },
      entries: {
        universities: 1,
        campuses: 2,
        degrees: 2,
        degreesLinked: 0,
        degreesUpdated: 0,
        studyAreas: 0,
        studySubareas: 0,
      },
    });
    expect(rowOf(preview.body, 2)).toEqual({
      row: 2,
      action: 'create',
      label:
        'Universidad Fixture del Catálogo › Facultad de Ciencias Fixture › Grado en Biología Fixture',
      errors: [],
    });
    // Row 5 names a campus row 3 creates, in capitals and without accents: nothing of its own.
    expect(rowOf(preview.body, 5)).toMatchObject({ action: 'skip', errors: [] });
    expect(await countCatalogue()).toEqual(before);

    const written = await load('catalogue', FIXTURE_CSV);
    expect(written.status).toBe(200);
    expect(written.body.data.written).toBe(true);
    expect(written.body.data.counts).toEqual(preview.body.data.counts);
    expect(written.body.data.rows).toEqual(preview.body.data.rows);
    const [university, ...others] = await universitiesNamed('Universidad Fixture del Catálogo');
    expect(others).toEqual([]);
    const tree = await treeOf(university!.id);
    expect(tree.map((r) => [r.campus, r.degree, r.duration, r.master])).toEqual([
      ['Facultad de Ciencias Fixture', 'Grado en Biología Fixture', 4, false],
      // The máster's type comes from its name: the file leaves it empty.
      ['Facultad de Ciencias Fixture', 'Máster en Biotecnología Fixture', 1, true],
      ['Campus del Mar Fixture', 'Grado en Biología Fixture', 4, false],
    ]);
    // One degree, offered by both campuses.
    expect(tree[0]!.degreeId).toBe(tree[2]!.degreeId);
    const afterFirst = await countCatalogue();
    expect(afterFirst).toMatchObject({
      universities: before.universities + 1,
      campuses: before.campuses + 2,
      degrees: before.degrees + 2,
      links: before.links + 3,
    });

    const again = await load('catalogue', FIXTURE_CSV);
    expect(again.body.data.counts).toEqual({
      total: 4,
      create: 0,
      update: 0,
      skip: 4,
      invalid: 0,
    });
    expect(again.body.data.entries).toMatchObject({ universities: 0, campuses: 0, degrees: 0 });
    expect(await countCatalogue()).toEqual(afterFirst);
  });
});

describe('loading the catalogue from an XLSX (fixtures/catalogo.xlsx)', () => {
  it('reads a "master" column of sí/no and numeric durations, reports the bad rows by row and column, and writes the rest', async () => {
    const preview = await load('catalogue', FIXTURE_XLSX, '?dryRun=true', admin, 'catalogo.xlsx');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.counts).toEqual({
      total: 6,
      create: 3,
      update: 0,
      skip: 0,
      invalid: 3,
    });
    expect(rowOf(preview.body, 5)?.errors).toEqual([
      { row: 5, column: 'duracion', message: 'La duración debe ser de 1 a 6 años.' },
    ]);
    expect(rowOf(preview.body, 6)?.errors).toEqual([
      {
        row: 6,
        column: 'campus',
        message: 'Falta el campus o facultad donde se imparte «Grado en Química Fixture».',
      },
    ]);
    // Row 7 writes row 4's degree without its accent: the same row again.
    expect(rowOf(preview.body, 7)?.errors).toEqual([
      { row: 7, column: 'grado', message: 'Esta fila repite la fila 4.' },
    ]);

    const written = await load('catalogue', FIXTURE_XLSX, '', admin, 'catalogo.xlsx');
    expect(written.body.data.rows).toEqual(preview.body.data.rows);
    const [university] = await universitiesNamed('Universidad Fixture XLSX');
    const tree = await treeOf(university!.id);
    expect(tree.map((r) => [r.campus, r.degree, r.duration, r.master])).toEqual([
      ['Escuela de Ingeniería Fixture', 'Grado en Ingeniería Civil Fixture', 4, false],
      ['Escuela de Ingeniería Fixture', 'Máster en Estructuras Fixture', 2, true],
      ['Campus Norte Fixture', 'Grado en Ingeniería Civil Fixture', 4, false],
    ]);
  });
});

describe('the preview of a catalogue file', () => {
  it('reuses what the catalogue has (as people write it), links a degree to one more campus, updates durations, warns about near misses and reports every problem', async () => {
    const tag = unique('cat');
    const university = await createUniversity({
      name: `Universidad Politécnica de Cartagena ${tag}`,
    });
    const campus = await createCampus({
      name: `Facultad de Informática ${tag}`,
      universityId: university.id,
    });
    const degree = await createDegree(
      { name: `Grado en Ingeniería Informática ${tag}`, duration: 4, master: false },
      [campus.id],
    );
    const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
    const before = await countCatalogue();
    const file = csv(
      HEADER,
      // 2: all there, written in capitals and without accents.
      `${university.name.toUpperCase()};${plain(campus.name)};;;`,
      // 3: a new campus offering the same degree: linked, not a second degree.
      `${university.name};Campus de Alfonso XIII ${tag};${degree.name};;`,
      // 4: the duration changes (the degree written as people write it).
      `${university.name};${campus.name};${plain(degree.name).toLowerCase()}.;5;grado`,
      // 5: a university misspelt: created as new, with a warning.
      `Universidad Politecnica de Cartajena ${tag};Campus Nuevo ${tag};;;`,
      // 6: a campus misspelt: a warning too.
      `${university.name};Facultad de Infromática ${tag};;;`,
      // 7: the same as row 4; 8: another duration than row 4 gives.
      `${university.name};${campus.name};${degree.name};;`,
      `${university.name};Campus de la Muralla ${tag};${degree.name};3;`,
      // 9: no university, a bad duration and type; 10: a duration without a degree.
      `;${campus.name};Grado en Algo ${tag};cuatro;doctorado`,
      `${university.name};${campus.name};;4;`,
    );
    const { status, body } = await load('catalogue', file, '?dryRun=true');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.counts).toEqual({ total: 9, create: 3, update: 1, skip: 1, invalid: 4 });
    expect(body.data.entries).toEqual({
      universities: 1,
      campuses: 3,
      degrees: 0,
      degreesLinked: 1,
      degreesUpdated: 1,
      studyAreas: 0,
      studySubareas: 0,
    });
    expect(rowOf(body, 2)).toMatchObject({ action: 'skip', errors: [] });
    expect(rowOf(body, 3)).toMatchObject({ action: 'create', errors: [] });
    expect(rowOf(body, 3)?.warnings).toBeUndefined();
    expect(rowOf(body, 4)).toMatchObject({ action: 'update', errors: [] });
    expect(rowOf(body, 5)).toMatchObject({
      action: 'create',
      errors: [],
      warnings: [
        {
          row: 5,
          column: 'universidad',
          message: `«Universidad Politecnica de Cartajena ${tag}» no está entre las universidades de la plataforma: se creará como nueva. ¿Querías decir «${university.name}»?`,
        },
      ],
    });
    expect(rowOf(body, 6)?.warnings).toEqual([
      {
        row: 6,
        column: 'campus',
        message: `«Facultad de Infromática ${tag}» no es un campus de «${university.name}»: se creará como nuevo. ¿Querías decir «${campus.name}»?`,
      },
    ]);
    expect(rowOf(body, 7)?.errors).toEqual([
      { row: 7, column: 'grado', message: 'Esta fila repite la fila 4.' },
    ]);
    expect(rowOf(body, 8)?.errors).toEqual([
      {
        row: 8,
        column: 'duracion',
        message: `La fila 4 da a «${degree.name}» 5 años: un grado dura lo mismo en todos sus campus.`,
      },
    ]);
    expect(rowOf(body, 9)?.errors.map((e) => [e.column, e.message])).toEqual([
      ['universidad', 'Falta la universidad.'],
      ['duracion', '«cuatro» no es una duración: escribe los años con un número, de 1 a 6.'],
      ['tipo', '«doctorado» no es un tipo de estudios: escribe «grado» o «máster».'],
    ]);
    expect(rowOf(body, 10)?.errors).toEqual([
      {
        row: 10,
        column: 'duracion',
        message: 'Solo se aplica a un grado: indica también el grado.',
      },
    ]);
    expect(await countCatalogue()).toEqual(before);

    // Written: the existing degree is linked to the new campus and lasts five years now.
    const cache = vi.spyOn(app.responseCache, 'invalidate');
    const written = await load('catalogue', file);
    expect(written.body.data.rows).toEqual(body.data.rows);
    const tree = await treeOf(university.id);
    const offering = tree.filter((r) => r.degreeId === degree.id).map((r) => r.campus);
    expect(offering).toEqual([campus.name, `Campus de Alfonso XIII ${tag}`]);
    expect(tree.find((r) => r.degreeId === degree.id)?.duration).toBe(5);
    expect(await countCatalogue()).toMatchObject({
      universities: before.universities + 1,
      campuses: before.campuses + 3,
      degrees: before.degrees,
      links: before.links + 1,
    });
    // This process's answer cache hears of every table written (the change feed tells others).
    expect(cache.mock.calls.map(([table]) => table).sort()).toEqual([
      'campuses',
      'campuses_degrees_links',
      'degrees',
      'universities',
    ]);
    // The catalogue's lists read them at once (the screen's own query, ADR 0047).
    const listed = await app.inject({
      method: 'GET',
      url: `/api/campuses?filters[university][id][$eq]=${university.id}&populate[degrees][count]=true&sort[0]=name:asc`,
      headers: admin,
    });
    const names = listed
      .json<{ data: { attributes: { name: string } }[] }>()
      .data.map((c) => c.attributes.name);
    expect(names).toContain(`Campus de Alfonso XIII ${tag}`);

    // The rules of the catalogue still hold: no second campus of one name in the university.
    const clash = await executeRows(
      await db(),
      sql`SELECT lower(unaccent(name)) AS n FROM campuses
          WHERE university_id = ${university.id} GROUP BY 1 HAVING count(*) > 1`,
    );
    expect(clash).toEqual([]);
  });

  it('a degree named at one campus of a university the file creates is one degree at each of its campuses; an existing degree of the same name elsewhere is not taken', async () => {
    const tag = unique('arbol');
    const other = await createUniversity({ name: `Universidad de Otra Parte ${tag}` });
    const elsewhere = await createCampus({ name: `Campus Ajeno ${tag}`, universityId: other.id });
    await createDegree({ name: `Grado en Derecho ${tag}` }, [elsewhere.id]);
    const file = csv(
      'Universidad;Facultad;Titulación;Años;Máster',
      `Universidad Nueva ${tag};Facultad de Derecho ${tag};Grado en Derecho ${tag};4;no`,
      `Universidad Nueva ${tag};Campus de Lorca ${tag};Grado en Derecho ${tag};;`,
      `Universidad Nueva ${tag};Campus de Lorca ${tag};Máster en Abogacía ${tag};;no`,
    );
    const { body } = await load('catalogue', file);
    expect(body.data.entries).toMatchObject({ universities: 1, campuses: 2, degrees: 2 });
    const [university] = await universitiesNamed(`Universidad Nueva ${tag}`);
    const tree = await treeOf(university!.id);
    expect(tree.map((r) => [r.campus, r.degree, r.duration, r.master])).toEqual([
      [`Facultad de Derecho ${tag}`, `Grado en Derecho ${tag}`, 4, false],
      [`Campus de Lorca ${tag}`, `Grado en Derecho ${tag}`, 4, false],
      // The file says it is not a máster, whatever its name.
      [`Campus de Lorca ${tag}`, `Máster en Abogacía ${tag}`, null, false],
    ]);
    expect(new Set(tree.map((r) => r.degreeId)).size).toBe(2);
  });

  it('two loads of one file at the same time create each entry once', async () => {
    const tag = unique('carrera');
    const file = csv(
      HEADER,
      `Universidad Simultánea ${tag};Campus Único ${tag};Grado en Física ${tag};4;grado`,
    );
    const [first, second] = await Promise.all([load('catalogue', file), load('catalogue', file)]);
    expect([first.body.data.counts.create, second.body.data.counts.create].sort()).toEqual([0, 1]);
    const found = await universitiesNamed(`Universidad Simultánea ${tag}`);
    expect(found).toHaveLength(1);
    const tree = await treeOf(found[0]!.id);
    expect(tree).toHaveLength(1);
  });
});

describe('loading study areas', () => {
  it('creates areas and subareas, reuses them as people write them, warns about near misses, and loading again creates nothing', async () => {
    const tag = unique('area');
    const database = await db();
    const [area] = await database
      .insert(studyAreas)
      .values({ name: `Ciencias Sociales ${tag}` })
      .returning();
    await database.insert(studySubareas).values({ name: `Sociología ${tag}`, areaId: area!.id });
    const file = csv(
      'Área;Subárea',
      `CIENCIAS SOCIALES ${tag};sociologia ${tag}`,
      `Ciencias Sociales ${tag};Ciencia Política ${tag}`,
      `Ciencias Sociales ${tag};Sociologya ${tag}`,
      `Artes Escénicas ${tag};Danza ${tag}`,
      `Artes Escénicas ${tag};Teatro ${tag}`,
      `Artes Escénicas ${tag};`,
      `Ciencias Sociales ${tag};Ciencia Politica ${tag}`,
      `;Huérfana ${tag}`,
    );
    const preview = await load('study-areas', file, '?dryRun=true');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.kind).toBe('study-areas');
    expect(preview.body.data.counts).toEqual({
      total: 8,
      create: 4,
      update: 0,
      skip: 2,
      invalid: 2,
    });
    expect(preview.body.data.entries).toMatchObject({ studyAreas: 1, studySubareas: 4 });
    expect(rowOf(preview.body, 2)).toMatchObject({ action: 'skip' });
    expect(rowOf(preview.body, 4)?.warnings).toEqual([
      {
        row: 4,
        column: 'Subárea',
        message: `«Sociologya ${tag}» no es una subárea de «${area!.name}»: se creará como nueva. ¿Querías decir «Sociología ${tag}»?`,
      },
    ]);
    expect(rowOf(preview.body, 7)).toMatchObject({ action: 'skip' });
    expect(rowOf(preview.body, 8)?.errors).toEqual([
      { row: 8, column: 'Subárea', message: 'Esta fila repite la fila 3.' },
    ]);
    expect(rowOf(preview.body, 9)?.errors).toEqual([
      { row: 9, column: 'Área', message: 'Falta el área de estudio.' },
    ]);

    const written = await load('study-areas', file);
    expect(written.body.data.rows).toEqual(preview.body.data.rows);
    const subareas = await database
      .select({ area: studyAreas.name, subarea: studySubareas.name })
      .from(studySubareas)
      .innerJoin(studyAreas, eq(studyAreas.id, studySubareas.areaId))
      .where(inArray(studyAreas.name, [area!.name, `Artes Escénicas ${tag}`]))
      .orderBy(studySubareas.id);
    expect(subareas).toEqual([
      { area: area!.name, subarea: `Sociología ${tag}` },
      { area: area!.name, subarea: `Ciencia Política ${tag}` },
      { area: area!.name, subarea: `Sociologya ${tag}` },
      { area: `Artes Escénicas ${tag}`, subarea: `Danza ${tag}` },
      { area: `Artes Escénicas ${tag}`, subarea: `Teatro ${tag}` },
    ]);
    const again = await load('study-areas', file);
    expect(again.body.data.counts).toMatchObject({ create: 0, skip: 6, invalid: 2 });
  });
});

describe('files that cannot be loaded', () => {
  async function refused(kind: Kind, data: Buffer, message: string | RegExp) {
    const { status, body } = await load(kind, data, '?dryRun=true');
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(message);
    expect(body.error?.details).toMatchObject({ errors: [{ path: ['file'] }] });
  }

  it('an empty file, one without the required column, one that is not a table, too many rows', async () => {
    await refused('catalogue', Buffer.alloc(0), 'El archivo está vacío.');
    await refused(
      'catalogue',
      csv(HEADER),
      'El archivo está vacío: necesita una fila de encabezados y al menos una universidad.',
    );
    await refused(
      'catalogue',
      csv('campus;grado', 'Uno;Dos'),
      'Falta la columna «universidad». Descarga la plantilla para ver las columnas.',
    );
    await refused(
      'study-areas',
      csv('subarea', 'Historia'),
      'Falta la columna «area». Descarga la plantilla para ver las columnas.',
    );
    await refused(
      'catalogue',
      Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n\0\0'),
      'El archivo no es un CSV ni un XLSX que se pueda leer.',
    );
    const lines = Array.from(
      { length: CATALOGUE_IMPORT_MAX_ROWS + 1 },
      (_, i) => `Universidad ${i};;;;`,
    );
    await refused(
      'catalogue',
      csv(HEADER, ...lines),
      /^El archivo tiene 5001 filas de datos y se pueden importar 5000 como mucho/,
    );
  });

  it('a file above 5 MB is a 413 in Spanish; a body that is not multipart a 415; a bad query a 400', async () => {
    const big = await load('catalogue', Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
    expect(big.status).toBe(413);
    expect(big.body.error?.message).toBe('El archivo pesa más de 5 MB: divídelo en varios.');
    const asJson = await app.inject({
      method: 'POST',
      url: '/api/imports/catalogue',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: { rows: [] },
    });
    expect(asJson.statusCode).toBe(415);
    const file = csv(HEADER, 'Universidad;;;;');
    expect((await load('catalogue', file, '?mode=update')).status).toBe(400);
    expect((await load('study-areas', file, '?dryRun=si')).status).toBe(400);
  });
});

describe('who may load the catalogue', () => {
  it('only admins: others get 403 and visitors 401, before the body is read; nothing is written', async () => {
    const name = `Universidad Prohibida ${unique('x')}`;
    const file = csv(HEADER, `${name};;;;`);
    for (const role of ['student', 'teacher', 'coordinator'] as const) {
      const { headers } = await signedIn(app, role);
      expect((await load('catalogue', file, '', headers)).status, role).toBe(403);
      expect((await load('study-areas', file, '?dryRun=true', headers)).status, role).toBe(403);
      // Refused before the body's type is looked at.
      const asJson = await app.inject({
        method: 'POST',
        url: '/api/imports/catalogue',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: {},
      });
      expect(asJson.statusCode, role).toBe(403);
    }
    expect((await load('catalogue', file, '', {})).status).toBe(401);
    expect((await load('study-areas', file, '', {})).status).toBe(401);
    expect(await universitiesNamed(name)).toEqual([]);
  });
});

describe('GET /api/imports/catalogue|study-areas/template', () => {
  it('answers the CSV and XLSX templates, public, whose rows load as they are', async () => {
    // A catalogue of its own, so the example rows are this installation's.
    const campus = await createCampus({ name: unique('Campus Plantilla') });
    await createDegree({ name: unique('Grado Plantilla') }, [campus.id]);
    for (const kind of ['catalogue', 'study-areas'] as const) {
      const res = await app.inject({ method: 'GET', url: `/api/imports/${kind}/template` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename=plantilla-[a-z-]+\.csv$/,
      );
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
      expect(lines[0]).toBe(kind === 'catalogue' ? HEADER : 'area;subarea');
      const preview = await load(kind, res.rawPayload, '?dryRun=true');
      expect(preview.body.data.counts, kind).toMatchObject({ invalid: 0 });
      expect(preview.body.data.counts.total, kind).toBeGreaterThan(0);

      const xlsx = await app.inject({
        method: 'GET',
        url: `/api/imports/${kind}/template?format=xlsx`,
      });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const sheet = await readSheet(xlsx.rawPayload);
      expect(sheet[0]?.map(String)).toEqual(lines[0]!.split(';'));
      const fromXlsx = await load(kind, xlsx.rawPayload, '?dryRun=true', admin, 'p.xlsx');
      expect(fromXlsx.body.data.counts, kind).toEqual(preview.body.data.counts);
    }
    // The installation's catalogue: loading the template changes nothing.
    const res = await app.inject({ method: 'GET', url: '/api/imports/catalogue/template' });
    const preview = await load('catalogue', res.rawPayload, '?dryRun=true');
    expect(preview.body.data.counts).toMatchObject({ create: 0, update: 0 });
    expect(
      (await app.inject({ method: 'GET', url: '/api/imports/catalogue/template?format=pdf' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('a catalogue row found by campus', () => {
  it('when a university has one degree of a name per campus (the demo data), each row keeps its own campus’s', async () => {
    const tag = unique('demo');
    const university = await createUniversity({ name: `Universidad Demo ${tag}` });
    const one = await createCampus({ name: `Campus Uno ${tag}`, universityId: university.id });
    const two = await createCampus({ name: `Campus Dos ${tag}`, universityId: university.id });
    const first = await createDegree({ name: `Grado en Historia ${tag}`, duration: 4 }, [one.id]);
    const second = await createDegree({ name: `Grado en Historia ${tag}`, duration: 4 }, [two.id]);
    const file = csv(
      HEADER,
      `${university.name};${two.name};Grado en Historia ${tag};4;grado`,
      `${university.name};${one.name};Grado en Historia ${tag};4;grado`,
    );
    const { body } = await load('catalogue', file);
    expect(body.data.counts).toMatchObject({ skip: 2 });
    const links = await (
      await db()
    )
      .select()
      .from(campusesDegrees)
      .where(and(inArray(campusesDegrees.degreeId, [first.id, second.id])));
    expect(links).toHaveLength(2);
  });
});
