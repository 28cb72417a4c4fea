import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_ROWS,
  TFX_IMPORT_TEMPLATE_FILENAME,
  type ImportAnswer,
  type ImportRow,
} from '@plataforma/shared';
import { tfxes } from '../../db/schema';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { asAdmin, signedIn, unique } from '../../../test/helpers/factories';
import { multipart } from '../../../test/helpers/upload';
import { tfxImportKey } from './tfx-import';

/**
 * Importing external works from CSV and XLSX files (ADR 0039): the preview, every problem by row
 * and column, and an import that creates each work once however often the file is sent.
 */

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

/**
 * A workbook made once by hand (Python's zipfile around the sheet's XML: no XLSX writer is a
 * dependency here). Sheet "Trabajos", header `Título | Resumen | AUTOR | Universidad | Grado |
 * Año | Enlace | Idioma | Etiquetas`; row 2 valid (year as a number cell), row 3 valid (idioma
 * "inglés"), row 4 without title, year 1890 and an ftp link, row 5 empty, row 6 repeats row 2 in
 * capitals without accents.
 */
const XLSX = readFileSync(new URL('./fixtures/trabajos-externos.xlsx', import.meta.url));

interface Sent {
  status: number;
  body: ImportAnswer & {
    error?: { status: number; name: string; message: string; details: Record<string, unknown> };
  };
}

async function importFile(
  data: Buffer,
  query = '',
  headers: Record<string, string> = admin,
  filename = 'trabajos.csv',
): Promise<Sent> {
  const form = multipart([{ data, filename, field: 'file' }]);
  const res = await app.inject({
    method: 'POST',
    url: `/api/imports/tfxes${query}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const HEADER = 'titulo;resumen;autor;universidad;grado;anio;enlace;idioma;sector;etiquetas';

/** A CSV in UTF-8 with BOM and CRLF, as Excel saves "CSV UTF-8". */
const csv = (...lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`);

/** A valid line with a title of its own. */
function line(title: string, overrides: Partial<Record<string, string>> = {}): string {
  const cells = {
    titulo: title,
    resumen: 'Resumen del trabajo',
    autor: 'Lucía Pérez Gil',
    universidad: 'Universidad de Alicante',
    grado: 'Grado en Trabajo Social',
    anio: '2022',
    enlace: 'https://repositorio.example.org/tfg/1',
    idioma: 'Español',
    sector: 'Acción social',
    etiquetas: '"Voluntariado; Desarrollo rural"',
    ...overrides,
  };
  return Object.values(cells).join(';');
}

async function worksTitled(titles: string[]) {
  const { db } = await getTestDatabase();
  return db.select().from(tfxes).where(inArray(tfxes.title, titles));
}

const rowOf = (body: ImportAnswer, row: number): ImportRow | undefined =>
  body.data.rows.find((r) => r.row === row);

describe('POST /api/imports/tfxes with a CSV', () => {
  it('creates every valid row as a published external work, with the fields of the file', async () => {
    const title = unique('Comedores escolares');
    const { status, body } = await importFile(csv(line(title)));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      kind: 'tfxes',
      written: true,
      counts: { total: 1, create: 1, update: 0, skip: 0, invalid: 0 },
      rows: [{ row: 2, action: 'create', label: title, errors: [] }],
    });
    const [work] = await worksTitled([title]);
    expect(work).toMatchObject({
      external: true,
      status: 'finished',
      review_status: 'published',
      text_status: 'none',
      publish_consent: true,
      summary: 'Resumen del trabajo',
      author_name: 'Lucía Pérez Gil',
      institution: 'Universidad de Alicante',
      degree_name: 'Grado en Trabajo Social',
      tfxDate: '2022-01-01',
      release_month: null,
      file_URL: 'https://repositorio.example.org/tfg/1',
      language: 'Español',
      sector: 'Acción social',
      tags: ['Voluntariado', 'Desarrollo rural'],
      studentId: null,
      fileId: null,
      import_key: tfxImportKey(title, 'Lucía Pérez Gil', 2022),
    });
    expect(work?.publishedAt).not.toBeNull();
    // Anyone may read it, as any published work.
    const read = await app.inject({ method: 'GET', url: `/api/tfxes/${work?.id}` });
    expect(read.statusCode).toBe(200);
  });

  it('lists every problem of every row by row number and column, in Spanish, and writes only the valid rows', async () => {
    const good = unique('Bien');
    const repeated = unique('Repetido');
    const file = csv(
      line(good),
      line('', { anio: 'dos mil' }),
      line(unique('Futuro'), { anio: '2999', enlace: 'www.example.org/tfg' }),
      line(unique('Sin autor'), { autor: '', universidad: '', anio: '' }),
      line(unique('Idioma raro'), { idioma: 'Klingon', sector: 'Astronáutica' }),
      line(repeated),
      line(repeated.toUpperCase(), { resumen: 'Otra copia' }),
      line(unique('Enlace raro'), { enlace: 'javascript:alert(1)' }),
    );
    const { status, body } = await importFile(file);
    expect(status).toBe(200);
    expect(body.data.counts).toEqual({ total: 8, create: 2, update: 0, skip: 0, invalid: 6 });
    expect(rowOf(body, 3)?.errors).toEqual([
      { row: 3, column: 'titulo', message: 'Falta el título.' },
      {
        row: 3,
        column: 'anio',
        message: '«dos mil» no es un año: escribe cuatro cifras, por ejemplo 2024.',
      },
    ]);
    expect(rowOf(body, 3)?.label).toBe('Fila 3');
    expect(rowOf(body, 4)?.errors).toEqual([
      {
        row: 4,
        column: 'anio',
        message: `El año debe estar entre 1950 y ${new Date().getUTCFullYear()}.`,
      },
      {
        row: 4,
        column: 'enlace',
        message: 'El enlace debe ser una dirección web que empiece por http:// o https://.',
      },
    ]);
    expect(rowOf(body, 5)?.errors.map((e) => [e.column, e.message])).toEqual([
      ['autor', 'Falta el nombre de quien escribió el trabajo.'],
      ['universidad', 'Falta la universidad.'],
      ['anio', 'Falta el año.'],
    ]);
    expect(rowOf(body, 6)?.errors.map((e) => e.column)).toEqual(['idioma', 'sector']);
    expect(rowOf(body, 6)?.errors[0]?.message).toMatch(
      /^Idioma no reconocido\. Usa uno de estos: Español, Inglés/,
    );
    expect(rowOf(body, 7)?.action).toBe('create');
    expect(rowOf(body, 8)).toMatchObject({
      action: 'invalid',
      errors: [
        {
          row: 8,
          column: null,
          message: 'Repite el trabajo de la fila 7 (mismo título, autoría y año).',
        },
      ],
    });
    expect(rowOf(body, 9)?.errors[0]?.column).toBe('enlace');
    expect((await worksTitled([good, repeated])).map((w) => w.title).sort()).toEqual(
      [good, repeated].sort(),
    );
    expect(await worksTitled([repeated.toUpperCase()])).toEqual([]);
  });

  it('with dryRun=true, answers the same preview and writes nothing', async () => {
    const title = unique('Solo vista previa');
    const { status, body } = await importFile(csv(line(title), line('')), '?dryRun=true');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      written: false,
      counts: { total: 2, create: 1, invalid: 1 },
    });
    expect(await worksTitled([title])).toEqual([]);
  });

  it('when the same file is imported twice, the second import creates nothing and skips every work', async () => {
    const titles = [unique('Primero'), unique('Segundo')];
    const file = csv(line(titles[0]!), line(titles[1]!, { autor: 'Pau Ferrer' }));
    expect((await importFile(file)).body.data.counts.create).toBe(2);
    const again = await importFile(file);
    expect(again.body.data.counts).toEqual({ total: 2, create: 0, update: 0, skip: 2, invalid: 0 });
    expect(again.body.data.rows.map((r) => r.action)).toEqual(['skip', 'skip']);
    expect(await worksTitled(titles)).toHaveLength(2);
    // A dry run of it says so too.
    const preview = await importFile(file, '?dryRun=true');
    expect(preview.body.data.counts.skip).toBe(2);
  });

  it('with onExisting=update, changes the works already imported with what the file says now', async () => {
    const title = unique('Actualizable');
    await importFile(csv(line(title)));
    const [before] = await worksTitled([title]);
    const changed = csv(
      line(title, {
        resumen: 'Resumen corregido',
        enlace: 'https://repositorio.example.org/tfg/2',
        etiquetas: 'Nutrición',
      }),
    );
    const { body } = await importFile(changed, '?onExisting=update');
    expect(body.data.counts).toMatchObject({ create: 0, update: 1, skip: 0 });
    const [after] = await worksTitled([title]);
    expect(after).toMatchObject({
      id: before?.id,
      summary: 'Resumen corregido',
      file_URL: 'https://repositorio.example.org/tfg/2',
      tags: ['Nutrición'],
    });
    // A column the file does not have keeps its value.
    const withoutSummary = Buffer.from(
      `titulo,autor,universidad,anio,enlace\n${title},Lucía Pérez Gil,Universidad de Alicante,2022,https://repositorio.example.org/tfg/3\n`,
    );
    await importFile(withoutSummary, '?onExisting=update');
    const [last] = await worksTitled([title]);
    expect(last).toMatchObject({
      summary: 'Resumen corregido',
      file_URL: 'https://repositorio.example.org/tfg/3',
      tags: ['Nutrición'],
    });
  });

  it('reads a CSV saved by Excel in Windows-1252, with commas and headers in any case and with accents', async () => {
    const title = unique('Educación física inclusiva');
    const text = `Título,Autor,UNIVERSIDAD,Año,Enlace\r\n${title},Iñaki Muñoz,Universidad de León,2020,https://repositorio.example.org/ule/1\r\n`;
    const { status, body } = await importFile(Buffer.from(text, 'latin1'));
    expect(status).toBe(200);
    expect(body.data.counts.create).toBe(1);
    const [work] = await worksTitled([title]);
    expect(work).toMatchObject({ author_name: 'Iñaki Muñoz', institution: 'Universidad de León' });
  });

  it('two imports of one file at the same time create each work once', async () => {
    const title = unique('Concurrente');
    const file = csv(line(title));
    const answers = await Promise.all([importFile(file), importFile(file)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.data.counts.create).sort()).toEqual([0, 1]);
    expect(await worksTitled([title])).toHaveLength(1);
  });
});

describe('POST /api/imports/tfxes with an XLSX', () => {
  it('previews, imports the valid rows once and skips them the second time', async () => {
    const preview = await importFile(XLSX, '?dryRun=true', admin, 'trabajos.xlsx');
    expect(preview.status).toBe(200);
    expect(preview.body.data.counts).toEqual({
      total: 4,
      create: 2,
      update: 0,
      skip: 0,
      invalid: 2,
    });
    expect(rowOf(preview.body, 4)?.errors).toEqual([
      { row: 4, column: 'Título', message: 'Falta el título.' },
      {
        row: 4,
        column: 'Año',
        message: `El año debe estar entre 1950 y ${new Date().getUTCFullYear()}.`,
      },
      {
        row: 4,
        column: 'Enlace',
        message: 'El enlace debe ser una dirección web que empiece por http:// o https://.',
      },
    ]);
    expect(rowOf(preview.body, 6)?.errors[0]?.message).toBe(
      'Repite el trabajo de la fila 2 (mismo título, autoría y año).',
    );
    const titles = ['Energía comunitaria en barrios del Ensanche', 'Urban gardens and loneliness'];
    expect(await worksTitled(titles)).toEqual([]);

    const first = await importFile(XLSX, '', admin, 'trabajos.xlsx');
    expect(first.body.data.counts.create).toBe(2);
    const works = await worksTitled(titles);
    expect(works.map((w) => [w.title, w.tfxDate, w.language]).sort()).toEqual([
      ['Energía comunitaria en barrios del Ensanche', '2023-01-01', 'Español'],
      ['Urban gardens and loneliness', '2021-01-01', 'Inglés'],
    ]);
    expect(works.find((w) => w.language === 'Español')?.tags).toEqual([
      'Energías renovables',
      'Desarrollo rural',
    ]);

    const second = await importFile(XLSX, '', admin, 'trabajos.xlsx');
    expect(second.body.data.counts).toMatchObject({ create: 0, skip: 2, invalid: 2 });
    expect(await worksTitled(titles)).toHaveLength(2);
  });
});

describe('files that cannot be imported', () => {
  const refused = async (data: Buffer, message: string | RegExp) => {
    const { status, body } = await importFile(data);
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(message);
    expect(body.error?.details).toMatchObject({ errors: [{ path: ['file'] }] });
  };

  it('an empty file, a header without rows, or only blank lines', async () => {
    await refused(Buffer.alloc(0), 'El archivo está vacío.');
    await refused(csv(), /^El archivo está vacío: necesita una fila de encabezados/);
    await refused(Buffer.from('\r\n;;\r\n'), /^El archivo está vacío/);
  });

  it('a PDF, an old .xls, a zip that is not a workbook', async () => {
    await refused(
      Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n\0\0'),
      'El archivo no es un CSV ni un XLSX que se pueda leer.',
    );
    await refused(
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
      /\.xls \(Excel 97-2003\) no se pueden importar/,
    );
    await refused(
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]),
      'El archivo XLSX está dañado o es demasiado grande para importarlo.',
    );
  });

  it('a file without a required column names the missing ones', async () => {
    await refused(
      Buffer.from('titulo;resumen;anio\nUno;Dos;2020\n'),
      'Faltan las columnas «autor», «universidad», «enlace». Descarga la plantilla para ver las columnas.',
    );
  });

  it(`more than ${IMPORT_MAX_ROWS} rows`, async () => {
    const lines = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => line(`Trabajo ${i}`));
    await refused(
      csv(...lines),
      /^El archivo tiene 5001 filas de datos y se pueden importar 5000 como mucho/,
    );
  });

  it('a file above 5 MB is a 413, in Spanish', async () => {
    const { status, body } = await importFile(Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
    expect(status).toBe(413);
    expect(body.error?.message).toBe('El archivo pesa más de 5 MB: divídelo en varios.');
  });

  it('a quote left open', async () => {
    await refused(csv(line('"Sin cerrar')), /^Hay unas comillas sin cerrar en la fila/);
  });

  it('a multipart body without the field file, or with another field, is a 400', async () => {
    const other = multipart([{ data: csv(line('x')), filename: 'a.csv', field: 'files' }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/imports/tfxes',
      headers: { ...admin, ...other.headers },
      payload: other.payload,
    });
    expect(res.statusCode).toBe(400);
    const empty = multipart([], { nota: 'hola' });
    const none = await app.inject({
      method: 'POST',
      url: '/api/imports/tfxes',
      headers: { ...admin, ...empty.headers },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
  });
});

describe('who may import', () => {
  it('anyone but an admin gets 403 before the body is read; an admin sending JSON gets 415', async () => {
    const title = unique('No autorizado');
    for (const role of ['student', 'teacher', 'coordinator'] as const) {
      const { headers } = await signedIn(app, role);
      expect((await importFile(csv(line(title)), '', headers)).status, role).toBe(403);
    }
    expect((await importFile(csv(line(title)), '', {})).status).toBe(403);
    const json = await app.inject({
      method: 'POST',
      url: '/api/imports/tfxes',
      headers: { ...(await signedIn(app, 'student')).headers, 'content-type': 'application/json' },
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(403);
    expect(await worksTitled([title])).toEqual([]);
    const asJson = await app.inject({
      method: 'POST',
      url: '/api/imports/tfxes',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: { rows: [] },
    });
    expect(asJson.statusCode).toBe(415);
  });

  it('a bad query is a 400', async () => {
    expect((await importFile(csv(line('x')), '?onExisting=replace')).status).toBe(400);
    expect((await importFile(csv(line('x')), '?dryRun=yes')).status).toBe(400);
  });
});

describe('GET /api/imports/tfxes/template', () => {
  it('answers the CSV template as an attachment, UTF-8 with BOM, which imports as it is', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/imports/tfxes/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename=${TFX_IMPORT_TEMPLATE_FILENAME}`,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines[1]).toContain('Universidad de Murcia');
    expect(lines).toHaveLength(3);
    const { body } = await importFile(bytes, '?dryRun=true');
    expect(body.data.counts).toMatchObject({ total: 1, invalid: 0 });
  });
});

describe('import keys', () => {
  it('are the same whatever the case, accents, punctuation and spaces', () => {
    expect(tfxImportKey('Energía  comunitaria, en barrios', 'Núria Vidal', 2023)).toBe(
      tfxImportKey('ENERGIA COMUNITARIA EN BARRIOS.', 'nuria vidal', 2023),
    );
    expect(tfxImportKey('Energía comunitaria', 'Núria Vidal', 2023)).not.toBe(
      tfxImportKey('Energía comunitaria', 'Núria Vidal', 2024),
    );
  });

  it('seeded external works carry theirs, so importing them again finds them', async () => {
    const { db } = await getTestDatabase();
    const title = unique('Sembrado');
    await db.insert(tfxes).values({
      title,
      external: true,
      review_status: 'published',
      publishedAt: new Date(),
      import_key: tfxImportKey(title, 'Lucía Pérez Gil', 2022),
    });
    const { body } = await importFile(csv(line(title)));
    expect(body.data.counts).toMatchObject({ create: 0, skip: 1 });
    expect(await db.select().from(tfxes).where(eq(tfxes.title, title))).toHaveLength(1);
  });
});
