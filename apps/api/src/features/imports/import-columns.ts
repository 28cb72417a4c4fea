import type { ImportIssue } from '@plataforma/shared';
import { fileProblem, normalizeLabel, type TableRow } from './parse-table';

/**
 * The columns of an import file, whatever its kind (ADR 0039, ADR 0048): which header is which
 * column (case, accents and punctuation aside, so `Título`, `TITULO` and `titulo` are one), and
 * the cells and problems of a row by column, each problem named by the header as written.
 */

export interface ColumnDefinition<K extends string> {
  key: K;
  /** The header the template writes; matched as normalizeLabel reads it. */
  header: string;
  required: boolean;
}

/** Where each known column is in the file, and its header as written there. */
export type FoundColumns<K extends string> = Partial<Record<K, { index: number; header: string }>>;

/**
 * Finds the columns by their headers or their other spellings (`aliases`, already normalised);
 * 400 naming the required ones that are missing. A column named twice takes its first appearance;
 * other columns are ignored.
 */
export function findColumns<K extends string>(
  header: string[],
  definitions: readonly ColumnDefinition<K>[],
  aliases: Partial<Record<K, readonly string[]>> = {},
): FoundColumns<K> {
  const columns: FoundColumns<K> = {};
  header.forEach((written, index) => {
    const label = normalizeLabel(written);
    const column = definitions.find(
      (c) => normalizeLabel(c.header) === label || aliases[c.key]?.includes(label),
    );
    if (column && !columns[column.key]) columns[column.key] = { index, header: written };
  });
  const missing = definitions.filter((c) => c.required && !columns[c.key]);
  if (missing.length > 0) {
    const names = missing.map((c) => `«${c.header}»`).join(', ');
    throw fileProblem(
      missing.length === 1
        ? `Falta la columna ${names}. Descarga la plantilla para ver las columnas.`
        : `Faltan las columnas ${names}. Descarga la plantilla para ver las columnas.`,
    );
  }
  return columns;
}

/** One row read by column: its cells (trimmed, '' when absent) and the problems found in it. */
export class RowReader<K extends string> {
  readonly errors: ImportIssue[] = [];

  constructor(
    private readonly columns: FoundColumns<K>,
    readonly tableRow: TableRow,
  ) {}

  get row(): number {
    return this.tableRow.row;
  }

  /** Whether the file has the column at all. */
  has(key: K): boolean {
    return this.columns[key] !== undefined;
  }

  cell(key: K): string {
    const column = this.columns[key];
    return column ? (this.tableRow.cells[column.index] ?? '') : '';
  }

  /** The header as written in the file, or the key for a column the file lacks. */
  header(key: K): string {
    return this.columns[key]?.header ?? key;
  }

  problem(key: K | null, message: string): void {
    this.errors.push({ row: this.row, column: key === null ? null : this.header(key), message });
  }

  /**
   * The cell's text, or null when empty (a problem when `missing` says what is missing); a text
   * longer than `max` is a problem and null.
   */
  text(key: K, max: number, missing?: string): string | null {
    const value = this.cell(key);
    if (value === '') {
      if (missing) this.problem(key, missing);
      return null;
    }
    if (value.length > max) {
      this.problem(key, `Tiene ${value.length} caracteres y el máximo es ${max}.`);
      return null;
    }
    return value;
  }
}

/** The value of a list as the platform spells it, matching as people write it. */
export function fromList<T extends string>(text: string, list: readonly T[]): T | undefined {
  const wanted = normalizeLabel(text);
  return list.find((item) => normalizeLabel(item) === wanted);
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
