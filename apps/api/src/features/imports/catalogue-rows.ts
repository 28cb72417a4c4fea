import {
  CATALOGUE_IMPORT_COLUMNS,
  DEGREE_DURATION_MAX,
  DEGREE_DURATION_MIN,
  STUDY_AREA_IMPORT_COLUMNS,
  type CatalogueImportColumn,
  type ImportIssue,
  type StudyAreaImportColumn,
} from '@plataforma/shared';
import { CATALOGUE_IMPORT_TEXTS as T } from './catalogue-import-texts';
import { RowReader, findColumns, type FoundColumns } from './import-columns';
import { normalizeLabel, type TableRow } from './parse-table';

/**
 * The cells of a catalogue file's rows (ADR 0065): a university, optionally one of its campuses
 * and a degree that campus offers with its duration and type; or a study area and optionally one
 * of its subareas. Every problem of a cell, in Spanish, by row and column. What the names are in
 * the catalogue, and rows that repeat each other, are catalogue-plan.ts's.
 */

/** Other spellings people use for a column (already normalised). */
const CATALOGUE_ALIASES: Partial<Record<CatalogueImportColumn, readonly string[]>> = {
  universidad: ['nombre de la universidad', 'universidades'],
  campus: ['centro', 'facultad', 'campus o facultad', 'centro o facultad', 'escuela'],
  grado: ['titulacion', 'estudios', 'grado o master', 'nombre del grado', 'grados'],
  duracion: ['anos', 'duracion en anos', 'duracion anos', 'cursos'],
  // ADR 0065: a column "master" (sí / no) says the same as "tipo".
  tipo: ['master', 'tipo de estudios', 'nivel', 'es master'],
};

const STUDY_AREA_ALIASES: Partial<Record<StudyAreaImportColumn, readonly string[]>> = {
  area: ['area de estudio', 'areas', 'rama', 'rama de conocimiento'],
  subarea: ['subarea de estudio', 'subareas', 'disciplina'],
};

export type CatalogueColumns = FoundColumns<CatalogueImportColumn>;
export type StudyAreaColumns = FoundColumns<StudyAreaImportColumn>;

export const findCatalogueColumns = (header: string[]): CatalogueColumns =>
  findColumns(header, CATALOGUE_IMPORT_COLUMNS, CATALOGUE_ALIASES);

export const findStudyAreaColumns = (header: string[]): StudyAreaColumns =>
  findColumns(header, STUDY_AREA_IMPORT_COLUMNS, STUDY_AREA_ALIASES);

/** A catalogue name is at most this long (the tables' varchar). */
const NAME_MAX = 255;

/** A row of the catalogue file once its cells are read. */
export interface CatalogueRowValues {
  university: string;
  campus: string | null;
  degree: string | null;
  /** Years; null when the cell is empty (a new degree stays without, an existing one keeps its). */
  duration: number | null;
  /** null when the cell is empty. */
  master: boolean | null;
}

export interface StudyAreaRowValues {
  area: string;
  subarea: string | null;
}

/** A row once its cells are read: its values when it has no problem. */
export interface CheckedCatalogueRow<V> {
  row: number;
  /** "Universidad › Campus › Grado": the entry the row is about and where it is. */
  label: string;
  values?: V;
  /** The header of each column as the file writes it, for problems found later. */
  header: (key: string) => string;
  errors: ImportIssue[];
}

/**
 * A name cell: stored as the catalogue's rules store names (trimmed, inner runs of spaces made
 * one, ADR 0047), on one line; null when empty (a problem when `missing` says so).
 */
function nameCell<K extends string>(reader: RowReader<K>, key: K, missing?: string): string | null {
  const text = reader.cell(key).replace(/\s+/g, ' ').trim();
  if (text === '') {
    if (missing) reader.problem(key, missing);
    return null;
  }
  if (text.length > NAME_MAX) {
    reader.problem(key, T.tooLong(text.length, NAME_MAX));
    return null;
  }
  if (/\p{Cc}/u.test(text)) {
    reader.problem(key, T.controlCharacters);
    return null;
  }
  return text;
}

/** "4", "4 años", "4.0" (a spreadsheet's number): whole years within ADR 0047's bounds. */
function durationCell(reader: RowReader<CatalogueImportColumn>): number | null | undefined {
  const text = reader.cell('duracion');
  if (text === '') return null;
  const match = /^(\d{1,3})(?:[.,]0+)?(?:\s*a(?:ñ|n)os?)?$/iu.exec(text);
  if (!match) {
    reader.problem('duracion', T.durationNotNumber(text));
    return undefined;
  }
  const years = Number(match[1]);
  if (years < DEGREE_DURATION_MIN || years > DEGREE_DURATION_MAX) {
    reader.problem('duracion', T.durationRange);
    return undefined;
  }
  return years;
}

const MASTER_WORDS = new Set(['master', 'masteres', 'si', 's', 'x', '1', 'verdadero', 'true']);
const DEGREE_WORDS = new Set(['grado', 'grados', 'no', 'n', '0', 'falso', 'false']);

/** "grado" / "máster" (or, in a column "master", sí / no). */
function typeCell(reader: RowReader<CatalogueImportColumn>): boolean | null | undefined {
  const text = reader.cell('tipo');
  if (text === '') return null;
  const word = normalizeLabel(text);
  if (MASTER_WORDS.has(word)) return true;
  if (DEGREE_WORDS.has(word)) return false;
  reader.problem('tipo', T.typeUnknown(text));
  return undefined;
}

const pathLabel = (parts: (string | null)[], row: number) =>
  (parts.filter(Boolean).join(' › ') || `Fila ${row}`).slice(0, 255);

/** The cells of every row of a catalogue file. */
export function readCatalogueRows(
  columns: CatalogueColumns,
  rows: readonly TableRow[],
): CheckedCatalogueRow<CatalogueRowValues>[] {
  return rows.map((tableRow) => {
    const reader = new RowReader<CatalogueImportColumn>(columns, tableRow);
    const university = nameCell(reader, 'universidad', T.missingUniversity);
    const campus = nameCell(reader, 'campus');
    const degree = nameCell(reader, 'grado');
    const duration = durationCell(reader);
    const master = typeCell(reader);
    if (degree && reader.cell('campus') === '') {
      reader.problem('campus', T.degreeWithoutCampus(degree));
    }
    if (reader.cell('grado') === '') {
      if (reader.cell('duracion') !== '' && duration !== undefined) {
        reader.problem('duracion', T.needsDegree);
      }
      if (reader.cell('tipo') !== '' && master !== undefined) reader.problem('tipo', T.needsDegree);
    }
    const label = pathLabel(
      [reader.cell('universidad'), reader.cell('campus'), reader.cell('grado')],
      reader.row,
    );
    const header = (key: string) => reader.header(key as CatalogueImportColumn);
    if (reader.errors.length > 0 || !university || duration === undefined || master === undefined) {
      return { row: reader.row, label, header, errors: reader.errors };
    }
    return {
      row: reader.row,
      label,
      header,
      values: { university, campus, degree, duration, master },
      errors: reader.errors,
    };
  });
}

/** The cells of every row of a study areas file. */
export function readStudyAreaRows(
  columns: StudyAreaColumns,
  rows: readonly TableRow[],
): CheckedCatalogueRow<StudyAreaRowValues>[] {
  return rows.map((tableRow) => {
    const reader = new RowReader<StudyAreaImportColumn>(columns, tableRow);
    const area = nameCell(reader, 'area', T.missingArea);
    const subarea = nameCell(reader, 'subarea');
    const label = pathLabel([reader.cell('area'), reader.cell('subarea')], reader.row);
    const header = (key: string) => reader.header(key as StudyAreaImportColumn);
    if (reader.errors.length > 0 || !area) {
      return { row: reader.row, label, header, errors: reader.errors };
    }
    return { row: reader.row, label, header, values: { area, subarea }, errors: reader.errors };
  });
}
