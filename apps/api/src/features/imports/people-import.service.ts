import { and, asc, eq } from 'drizzle-orm';
import {
  PEOPLE_IMPORT_COLUMNS,
  PEOPLE_IMPORT_MAX_ROWS,
  type ImportAnswer,
  type PeopleImport,
  type PeopleImportAnswer,
  type PeopleImportKind,
  type PeopleImportQuery,
} from '@plataforma/shared';
import type { AppContext } from '../../context';
import {
  campuses,
  campusesDegrees,
  degrees,
  peopleImportRows,
  peopleImports,
  universities,
} from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import { isAdmin, type Actor } from '../../lib/strapi/actor';
import type { ImportFile } from './imports.service';
import { enqueuePeopleImport } from './people-import.jobs';
import { previewOf, planRows } from './people-plan';
import { ITEM_OF, checkPeopleRows, findPeopleColumns } from './people-rows';
import { parseTable } from './parse-table';

/**
 * Loading students, teachers and organisations from a file (ADR 0048). The preview (`dryRun`)
 * checks every row against the catalogue and what is registered, and writes nothing; the import
 * itself keeps the file's rows in `people_imports` and leaves the writing to a job of the
 * durable queue (people-import.jobs.ts), which the web follows with `GET /api/imports/:id`.
 */

/** Where the job needs a wake-up after the commit that queued it. */
export interface PeopleImportContext extends Pick<AppContext, 'db'> {
  jobs: { wake(): void };
}

async function readPeopleFile(kind: PeopleImportKind, file: ImportFile) {
  const table = await parseTable(file.bytes, {
    maxRows: PEOPLE_IMPORT_MAX_ROWS,
    item: ITEM_OF[kind],
  });
  return { table, columns: findPeopleColumns(kind, table.header) };
}

/**
 * `POST /api/imports/<kind>?dryRun=true`: every row with what would happen to it and every
 * problem, by row and column, in Spanish; nothing is written. 400 for a file that cannot be
 * imported at all; 403 for anyone but admins.
 */
export async function previewPeopleImport(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  kind: PeopleImportKind,
  file: ImportFile,
  query: PeopleImportQuery,
): Promise<ImportAnswer> {
  if (!isAdmin(actor)) throw forbidden();
  const { table, columns } = await readPeopleFile(kind, file);
  const checked = await checkPeopleRows(ctx.db, kind, columns, table.rows);
  const planned = await planRows(ctx.db, kind, columns, checked, query.mode);
  const { rows, counts } = previewOf(planned);
  return { data: { kind, written: false, counts, rows } };
}

/**
 * `POST /api/imports/<kind>`: reads the file (400 for one that cannot be imported at all, as the
 * preview), keeps its rows and queues the job in one transaction, and answers the import queued.
 */
export async function startPeopleImport(
  ctx: PeopleImportContext,
  actor: Actor,
  kind: PeopleImportKind,
  file: ImportFile,
  query: PeopleImportQuery,
): Promise<PeopleImportAnswer> {
  if (!isAdmin(actor) || actor.kind !== 'user') throw forbidden();
  const { table } = await readPeopleFile(kind, file);
  const created = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(peopleImports)
      .values({
        kind,
        mode: query.mode,
        fileName: file.name?.slice(0, 255) ?? null,
        createdById: actor.userId,
        header: table.header,
        fileRows: table.rows,
        total: table.rows.length,
      })
      .returning(SHOWN);
    await enqueuePeopleImport(tx, row!.id);
    return row!;
  });
  ctx.jobs.wake();
  return { data: present(created, []) };
}

/**
 * The columns an answer shows: never the file's rows (`header`, `file_rows`, a megabyte for a
 * large file), which progress polls every second would otherwise read and parse each time.
 */
const SHOWN = {
  id: peopleImports.id,
  kind: peopleImports.kind,
  mode: peopleImports.mode,
  status: peopleImports.status,
  fileName: peopleImports.fileName,
  total: peopleImports.total,
  processed: peopleImports.processed,
  created: peopleImports.created,
  updated: peopleImports.updated,
  skipped: peopleImports.skipped,
  failed: peopleImports.failed,
  error: peopleImports.error,
  createdAt: peopleImports.createdAt,
  finishedAt: peopleImports.finishedAt,
};
type ImportRowOfTable = { [K in keyof typeof SHOWN]: (typeof peopleImports.$inferSelect)[K] };

function present(row: ImportRowOfTable, failures: PeopleImport['failures']): PeopleImport {
  return {
    id: row.id,
    kind: row.kind,
    mode: row.mode,
    status: row.status,
    fileName: row.fileName,
    total: row.total,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    failed: row.failed,
    failures,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * `GET /api/imports/:id`: the import's progress and counts, and every row of its committed
 * batches that was not written with why. 404 for an unknown id.
 */
export async function findPeopleImport(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  id: number,
): Promise<PeopleImportAnswer> {
  if (!isAdmin(actor)) throw forbidden();
  const [row] = await ctx.db
    .select(SHOWN)
    .from(peopleImports)
    .where(eq(peopleImports.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Import not found');
  const failures = await ctx.db
    .select({
      row: peopleImportRows.row,
      label: peopleImportRows.label,
      errors: peopleImportRows.errors,
    })
    .from(peopleImportRows)
    .where(and(eq(peopleImportRows.importId, id), eq(peopleImportRows.outcome, 'failed')))
    .orderBy(asc(peopleImportRows.row));
  return { data: present(row, failures) };
}

/**
 * The template of a kind: its header and one example row that imports as it is. The catalogue
 * is each installation's own, so the example's university, campus and degree are the first of
 * this one's that teaches a degree (empty when it has none): a made-up name would fail its own
 * preview.
 */
export async function peopleTemplateRows(
  ctx: Pick<AppContext, 'db'>,
  kind: PeopleImportKind,
): Promise<string[][]> {
  const columns = PEOPLE_IMPORT_COLUMNS[kind];
  const example = { ...TEMPLATE_EXAMPLES[kind] };
  if (kind !== 'organizations') {
    const [place] = await ctx.db
      .select({ university: universities.name, campus: campuses.name, degree: degrees.name })
      .from(campusesDegrees)
      .innerJoin(campuses, eq(campuses.id, campusesDegrees.campusId))
      .innerJoin(universities, eq(universities.id, campuses.universityId))
      .innerJoin(degrees, eq(degrees.id, campusesDegrees.degreeId))
      .orderBy(asc(universities.id), asc(campuses.id), asc(degrees.id))
      .limit(1);
    if (place) {
      example.universidad = place.university;
      example.campus = place.campus;
      example[kind === 'students' ? 'grado' : 'grados'] = place.degree;
    }
  }
  return [columns.map((c) => c.header), columns.map((c) => example[c.key] ?? '')];
}

const TEMPLATE_EXAMPLES: Record<PeopleImportKind, Record<string, string>> = {
  students: {
    email: 'lucia.perez@example.org',
    nombre: 'Lucía',
    apellidos: 'Pérez Gil',
    telefono: '+34 612 345 678',
    universidad: '',
    campus: '',
    grado: '',
    provincia: 'Murcia',
  },
  teachers: {
    email: 'jorge.martin@example.org',
    nombre: 'Jorge',
    apellidos: 'Martín Sáez',
    telefono: '+34 968 123 456',
    universidad: '',
    campus: '',
    area: 'Trabajo Social y Servicios Sociales',
    grados: '',
  },
  organizations: {
    nombre: 'Asociación Vecinal El Carmen',
    tipo: 'Asociación',
    sector: 'Acción social',
    tamano: '1-9 personas',
    descripcion: 'Dinamiza el barrio con huertos comunitarios y apoyo escolar.',
    ubicacion: 'Murcia',
    web: 'https://www.example.org',
    linkedin: '',
    contacto_nombre: 'Marta Ruiz',
    contacto_email: 'contacto@example.org',
    contacto_telefono: '+34 968 000 000',
    coordinador_email: 'marta.ruiz@example.org',
    coordinador_nombre: 'Marta',
    coordinador_apellidos: 'Ruiz López',
    coordinador_telefono: '+34 600 000 000',
    coordinador_cargo: 'Presidenta',
  },
};
