import {
  NAME_MAX_LENGTH,
  ORGANIZATION_IMPORT_COLUMNS,
  ORGANIZATION_SECTORS,
  ORGANIZATION_SIZES,
  ORGANIZATION_TYPES,
  STUDENT_IMPORT_COLUMNS,
  SURNAME_MAX_LENGTH,
  TEACHER_IMPORT_COLUMNS,
  emailSchema,
  toE164Phone,
  type ImportIssue,
  type PeopleImportKind,
} from '@plataforma/shared';
import type { Executor } from '../../db/handles';
import { matchNames, suggestionText, type NameQuery } from './catalogue-match';
import { RowReader, findColumns, fromList, isHttpUrl, type FoundColumns } from './import-columns';
import { normalizeLabel, type TableRow } from './parse-table';

/**
 * The rules of a row of a people file (ADR 0048): students, teachers and organisations with
 * their coordinator. Every problem of every cell, in Spanish and by row and column, including
 * catalogue names matched with the closest one suggested (catalogue-match.ts) and a person or
 * organisation the file names twice. Whether they are already registered depends on the moment
 * of writing: people-plan.ts decides it, batch by batch.
 */

type Column = string;

/** Other spellings people use for a column (already normalised). */
const ALIASES: Partial<Record<Column, readonly string[]>> = {
  email: ['correo', 'correo electronico', 'e mail', 'mail'],
  nombre: ['nombre de pila'],
  apellidos: ['apellido', 'apellido s'],
  telefono: ['movil', 'telefono movil', 'tlf', 'tel'],
  universidad: ['universidad de origen'],
  campus: ['centro', 'facultad', 'campus o facultad'],
  grado: ['titulacion', 'estudios', 'grado o master'],
  grados: ['grado', 'titulaciones', 'grados o masteres'],
  area: ['area de conocimiento', 'departamento'],
  tamano: ['tamano de la organizacion', 'plantilla'],
  descripcion: ['description'],
  ubicacion: ['localidad', 'direccion'],
  web: ['pagina web', 'sitio web', 'url'],
};

export const COLUMNS_OF = {
  students: STUDENT_IMPORT_COLUMNS,
  teachers: TEACHER_IMPORT_COLUMNS,
  organizations: ORGANIZATION_IMPORT_COLUMNS,
} as const;

/** What a row of each kind is, for the messages about a file without rows. */
export const ITEM_OF: Record<PeopleImportKind, string> = {
  students: 'una persona',
  teachers: 'una persona',
  organizations: 'una organización',
};

export type PeopleColumns = FoundColumns<Column>;

/** An organisation's name has its own spellings (a person's "nombre" is their first name). */
const ORGANIZATION_ALIASES: Partial<Record<Column, readonly string[]>> = {
  ...ALIASES,
  nombre: ['nombre de la organizacion', 'organizacion', 'entidad', 'razon social'],
};

export function findPeopleColumns(kind: PeopleImportKind, header: string[]): PeopleColumns {
  return findColumns<Column>(
    header,
    COLUMNS_OF[kind],
    kind === 'organizations' ? ORGANIZATION_ALIASES : ALIASES,
  );
}

const MAX = { text: 255, description: 10_000, url: 500, area: 255 };

/** An account's fields, from a row. */
export interface PersonValues {
  /** Lower case: one mailbox, one account. */
  email: string;
  name: string;
  surname: string | null;
  /** E.164 (ADR 0034). */
  phone: string | null;
}

/** Where a student or teacher studies or teaches, when the row names the university. */
export interface PlaceValues {
  /** The row names a university: university and campus are written together (update). */
  placeGiven: boolean;
  universityId: number | null;
  campusId: number | null;
}

export interface StudentValues extends PersonValues, PlaceValues {
  type: 'student';
  degreeId: number | null;
  province: string | null;
}

export interface TeacherValues extends PersonValues, PlaceValues {
  type: 'teacher';
  area: string | null;
  /** Null when the row names none (an update keeps the teacher's degrees). */
  degreeIds: number[] | null;
}

export interface CoordinatorValues extends PersonValues {
  jobPosition: string | null;
}

export interface OrganizationValues {
  type: 'organization';
  name: string;
  orgType: string | null;
  sector: string | null;
  size: string | null;
  description: string | null;
  location: string | null;
  web: string | null;
  linkedin: string | null;
  contact_name: string | null;
  contact_mail: string | null;
  contact_phone: string | null;
  coordinator: CoordinatorValues | null;
}

export type RowValues = StudentValues | TeacherValues | OrganizationValues;

/** A row once checked: its values when it has no problem. */
export interface CheckedRow {
  row: number;
  /** The person's email or the organisation's name as written (or "Fila N"). */
  label: string;
  values?: RowValues;
  errors: ImportIssue[];
}

/* ------------------------------------------------------------------------------------------ */
/* Cells                                                                                      */
/* ------------------------------------------------------------------------------------------ */

function email(reader: RowReader<Column>, key: Column, missing?: string): string | null {
  const text = reader.cell(key);
  if (text === '') {
    if (missing) reader.problem(key, missing);
    return null;
  }
  const parsed = emailSchema.safeParse(text);
  if (!parsed.success) {
    reader.problem(key, `«${text}» no es un correo electrónico válido.`);
    return null;
  }
  return parsed.data;
}

function phone(reader: RowReader<Column>, key: Column): string | null {
  const text = reader.cell(key);
  if (text === '') return null;
  const e164 = toE164Phone(text);
  if (!e164) {
    reader.problem(
      key,
      `«${text}» no es un teléfono válido: escribe el número con su prefijo, por ejemplo +34 612 345 678.`,
    );
    return null;
  }
  return e164;
}

/** A one-line text (a name goes into emails' greetings): no control characters. */
function line(
  reader: RowReader<Column>,
  key: Column,
  max: number,
  missing?: string,
): string | null {
  const value = reader.text(key, max, missing);
  if (value !== null && /\p{Cc}/u.test(value)) {
    reader.problem(key, 'No puede tener saltos de línea ni caracteres de control.');
    return null;
  }
  return value;
}

function fromVocabulary<T extends string>(
  reader: RowReader<Column>,
  key: Column,
  list: readonly T[],
  what: string,
): T | null {
  const text = reader.cell(key);
  if (text === '') return null;
  const value = fromList(text, list);
  if (!value) reader.problem(key, `${what} no reconocido. Usa uno de estos: ${list.join(', ')}.`);
  return value ?? null;
}

function url(reader: RowReader<Column>, key: Column): string | null {
  const value = reader.text(key, MAX.url);
  if (value !== null && !isHttpUrl(value)) {
    reader.problem(key, 'Debe ser una dirección web que empiece por http:// o https://.');
    return null;
  }
  return value;
}

function person(reader: RowReader<Column>): PersonValues | null {
  const address = email(reader, 'email', 'Falta el correo electrónico.');
  const name = line(reader, 'nombre', NAME_MAX_LENGTH, 'Falta el nombre.');
  const surname = line(reader, 'apellidos', SURNAME_MAX_LENGTH);
  const tel = phone(reader, 'telefono');
  if (!address || !name) return null;
  return { email: address, name, surname, phone: tel };
}

/* ------------------------------------------------------------------------------------------ */
/* Catalogue names                                                                            */
/* ------------------------------------------------------------------------------------------ */

/** A row being checked: its reader and the names it asks the catalogue for. */
interface Pending {
  reader: RowReader<Column>;
  person: PersonValues | null;
  universityId?: number | null;
  universityName?: string;
  campusId?: number | null;
  campusName?: string;
  /** The university or campus named is not in the catalogue: its degrees are not looked for. */
  placeFailed?: boolean;
}

/**
 * Universities and campuses of every row, then the rows' university and campus ids. A campus
 * is looked for only among its university's; naming a campus without its university is a
 * problem (two universities may have campuses of one name).
 */
async function matchPlaces(db: Executor, pending: Pending[]): Promise<void> {
  const named = pending.filter((p) => p.reader.cell('universidad') !== '');
  const universities = await matchNames(
    db,
    'universities',
    named.map((p) => ({ name: p.reader.cell('universidad') })),
  );
  named.forEach((p, i) => {
    const found = universities[i]!;
    const written = p.reader.cell('universidad');
    if (found.match) {
      p.universityId = found.match.id;
      p.universityName = found.match.name;
    } else {
      p.placeFailed = true;
      p.reader.problem(
        'universidad',
        `«${written}» no está entre las universidades de la plataforma.${suggestionText(found, 'Escríbela como aparece en Facultades y Grados.')}`,
      );
    }
  });
  for (const p of pending) {
    if (p.reader.cell('campus') !== '' && p.reader.cell('universidad') === '') {
      p.placeFailed = true;
      p.reader.problem('campus', 'Indica también la universidad del campus.');
    }
  }
  const withCampus = pending.filter((p) => p.universityId && p.reader.cell('campus') !== '');
  const campuses = await matchNames(
    db,
    'campuses',
    withCampus.map((p) => ({ name: p.reader.cell('campus'), universityId: p.universityId })),
  );
  withCampus.forEach((p, i) => {
    const found = campuses[i]!;
    if (found.match) {
      p.campusId = found.match.id;
      p.campusName = found.match.name;
    } else {
      p.placeFailed = true;
      p.reader.problem(
        'campus',
        `«${p.reader.cell('campus')}» no es un campus de ${p.universityName}.${suggestionText(found, 'Escríbelo como aparece en Facultades y Grados.')}`,
      );
    }
  });
}

/** Where a degree is looked for, as the messages name it ("en …", "de …"). */
function degreeScope(p: Pending): {
  query: Omit<NameQuery, 'name'>;
  at: string;
  of: string;
} {
  if (p.campusId) {
    return {
      query: { campusId: p.campusId },
      at: `el campus «${p.campusName}»`,
      of: `del campus «${p.campusName}»`,
    };
  }
  if (p.universityId) {
    return {
      query: { universityId: p.universityId },
      at: `«${p.universityName}»`,
      of: `de «${p.universityName}»`,
    };
  }
  return { query: {}, at: 'la plataforma', of: 'de la plataforma' };
}

/**
 * The degrees the rows name (one cell each, or a `;` list for teachers), within each row's
 * campus or university; answers each row's degree ids (undefined where none was named or one
 * failed). A degree that exists but is not taught there says so.
 */
async function matchDegrees(
  db: Executor,
  pending: Pending[],
  column: 'grado' | 'grados',
): Promise<(number[] | undefined)[]> {
  const asked: { p: number; name: string; query: NameQuery; at: string; of: string }[] = [];
  pending.forEach((p, index) => {
    if (p.placeFailed) return;
    const cell = p.reader.cell(column);
    const names = (column === 'grados' ? cell.split(';') : [cell])
      .map((name) => name.trim())
      .filter(Boolean);
    const scope = degreeScope(p);
    for (const name of [...new Set(names)]) {
      asked.push({ p: index, name, query: { ...scope.query, name }, at: scope.at, of: scope.of });
    }
  });
  const found = await matchNames(
    db,
    'degrees',
    asked.map((a) => a.query),
  );
  const outOfScope = asked.filter(
    (a, i) => !found[i]!.match && (a.query.campusId || a.query.universityId),
  );
  const anywhere = await matchNames(
    db,
    'degrees',
    outOfScope.map((a) => ({ name: a.name })),
  );
  const existsElsewhere = new Set(outOfScope.filter((_, i) => anywhere[i]!.match).map((a) => a));

  const ids: (number[] | undefined)[] = pending.map(() => undefined);
  const failed = new Set<number>();
  asked.forEach((a, i) => {
    const match = found[i]!;
    const reader = pending[a.p]!.reader;
    if (match.match) {
      ids[a.p] = [...(ids[a.p] ?? []), match.match.id];
      return;
    }
    failed.add(a.p);
    const message = existsElsewhere.has(a)
      ? `«${a.name}» no se imparte en ${a.at}.${suggestionText(match, 'Revisa el campus o el grado.')}`
      : `«${a.name}» no está entre los grados ${a.of}.${suggestionText(match, 'Escríbelo como aparece en Facultades y Grados.')}`;
    reader.problem(column, message);
  });
  return ids.map((list, i) => (failed.has(i) ? undefined : list));
}

/* ------------------------------------------------------------------------------------------ */
/* Rows                                                                                       */
/* ------------------------------------------------------------------------------------------ */

const labelOf = (reader: RowReader<Column>, key: Column) =>
  (reader.cell(key) || `Fila ${reader.row}`).slice(0, 255);

function finish(reader: RowReader<Column>, label: string, values: RowValues | null): CheckedRow {
  if (reader.errors.length > 0 || !values) {
    return { row: reader.row, label, errors: reader.errors };
  }
  return { row: reader.row, label, values, errors: reader.errors };
}

async function checkStudents(db: Executor, pending: Pending[]): Promise<CheckedRow[]> {
  await matchPlaces(db, pending);
  const degrees = await matchDegrees(db, pending, 'grado');
  const withProvince = pending.filter((p) => p.reader.cell('provincia') !== '');
  const provinces = await matchNames(
    db,
    'provinces',
    withProvince.map((p) => ({ name: p.reader.cell('provincia') })),
  );
  const provinceOf = new Map<Pending, string>();
  withProvince.forEach((p, i) => {
    const found = provinces[i]!;
    if (found.match) provinceOf.set(p, found.match.name);
    else {
      p.reader.problem(
        'provincia',
        `«${p.reader.cell('provincia')}» no es una provincia española.${suggestionText(found, '')}`.trimEnd(),
      );
    }
  });
  return pending.map((p, i) => {
    const values: StudentValues | null = p.person
      ? {
          type: 'student',
          ...p.person,
          placeGiven: p.reader.cell('universidad') !== '',
          universityId: p.universityId ?? null,
          campusId: p.campusId ?? null,
          degreeId: degrees[i]?.[0] ?? null,
          province: provinceOf.get(p) ?? null,
        }
      : null;
    return finish(p.reader, labelOf(p.reader, 'email'), values);
  });
}

async function checkTeachers(db: Executor, pending: Pending[]): Promise<CheckedRow[]> {
  await matchPlaces(db, pending);
  const areas = pending.map((p) => line(p.reader, 'area', MAX.area));
  const degrees = await matchDegrees(db, pending, 'grados');
  return pending.map((p, i) => {
    const values: TeacherValues | null = p.person
      ? {
          type: 'teacher',
          ...p.person,
          placeGiven: p.reader.cell('universidad') !== '',
          universityId: p.universityId ?? null,
          campusId: p.campusId ?? null,
          area: areas[i] ?? null,
          degreeIds: p.reader.cell('grados') === '' ? null : (degrees[i] ?? []),
        }
      : null;
    return finish(p.reader, labelOf(p.reader, 'email'), values);
  });
}

const COORDINATOR_COLUMNS = [
  'coordinador_email',
  'coordinador_nombre',
  'coordinador_apellidos',
  'coordinador_telefono',
  'coordinador_cargo',
] as const;

function checkOrganization(reader: RowReader<Column>): CheckedRow {
  const name = line(reader, 'nombre', MAX.text, 'Falta el nombre de la organización.');
  const values = {
    orgType: fromVocabulary(reader, 'tipo', ORGANIZATION_TYPES, 'Tipo'),
    sector: fromVocabulary(reader, 'sector', ORGANIZATION_SECTORS, 'Sector'),
    size: fromVocabulary(reader, 'tamano', ORGANIZATION_SIZES, 'Tamaño'),
    description: reader.text('descripcion', MAX.description),
    location: line(reader, 'ubicacion', MAX.text),
    web: url(reader, 'web'),
    linkedin: url(reader, 'linkedin'),
    contact_name: line(reader, 'contacto_nombre', MAX.text),
    contact_mail: email(reader, 'contacto_email'),
    contact_phone: phone(reader, 'contacto_telefono'),
  };
  let coordinator: CoordinatorValues | null = null;
  if (COORDINATOR_COLUMNS.some((key) => reader.cell(key) !== '')) {
    const address = email(reader, 'coordinador_email', 'Falta el correo de quien coordina.');
    const first = line(
      reader,
      'coordinador_nombre',
      NAME_MAX_LENGTH,
      'Falta el nombre de quien coordina.',
    );
    const surname = line(reader, 'coordinador_apellidos', SURNAME_MAX_LENGTH);
    const tel = phone(reader, 'coordinador_telefono');
    const jobPosition = line(reader, 'coordinador_cargo', MAX.text);
    if (address && first) {
      coordinator = { email: address, name: first, surname, phone: tel, jobPosition };
    }
  }
  return finish(
    reader,
    labelOf(reader, 'nombre'),
    name ? { type: 'organization', name, ...values, coordinator } : null,
  );
}

/**
 * Marks a row whose key (an email, an organisation's name) an earlier row of the file already
 * has: both would be the same person or organisation. The earlier one is kept.
 */
function markRepeated(
  rows: CheckedRow[],
  keyOf: (row: CheckedRow) => string | null | undefined,
  column: (row: CheckedRow) => string,
  message: (first: number) => string,
): CheckedRow[] {
  const firstRowOf = new Map<string, number>();
  return rows.map((row) => {
    const key = keyOf(row);
    if (!key) return row;
    const first = firstRowOf.get(key);
    if (first === undefined) {
      firstRowOf.set(key, row.row);
      return row;
    }
    const { values: _dropped, ...rest } = row;
    return {
      ...rest,
      errors: [...row.errors, { row: row.row, column: column(row), message: message(first) }],
    };
  });
}

/**
 * Checks every row of a file of `kind`: cells, catalogue names (with suggestions) and rows that
 * repeat an earlier one. Pure but for reading the catalogue: the dry run and each run of the job
 * check the same file alike.
 */
export async function checkPeopleRows(
  db: Executor,
  kind: PeopleImportKind,
  columns: PeopleColumns,
  rows: readonly TableRow[],
): Promise<CheckedRow[]> {
  const readers = rows.map((row) => new RowReader<Column>(columns, row));
  const header = (key: Column) => columns[key]?.header ?? key;
  if (kind === 'organizations') {
    const checked = readers.map(checkOrganization);
    // Keys from the cells, so a row with other problems still holds its name and address.
    const cellsOf = new Map(readers.map((r) => [r.row, r]));
    const byName = markRepeated(
      checked,
      (row) => normalizeLabel(cellsOf.get(row.row)!.cell('nombre')) || null,
      () => header('nombre'),
      (first) => `Esta organización ya está en la fila ${first}.`,
    );
    return markRepeated(
      byName,
      (row) => cellsOf.get(row.row)!.cell('coordinador_email').toLowerCase() || null,
      () => header('coordinador_email'),
      (first) => `Este correo de coordinación ya está en la fila ${first}.`,
    );
  }
  const pending: Pending[] = readers.map((reader) => ({ reader, person: person(reader) }));
  const checked =
    kind === 'students' ? await checkStudents(db, pending) : await checkTeachers(db, pending);
  const emailOf = new Map(pending.map((p) => [p.reader.row, p.person?.email]));
  return markRepeated(
    checked,
    (row) => emailOf.get(row.row),
    () => header('email'),
    (first) => `Este correo ya está en la fila ${first}.`,
  );
}
