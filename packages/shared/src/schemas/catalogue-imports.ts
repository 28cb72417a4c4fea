import { z } from 'zod';
import { DEGREE_DURATION_MAX, DEGREE_DURATION_MIN } from './catalogue';

/**
 * Loading the academic catalogue from a CSV or XLSX file (ADR 0065): universities, their campuses
 * and the degrees each campus offers (`POST /api/imports/catalogue`), and the study areas with
 * their subareas (`POST /api/imports/study-areas`). Same preview (`dryRun=true`) and answer as the
 * other imports (`ImportAnswer`), written in the request in one transaction.
 */

export const CATALOGUE_IMPORT_KINDS = ['catalogue', 'study-areas'] as const;
export type CatalogueImportKind = (typeof CATALOGUE_IMPORT_KINDS)[number];

/** `POST /api/imports/catalogue|study-areas`: only the preview switch. */
export const catalogueImportQuerySchema = z.strictObject({
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type CatalogueImportQuery = z.output<typeof catalogueImportQuerySchema>;

/**
 * Rows of data a catalogue file may hold: a university's catalogue is a few hundred rows (a row
 * per degree and campus); the bound keeps the one transaction that writes it short.
 */
export const CATALOGUE_IMPORT_MAX_ROWS = 5000;

/**
 * What a catalogue file creates (or would create), by kind of entry, beside the rows' counts:
 * the review says "se crearán 1 universidad, 3 campus y 80 grados", which rows alone cannot.
 */
export const catalogueImportEntriesSchema = z
  .object({
    universities: z.number().int(),
    campuses: z.number().int(),
    degrees: z.number().int(),
    degreesLinked: z
      .number()
      .int()
      .describe('degrees already in the catalogue that one more campus offers'),
    degreesUpdated: z.number().int().describe('degrees whose duration or type changes'),
    studyAreas: z.number().int(),
    studySubareas: z.number().int(),
  })
  .meta({ id: 'CatalogueImportEntries' });
export type CatalogueImportEntries = z.infer<typeof catalogueImportEntriesSchema>;

/** A column of a catalogue file: its header (matched ignoring case, accents and punctuation). */
export interface CatalogueImportColumnDefinition {
  key: string;
  header: string;
  required: boolean;
  description: string;
}

/**
 * The columns of the catalogue file: one row per degree and campus, so the file draws the tree
 * university → campus → degree. A row may stop at the university or the campus.
 */
export const CATALOGUE_IMPORT_COLUMNS = [
  { key: 'universidad', header: 'universidad', required: true, description: 'Universidad' },
  {
    key: 'campus',
    header: 'campus',
    required: false,
    description: 'Campus, centro o facultad de esa universidad',
  },
  {
    key: 'grado',
    header: 'grado',
    required: false,
    description:
      'Grado o máster que se imparte en ese campus. Si se imparte en varios campus, una fila por campus: será un solo grado',
  },
  {
    key: 'duracion',
    header: 'duracion',
    required: false,
    description: `Duración del grado en años, de ${DEGREE_DURATION_MIN} a ${DEGREE_DURATION_MAX}`,
  },
  {
    key: 'tipo',
    header: 'tipo',
    required: false,
    description:
      'grado o máster (vacío en un grado nuevo: máster si su nombre empieza por «Máster»). Vale también una columna «master» con sí o no',
  },
] as const satisfies readonly CatalogueImportColumnDefinition[];
export type CatalogueImportColumn = (typeof CATALOGUE_IMPORT_COLUMNS)[number]['key'];

/** The columns of the study areas file: one row per subarea (or an area alone). */
export const STUDY_AREA_IMPORT_COLUMNS = [
  { key: 'area', header: 'area', required: true, description: 'Área de estudio' },
  { key: 'subarea', header: 'subarea', required: false, description: 'Subárea de esa área' },
] as const satisfies readonly CatalogueImportColumnDefinition[];
export type StudyAreaImportColumn = (typeof STUDY_AREA_IMPORT_COLUMNS)[number]['key'];

/** The columns of each kind, in the template's order. */
export const CATALOGUE_IMPORT_COLUMN_LISTS: Record<
  CatalogueImportKind,
  readonly CatalogueImportColumnDefinition[]
> = {
  catalogue: CATALOGUE_IMPORT_COLUMNS,
  'study-areas': STUDY_AREA_IMPORT_COLUMNS,
};

/** The template's file name without its extension. */
export const CATALOGUE_IMPORT_TEMPLATE_NAMES: Record<CatalogueImportKind, string> = {
  catalogue: 'plantilla-catalogo',
  'study-areas': 'plantilla-areas-de-estudio',
};
