import { asc, eq } from 'drizzle-orm';
import {
  CATALOGUE_IMPORT_COLUMN_LISTS,
  CATALOGUE_IMPORT_MAX_ROWS,
  STUDY_AREAS,
  type CatalogueImportKind,
  type CatalogueImportQuery,
  type ImportAnswer,
} from '@plataforma/shared';
import type { AppContext } from '../../context';
import {
  campuses,
  campusesDegrees,
  degrees,
  studyAreas,
  studySubareas,
  universities,
} from '../../db/schema';
import type { Executor, Transaction } from '../../db/handles';
import { forbidden } from '../../lib/errors';
import { isAdmin, type Actor } from '../../lib/strapi/actor';
import { lockCatalogue } from '../catalogue/catalogue.rules';
import { CATALOGUE_IMPORT_TEXTS as T } from './catalogue-import-texts';
import {
  planCatalogue,
  planStudyAreas,
  writeCatalogue,
  writeStudyAreas,
  type CataloguePlan,
  type StudyAreaPlan,
} from './catalogue-plan';
import {
  findCatalogueColumns,
  findStudyAreaColumns,
  readCatalogueRows,
  readStudyAreaRows,
} from './catalogue-rows';
import type { ImportContext, ImportFile } from './imports.service';
import { parseTable } from './parse-table';

/**
 * Loading the academic catalogue from a file (ADR 0065): universities, campuses and degrees
 * (`catalogue`), or study areas and subareas (`study-areas`). The preview (`dryRun`) plans every
 * row on the catalogue as it is and writes nothing; the load plans the file again inside one
 * transaction under the catalogue's lock (ADR 0047) and writes it there, all of it or nothing,
 * and answers what it wrote. A catalogue file is small (at most 5000 rows, no emails): it is
 * written in the request, not by a job as the people are (ADR 0048).
 */

type Plan = CataloguePlan | StudyAreaPlan;

async function readFile(kind: CatalogueImportKind, file: ImportFile) {
  const item = kind === 'catalogue' ? T.itemCatalogue : T.itemStudyAreas;
  const table = await parseTable(file.bytes, { maxRows: CATALOGUE_IMPORT_MAX_ROWS, item });
  // The columns are found (400 for a missing required one) before the database is asked.
  if (kind === 'catalogue') {
    const rows = readCatalogueRows(findCatalogueColumns(table.header), table.rows);
    return (db: Executor): Promise<Plan> => planCatalogue(db, rows);
  }
  const rows = readStudyAreaRows(findStudyAreaColumns(table.header), table.rows);
  return (db: Executor): Promise<Plan> => planStudyAreas(db, rows);
}

const write = (kind: CatalogueImportKind, tx: Transaction, plan: Plan) =>
  kind === 'catalogue'
    ? writeCatalogue(tx, plan as CataloguePlan)
    : writeStudyAreas(tx, plan as StudyAreaPlan);

const writesSomething = (plan: Plan) => plan.counts.create + plan.counts.update > 0;

/**
 * `POST /api/imports/catalogue|study-areas`: reads the file (400 for one that cannot be imported
 * at all), answers the preview with `dryRun`, else writes the valid rows in one transaction and
 * answers what was written. The same file loaded twice creates nothing new: every row is found.
 */
export async function importCatalogue(
  ctx: ImportContext,
  actor: Actor,
  kind: CatalogueImportKind,
  file: ImportFile,
  query: CatalogueImportQuery,
): Promise<ImportAnswer> {
  if (!isAdmin(actor)) throw forbidden();
  const planOn = await readFile(kind, file);
  if (query.dryRun) {
    const plan = await planOn(ctx.db);
    return answer(kind, false, plan);
  }
  // The engine's write transaction tells this process's caches what it wrote, so the admin's
  // next read already shows the new entries (the change feed tells the other processes).
  const plan = await ctx.entities.writeTransaction(async (tx) => {
    // What the preview saw may have changed: plan again on what this transaction sees, with
    // every other catalogue write waiting, so two loads of one file create each entry once.
    await lockCatalogue(tx);
    const planned = await planOn(tx);
    if (writesSomething(planned)) await write(kind, tx, planned);
    return planned;
  });
  return answer(kind, true, plan);
}

function answer(kind: CatalogueImportKind, written: boolean, plan: Plan): ImportAnswer {
  return {
    data: { kind, written, counts: plan.counts, rows: plan.rows, entries: plan.entries },
  };
}

/**
 * The template of a kind: its header and example rows. Taken from this installation's catalogue
 * when it has one, so loading the template as it is changes nothing; otherwise examples that
 * show the tree (one degree at two campuses, a máster) and the study areas of spec §9.
 */
export async function catalogueTemplateRows(
  ctx: Pick<AppContext, 'db'>,
  kind: CatalogueImportKind,
): Promise<string[][]> {
  const header = CATALOGUE_IMPORT_COLUMN_LISTS[kind].map((c) => c.header);
  if (kind === 'study-areas') {
    const found = await ctx.db
      .select({ area: studyAreas.name, subarea: studySubareas.name })
      .from(studyAreas)
      .leftJoin(studySubareas, eq(studySubareas.areaId, studyAreas.id))
      .orderBy(asc(studyAreas.id), asc(studySubareas.id))
      .limit(3);
    const [first] = STUDY_AREAS;
    const examples =
      found.length > 0
        ? found.map((row) => [row.area, row.subarea ?? ''])
        : (first?.subareas.slice(0, 3).map((subarea) => [first.name, subarea]) ?? []);
    return [header, ...examples];
  }
  const found = await ctx.db
    .select({
      university: universities.name,
      campus: campuses.name,
      degree: degrees.name,
      duration: degrees.duration,
      master: degrees.master,
    })
    .from(campusesDegrees)
    .innerJoin(campuses, eq(campuses.id, campusesDegrees.campusId))
    .innerJoin(universities, eq(universities.id, campuses.universityId))
    .innerJoin(degrees, eq(degrees.id, campusesDegrees.degreeId))
    .orderBy(asc(universities.id), asc(campuses.id), asc(degrees.id))
    .limit(3);
  const examples =
    found.length > 0
      ? found.map((row) => [
          row.university,
          row.campus,
          row.degree,
          row.duration === null ? '' : String(row.duration),
          row.master ? 'máster' : 'grado',
        ])
      : TEMPLATE_EXAMPLE;
  return [header, ...examples];
}

/** For an installation whose catalogue is empty: the tree of one university. */
const TEMPLATE_EXAMPLE = [
  ['Universidad de Ejemplo', 'Facultad de Ciencias', 'Grado en Biología', '4', 'grado'],
  ['Universidad de Ejemplo', 'Campus del Mar', 'Grado en Biología', '4', 'grado'],
  ['Universidad de Ejemplo', 'Facultad de Ciencias', 'Máster en Biotecnología', '1', 'máster'],
];
