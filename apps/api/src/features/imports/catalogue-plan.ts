import { getTableName, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type {
  CatalogueImportEntries,
  ImportCounts,
  ImportIssue,
  ImportRow,
} from '@plataforma/shared';
import {
  campuses,
  campusesDegrees,
  degrees,
  studyAreas,
  studySubareas,
  universities,
} from '../../db/schema';
import type { Executor, Transaction } from '../../db/handles';
import { executeRows, insertJsonRows } from '../../db/statements';
import { CATALOGUE_IMPORT_TEXTS as T } from './catalogue-import-texts';
import { matchNames, normalizeNames, type NameMatch } from './catalogue-match';
import type { CatalogueRowValues, CheckedCatalogueRow, StudyAreaRowValues } from './catalogue-rows';
import { normalizeLabel } from './parse-table';

/**
 * What each row of a catalogue file does (ADR 0065), against the catalogue as it is now: the
 * entries it names are found as people mean their names (the people imports' normalisation,
 * catalogue-match.ts) and reused; only what is missing is created. A degree is one per name
 * within a university: a second campus that offers it is linked to the same degree, as the
 * data model holds it (`campuses_degrees_links`). The preview plans the file on the database;
 * the write plans it again inside its transaction, under the catalogue's lock, and writes that.
 */

/**
 * The least similarity worth a "¿Querías decir…?" here. Catalogue names share long prefixes
 * ("Grado en …", "Facultad de …"), so distinct entries score 0.3 to 0.6 (Derecho and Medicina
 * 0.44, Ingeniería Civil and Química 0.59) and typos above 0.65 (Murica 0.69, Enfermeria "de" for
 * "en" 0.81): pg_trgm's default 0.3 would question nearly every new faculty.
 */
export const CATALOGUE_SUGGESTION_THRESHOLD = 0.65;

/** An entry already in the catalogue, or one this plan creates (its place in the plan's list). */
type Ref = { id: number } | { index: number };

type Checked<V> = CheckedCatalogueRow<V>;
type Valid<V> = Checked<V> & { values: V };

const SEP = '\u0000';
const EMPTY_ENTRIES: CatalogueImportEntries = {
  universities: 0,
  campuses: 0,
  degrees: 0,
  degreesLinked: 0,
  degreesUpdated: 0,
  studyAreas: 0,
  studySubareas: 0,
};

/** A row made invalid by a problem found after its cells were read. */
function withProblems<V>(row: Checked<V>, problems: ImportIssue[]): Checked<V> {
  const { values: _dropped, ...rest } = row;
  return { ...rest, errors: [...row.errors, ...problems] };
}

const issue = <V>(row: Checked<V>, column: string, message: string): ImportIssue => ({
  row: row.row,
  column: row.header(column),
  message,
});

function countsOf(rows: readonly ImportRow[]): ImportCounts {
  const counts: ImportCounts = { total: rows.length, create: 0, update: 0, skip: 0, invalid: 0 };
  for (const row of rows) counts[row.action] += 1;
  return counts;
}

function answerRow<V>(
  row: Checked<V>,
  action: ImportRow['action'],
  warnings: ImportIssue[] = [],
): ImportRow {
  return {
    row: row.row,
    action,
    label: row.label,
    errors: row.errors,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** A new degree whose type the file does not say: "Máster …" is a máster, anything else a grado. */
export const looksLikeMaster = (name: string) => /^master\b/.test(normalizeLabel(name));

/* ------------------------------------------------------------------------------------------ */
/* Universities, campuses and degrees                                                         */
/* ------------------------------------------------------------------------------------------ */

export interface CataloguePlan {
  rows: ImportRow[];
  counts: ImportCounts;
  entries: CatalogueImportEntries;
  newUniversities: { name: string }[];
  newCampuses: { name: string; university: Ref }[];
  newDegrees: { name: string; duration: number | null; master: boolean }[];
  /** Campuses that start offering a degree. */
  links: { campus: Ref; degree: Ref }[];
  /** Degrees already in the catalogue whose duration or type the file changes: their new values. */
  degreeUpdates: Map<number, { duration: number | null; master: boolean }>;
}

const leafOf = (v: CatalogueRowValues) =>
  v.degree ? 'grado' : v.campus ? 'campus' : 'universidad';

/**
 * Rows that repeat an earlier one (the same university, campus and degree, as people mean the
 * names), and rows that give a degree another duration or type than an earlier row of the same
 * university: one degree has one of each, whichever campus offers it.
 */
function markFileConflicts(
  rows: Checked<CatalogueRowValues>[],
  keyOf: (name: string | null) => string,
): Checked<CatalogueRowValues>[] {
  const firstOfPath = new Map<string, number>();
  const said = new Map<
    string,
    { duration?: { row: number; value: number }; master?: { row: number; value: boolean } }
  >();
  return rows.map((row) => {
    const v = row.values;
    if (!v) return row;
    const path = [keyOf(v.university), keyOf(v.campus), keyOf(v.degree)].join(SEP);
    const first = firstOfPath.get(path);
    if (first !== undefined) return withProblems(row, [issue(row, leafOf(v), T.repeatsRow(first))]);
    firstOfPath.set(path, row.row);
    if (!v.degree) return row;
    const degreeKey = [keyOf(v.university), keyOf(v.degree)].join(SEP);
    const known = said.get(degreeKey) ?? {};
    const problems: ImportIssue[] = [];
    if (v.duration !== null && known.duration && known.duration.value !== v.duration) {
      problems.push(
        issue(row, 'duracion', T.otherDuration(known.duration.row, v.degree, known.duration.value)),
      );
    }
    if (v.master !== null && known.master && known.master.value !== v.master) {
      problems.push(
        issue(row, 'tipo', T.otherType(known.master.row, v.degree, known.master.value)),
      );
    }
    if (problems.length > 0) return withProblems(row, problems);
    if (v.duration !== null && !known.duration) {
      known.duration = { row: row.row, value: v.duration };
    }
    if (v.master !== null && !known.master) known.master = { row: row.row, value: v.master };
    said.set(degreeKey, known);
    return row;
  });
}

/** A valid row and what the catalogue holds of the names it gives. */
interface Resolving {
  row: Valid<CatalogueRowValues>;
  keys: { university: string; campus: string; degree: string };
  university: NameMatch;
  campus?: NameMatch;
  degreeAtCampus?: NameMatch;
  degreeInUniversity?: NameMatch;
}

/** Each valid row's university, campus and degree in the catalogue, a few statements in all. */
async function resolveNames(
  db: Executor,
  rows: Valid<CatalogueRowValues>[],
  keyOf: (name: string | null) => string,
): Promise<Resolving[]> {
  const options = { threshold: CATALOGUE_SUGGESTION_THRESHOLD };
  const found = await matchNames(
    db,
    'universities',
    rows.map((row) => ({ name: row.values.university })),
    options,
  );
  const items: Resolving[] = rows.map((row, i) => ({
    row,
    keys: {
      university: keyOf(row.values.university),
      campus: keyOf(row.values.campus),
      degree: keyOf(row.values.degree),
    },
    university: found[i]!,
  }));

  // A campus within its university (two universities may have campuses of one name).
  const withCampus = items.filter((item) => item.university.match && item.row.values.campus);
  const campusFound = await matchNames(
    db,
    'campuses',
    withCampus.map((item) => ({
      name: item.row.values.campus!,
      universityId: item.university.match!.id,
    })),
    options,
  );
  withCampus.forEach((item, i) => (item.campus = campusFound[i]));

  // A degree the campus offers already; else one of the university's, offered elsewhere.
  const atCampus = items.filter((item) => item.campus?.match && item.row.values.degree);
  // Only an exact match matters here: a near miss is looked for among the university's.
  const degreeFound = await matchNames(
    db,
    'degrees',
    atCampus.map((item) => ({ name: item.row.values.degree!, campusId: item.campus!.match!.id })),
    { suggest: false },
  );
  atCampus.forEach((item, i) => (item.degreeAtCampus = degreeFound[i]));
  const inUniversity = items.filter(
    (item) => item.university.match && item.row.values.degree && !item.degreeAtCampus?.match,
  );
  const universityDegrees = await matchNames(
    db,
    'degrees',
    inUniversity.map((item) => ({
      name: item.row.values.degree!,
      universityId: item.university.match!.id,
    })),
    options,
  );
  inUniversity.forEach((item, i) => (item.degreeInUniversity = universityDegrees[i]));
  return items;
}

/** Duration and type of the degrees found, as they are now. */
async function degreeStates(db: Executor, items: Resolving[]) {
  const ids = [
    ...new Set(
      items.flatMap((item) => {
        const id = item.degreeAtCampus?.match?.id ?? item.degreeInUniversity?.match?.id;
        return id === undefined ? [] : [id];
      }),
    ),
  ];
  const states = new Map<number, { duration: number | null; master: boolean }>();
  if (ids.length === 0) return states;
  const rows = await executeRows(
    db,
    sql`SELECT id, duration, master FROM ${degrees} WHERE ${inArray(degrees.id, ids)}`,
  );
  for (const row of rows) {
    states.set(Number(row.id), {
      duration: row.duration === null ? null : Number(row.duration),
      master: row.master === true,
    });
  }
  return states;
}

/**
 * Plans a catalogue file: every row with its action (create when it adds a university, a campus,
 * a degree or a degree to a campus; update when it only changes a degree's duration or type;
 * skip when the catalogue already says it all; invalid with its problems) and warnings (a new
 * name close to one already there), the entries by kind, and what to write.
 */
export async function planCatalogue(
  db: Executor,
  checked: Checked<CatalogueRowValues>[],
): Promise<CataloguePlan> {
  const names = checked.flatMap((row) =>
    row.values ? [row.values.university, row.values.campus ?? '', row.values.degree ?? ''] : [],
  );
  const keys = await normalizeNames(db, names);
  const keyOf = (name: string | null) => (name ? (keys.get(name) ?? name) : '');
  const rows = markFileConflicts(checked, keyOf);
  const valid = rows.filter((row): row is Valid<CatalogueRowValues> => row.values !== undefined);
  const items = await resolveNames(db, valid, keyOf);
  const states = await degreeStates(db, items);
  const itemOf = new Map(items.map((item) => [item.row.row, item]));

  const plan: CataloguePlan = {
    rows: [],
    counts: countsOf([]),
    entries: { ...EMPTY_ENTRIES },
    newUniversities: [],
    newCampuses: [],
    newDegrees: [],
    links: [],
    degreeUpdates: new Map(),
  };
  // Entries this file creates, by key, so later rows reuse them.
  const universityOf = new Map<string, Ref>();
  const campusOf = new Map<string, Ref>();
  const degreeOf = new Map<string, Ref>();
  const nameOf = (ref: Ref, list: { name: string }[], found: NameMatch) =>
    'index' in ref ? list[ref.index]!.name : (found.match?.name ?? '');

  plan.rows = rows.map((row): ImportRow => {
    const item = itemOf.get(row.row);
    if (!item) return answerRow(row, 'invalid');
    const v = item.row.values;
    const k = item.keys;
    const warnings: ImportIssue[] = [];
    let created = false;
    let updated = false;

    let university: Ref;
    if (item.university.match) university = { id: item.university.match.id };
    else if (universityOf.has(k.university)) university = universityOf.get(k.university)!;
    else {
      plan.newUniversities.push({ name: v.university });
      university = { index: plan.newUniversities.length - 1 };
      universityOf.set(k.university, university);
      created = true;
      if (item.university.suggestion) {
        warnings.push(
          issue(row, 'universidad', T.newUniversity(v.university, item.university.suggestion)),
        );
      }
    }
    const universityName = nameOf(university, plan.newUniversities, item.university);

    let campus: Ref | undefined;
    if (v.campus) {
      const campusKey = [k.university, k.campus].join(SEP);
      if (item.campus?.match) campus = { id: item.campus.match.id };
      else if (campusOf.has(campusKey)) campus = campusOf.get(campusKey)!;
      else {
        plan.newCampuses.push({ name: v.campus, university });
        campus = { index: plan.newCampuses.length - 1 };
        campusOf.set(campusKey, campus);
        created = true;
        if (item.campus?.suggestion) {
          warnings.push(
            issue(row, 'campus', T.newCampus(v.campus, universityName, item.campus.suggestion)),
          );
        }
      }
    }

    if (v.degree && campus) {
      const degreeKey = [k.university, k.degree].join(SEP);
      let degree: Ref;
      let offered = false;
      if (item.degreeAtCampus?.match) {
        degree = { id: item.degreeAtCampus.match.id };
        offered = true;
      } else if (degreeOf.has(degreeKey)) degree = degreeOf.get(degreeKey)!;
      else if (item.degreeInUniversity?.match) degree = { id: item.degreeInUniversity.match.id };
      else {
        plan.newDegrees.push({
          name: v.degree,
          duration: v.duration,
          master: v.master ?? looksLikeMaster(v.degree),
        });
        degree = { index: plan.newDegrees.length - 1 };
        created = true;
        const suggestion = item.degreeInUniversity?.suggestion;
        if (suggestion) {
          warnings.push(issue(row, 'grado', T.newDegree(v.degree, universityName, suggestion)));
        }
      }
      if (!degreeOf.has(degreeKey)) degreeOf.set(degreeKey, degree);
      if (!offered) {
        plan.links.push({ campus, degree });
        created = true;
        if ('id' in degree) plan.entries.degreesLinked += 1;
      }
      if ('id' in degree) {
        // An empty cell keeps what the catalogue says (ADR 0048's rule for updates).
        const state = plan.degreeUpdates.get(degree.id) ?? states.get(degree.id);
        if (state) {
          const next = { duration: v.duration ?? state.duration, master: v.master ?? state.master };
          if (next.duration !== state.duration || next.master !== state.master) {
            plan.degreeUpdates.set(degree.id, next);
            updated = true;
          }
        }
      } else {
        const entry = plan.newDegrees[degree.index]!;
        if (v.duration !== null) entry.duration = v.duration;
        if (v.master !== null) entry.master = v.master;
      }
    }
    return answerRow(row, created ? 'create' : updated ? 'update' : 'skip', warnings);
  });

  plan.counts = countsOf(plan.rows);
  plan.entries.universities = plan.newUniversities.length;
  plan.entries.campuses = plan.newCampuses.length;
  plan.entries.degrees = plan.newDegrees.length;
  plan.entries.degreesUpdated = plan.degreeUpdates.size;
  return plan;
}

/* ------------------------------------------------------------------------------------------ */
/* Study areas and subareas                                                                   */
/* ------------------------------------------------------------------------------------------ */

export interface StudyAreaPlan {
  rows: ImportRow[];
  counts: ImportCounts;
  entries: CatalogueImportEntries;
  newAreas: { name: string }[];
  newSubareas: { name: string; area: Ref }[];
}

/**
 * Plans a study areas file: an area is found among the platform's, a subarea among its area's;
 * what is missing is created (create), a row whose area and subarea exist is skipped; a row
 * repeating an earlier one is invalid.
 */
export async function planStudyAreas(
  db: Executor,
  checked: Checked<StudyAreaRowValues>[],
): Promise<StudyAreaPlan> {
  const names = checked.flatMap((row) =>
    row.values ? [row.values.area, row.values.subarea ?? ''] : [],
  );
  const keys = await normalizeNames(db, names);
  const keyOf = (name: string | null) => (name ? (keys.get(name) ?? name) : '');
  const firstOfPath = new Map<string, number>();
  const rows = checked.map((row) => {
    const v = row.values;
    if (!v) return row;
    const path = [keyOf(v.area), keyOf(v.subarea)].join(SEP);
    const first = firstOfPath.get(path);
    if (first !== undefined) {
      return withProblems(row, [issue(row, v.subarea ? 'subarea' : 'area', T.repeatsRow(first))]);
    }
    firstOfPath.set(path, row.row);
    return row;
  });
  const valid = rows.filter((row): row is Valid<StudyAreaRowValues> => row.values !== undefined);
  const options = { threshold: CATALOGUE_SUGGESTION_THRESHOLD };
  const areas = await matchNames(
    db,
    'study-areas',
    valid.map((row) => ({ name: row.values.area })),
    options,
  );
  const withSubarea = valid
    .map((row, i) => ({ row, area: areas[i]! }))
    .filter(({ row, area }) => area.match && row.values.subarea);
  const subareaFound = await matchNames(
    db,
    'study-subareas',
    withSubarea.map(({ row, area }) => ({ name: row.values.subarea!, areaId: area.match!.id })),
    options,
  );
  const areaOfRow = new Map(valid.map((row, i) => [row.row, areas[i]!]));
  const subareaOfRow = new Map(withSubarea.map(({ row }, i) => [row.row, subareaFound[i]!]));

  const plan: StudyAreaPlan = {
    rows: [],
    counts: countsOf([]),
    entries: { ...EMPTY_ENTRIES },
    newAreas: [],
    newSubareas: [],
  };
  const areaOf = new Map<string, Ref>();
  const subareaOf = new Set<string>();
  plan.rows = rows.map((row): ImportRow => {
    const found = areaOfRow.get(row.row);
    if (!row.values || !found) return answerRow(row, 'invalid');
    const v = row.values;
    const warnings: ImportIssue[] = [];
    let created = false;
    let area: Ref;
    if (found.match) area = { id: found.match.id };
    else if (areaOf.has(keyOf(v.area))) area = areaOf.get(keyOf(v.area))!;
    else {
      plan.newAreas.push({ name: v.area });
      area = { index: plan.newAreas.length - 1 };
      areaOf.set(keyOf(v.area), area);
      created = true;
      if (found.suggestion) warnings.push(issue(row, 'area', T.newArea(v.area, found.suggestion)));
    }
    if (v.subarea) {
      const subarea = subareaOfRow.get(row.row);
      const key = [keyOf(v.area), keyOf(v.subarea)].join(SEP);
      if (!subarea?.match && !subareaOf.has(key)) {
        plan.newSubareas.push({ name: v.subarea, area });
        subareaOf.add(key);
        created = true;
        if (subarea?.suggestion) {
          const areaName = 'index' in area ? plan.newAreas[area.index]!.name : found.match!.name;
          warnings.push(
            issue(row, 'subarea', T.newSubarea(v.subarea, areaName, subarea.suggestion)),
          );
        }
      }
    }
    return answerRow(row, created ? 'create' : 'skip', warnings);
  });
  plan.counts = countsOf(plan.rows);
  plan.entries.studyAreas = plan.newAreas.length;
  plan.entries.studySubareas = plan.newSubareas.length;
  return plan;
}

/* ------------------------------------------------------------------------------------------ */
/* Writing                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** Rows a statement writes at once (PostgreSQL takes at most 65535 parameters). */
const CHUNK = 1000;

/**
 * Ids for `count` new rows of `table`, taken from its identity sequence before inserting: the
 * plan's later entries (a campus of a new university) point at them without relying on the
 * order RETURNING answers in.
 */
async function newIds(tx: Executor, table: PgTable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await executeRows(
    tx,
    sql`SELECT nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::int AS id
        FROM generate_series(1, ${count}::int)`,
  );
  return rows.map((row) => Number(row.id));
}

const idOf = (ref: Ref, created: number[]) => ('id' in ref ? ref.id : created[ref.index]!);

/** Writes a catalogue plan, set-based, in the caller's transaction (under the catalogue's lock). */
export async function writeCatalogue(tx: Transaction, plan: CataloguePlan): Promise<void> {
  const universityIds = await newIds(tx, universities, plan.newUniversities.length);
  await insertJsonRows(
    tx,
    universities,
    plan.newUniversities.map((u, i) => ({ id: universityIds[i]!, name: u.name })),
  );
  const campusIds = await newIds(tx, campuses, plan.newCampuses.length);
  await insertJsonRows(
    tx,
    campuses,
    plan.newCampuses.map((c, i) => ({
      id: campusIds[i]!,
      name: c.name,
      universityId: idOf(c.university, universityIds),
    })),
  );
  const degreeIds = await newIds(tx, degrees, plan.newDegrees.length);
  await insertJsonRows(
    tx,
    degrees,
    plan.newDegrees.map((d, i) => ({
      id: degreeIds[i]!,
      name: d.name,
      duration: d.duration,
      master: d.master,
    })),
  );
  const updates = [...plan.degreeUpdates].map(([id, next]) => ({ id, ...next }));
  for (let i = 0; i < updates.length; i += CHUNK) {
    await tx.execute(sql`
      UPDATE ${degrees} SET duration = v.duration, master = v.master, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(updates.slice(i, i + CHUNK))}::jsonb)
        AS v(id int, duration int, master boolean)
      WHERE ${degrees.id} = v.id`);
  }
  const links = plan.links.map((link) => ({
    campusId: idOf(link.campus, campusIds),
    degreeId: idOf(link.degree, degreeIds),
  }));
  for (let i = 0; i < links.length; i += CHUNK) {
    await tx
      .insert(campusesDegrees)
      .values(links.slice(i, i + CHUNK))
      .onConflictDoNothing();
  }
}

/** Writes a study areas plan in the caller's transaction. */
export async function writeStudyAreas(tx: Transaction, plan: StudyAreaPlan): Promise<void> {
  const areaIds = await newIds(tx, studyAreas, plan.newAreas.length);
  await insertJsonRows(
    tx,
    studyAreas,
    plan.newAreas.map((a, i) => ({ id: areaIds[i]!, name: a.name })),
  );
  await insertJsonRows(
    tx,
    studySubareas,
    plan.newSubareas.map((s) => ({ name: s.name, areaId: idOf(s.area, areaIds) })),
  );
}
