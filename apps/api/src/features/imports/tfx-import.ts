import { createHash } from 'node:crypto';
import {
  ORGANIZATION_SECTORS,
  PROJECT_LANGUAGES,
  TFX_IMPORT_COLUMNS,
  type ImportIssue,
  type TfxImportColumn,
} from '@plataforma/shared';
import { RowReader, findColumns, fromList, isHttpUrl, type FoundColumns } from './import-columns';
import { normalizeLabel, type TableRow } from './parse-table';

/**
 * The rules of a row of an external works file (ADR 0039): which header is which column, what each
 * cell must hold, in Spanish and by row and column, and the key that makes a work the same one
 * when a file is imported again.
 */

/** Years a final work may have been defended in. */
export const FIRST_YEAR = 1950;

const MAX = { title: 255, summary: 10_000, author: 255, institution: 255, degree: 255, link: 1000 };
const MAX_TAGS = 50;
const MAX_TAG_LENGTH = 100;

/** Other spellings people use for a column (already normalised). */
const ALIASES: Partial<Record<TfxImportColumn, string[]>> = {
  titulo: ['titulo del trabajo'],
  autor: ['autora', 'autor a', 'autoria', 'autores'],
  grado: ['titulacion', 'estudios'],
  anio: ['ano', 'anio de defensa', 'ano de defensa'],
  enlace: ['url', 'link', 'enlace al trabajo'],
  etiquetas: ['etiqueta', 'palabras clave'],
};

/** Where each known column is in the file, and its header as written there. */
export type TfxColumns = FoundColumns<TfxImportColumn>;

/**
 * Finds the columns by their headers (case, accents and punctuation aside); 400 naming the
 * required ones that are missing. A column named twice takes its first appearance.
 */
export function findTfxColumns(header: string[]): TfxColumns {
  return findColumns(header, TFX_IMPORT_COLUMNS, ALIASES);
}

/** What an external work takes from its row. */
export interface TfxImportValues {
  title: string;
  summary: string | null;
  author_name: string;
  institution: string;
  degree_name: string | null;
  year: number;
  file_URL: string;
  language: string | null;
  sector: string | null;
  tags: string[];
}

export interface CheckedTfxRow {
  row: number;
  label: string;
  /** Undefined when the row has errors. */
  values?: TfxImportValues;
  /** Only when `values` is: the work's import key. */
  key?: string;
  errors: ImportIssue[];
  /** Optional columns the file has: an update changes only those. */
  given: Set<TfxImportColumn>;
}

/**
 * The import key of a work: the SHA-256 of its title, author and year, compared as people mean
 * them (case, accents, punctuation and spaces aside), so a file saved again by another program
 * still finds its works.
 */
export function tfxImportKey(title: string, author: string, year: number): string {
  const text = [normalizeLabel(title), normalizeLabel(author), String(year)].join('\n');
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Checks one row: every problem of every cell, each with the column's header as written. Rows
 * repeating an earlier one of the same file are found by the caller (they need the whole file).
 */
export function checkTfxRow(
  columns: TfxColumns,
  { row, cells }: TableRow,
  currentYear: number,
): CheckedTfxRow {
  const reader = new RowReader(columns, { row, cells });
  const { errors } = reader;
  const cell = (key: TfxImportColumn) => reader.cell(key);
  const problem = (key: TfxImportColumn, message: string) => reader.problem(key, message);
  const text = (key: TfxImportColumn, max: number, missing?: string) =>
    reader.text(key, max, missing);

  const title = text('titulo', MAX.title, 'Falta el título.');
  const summary = text('resumen', MAX.summary);
  const author = text('autor', MAX.author, 'Falta el nombre de quien escribió el trabajo.');
  const institution = text('universidad', MAX.institution, 'Falta la universidad.');
  const degree = text('grado', MAX.degree);

  let year: number | null = null;
  const yearText = cell('anio');
  if (yearText === '') problem('anio', 'Falta el año.');
  else if (!/^\d{4}$/.test(yearText)) {
    problem('anio', `«${yearText}» no es un año: escribe cuatro cifras, por ejemplo 2024.`);
  } else if (Number(yearText) < FIRST_YEAR || Number(yearText) > currentYear) {
    problem('anio', `El año debe estar entre ${FIRST_YEAR} y ${currentYear}.`);
  } else year = Number(yearText);

  const link = text('enlace', MAX.link, 'Falta el enlace al trabajo.');
  if (link !== null && !isHttpUrl(link)) {
    problem('enlace', 'El enlace debe ser una dirección web que empiece por http:// o https://.');
  }

  let language: string | null = null;
  if (cell('idioma') !== '') {
    language = fromList(cell('idioma'), PROJECT_LANGUAGES) ?? null;
    if (!language) {
      problem('idioma', `Idioma no reconocido. Usa uno de estos: ${PROJECT_LANGUAGES.join(', ')}.`);
    }
  }
  let sector: string | null = null;
  if (cell('sector') !== '') {
    sector = fromList(cell('sector'), ORGANIZATION_SECTORS) ?? null;
    if (!sector) {
      problem(
        'sector',
        `Sector no reconocido. Usa uno de estos: ${ORGANIZATION_SECTORS.join(', ')}.`,
      );
    }
  }
  const tags = [
    ...new Set(
      cell('etiquetas')
        .split(';')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
  if (tags.length > MAX_TAGS)
    problem('etiquetas', `Hay ${tags.length} etiquetas y el máximo es ${MAX_TAGS}.`);
  else if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) {
    problem('etiquetas', `Cada etiqueta puede tener como mucho ${MAX_TAG_LENGTH} caracteres.`);
  }

  const given = new Set(
    (['resumen', 'grado', 'idioma', 'sector', 'etiquetas'] as const).filter((key) => columns[key]),
  );
  const label = title ?? (cell('titulo') || `Fila ${row}`);
  if (errors.length > 0 || !title || !author || !institution || year === null || !link) {
    return { row, label, errors, given };
  }
  return {
    row,
    label,
    errors,
    given,
    key: tfxImportKey(title, author, year),
    values: {
      title,
      summary,
      author_name: author,
      institution,
      degree_name: degree,
      year,
      file_URL: link,
      language,
      sector,
      tags,
    },
  };
}

/**
 * Checks every row, and marks as wrong a row that repeats an earlier one of the same file (same
 * title, author and year): importing both would be importing the work twice.
 */
export function checkTfxRows(
  columns: TfxColumns,
  rows: TableRow[],
  currentYear: number,
): CheckedTfxRow[] {
  const firstRowOf = new Map<string, number>();
  return rows.map((tableRow) => {
    const checked = checkTfxRow(columns, tableRow, currentYear);
    if (!checked.key) return checked;
    const first = firstRowOf.get(checked.key);
    if (first === undefined) {
      firstRowOf.set(checked.key, checked.row);
      return checked;
    }
    return {
      row: checked.row,
      label: checked.label,
      given: checked.given,
      errors: [
        {
          row: checked.row,
          column: null,
          message: `Repite el trabajo de la fila ${first} (mismo título, autoría y año).`,
        },
      ],
    };
  });
}

/** The CSV template: the header and one example row (`;`-separated, as Excel in Spanish reads). */
export const TFX_TEMPLATE_EXAMPLE: Record<TfxImportColumn, string> = {
  titulo: 'Huertos urbanos y cohesión social en barrios periféricos',
  resumen:
    'Estudio de tres huertos comunitarios y de su efecto en las relaciones entre vecinos; incluye una guía para ayuntamientos.',
  autor: 'Nombre Apellido Apellido',
  universidad: 'Universidad de Murcia',
  grado: 'Grado en Trabajo Social',
  anio: '2024',
  enlace: 'https://repositorio.example.org/handle/12345/67890',
  idioma: 'Español',
  sector: 'Acción social',
  etiquetas: 'Desarrollo rural; Voluntariado',
};
