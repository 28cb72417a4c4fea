import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { refusal } from '../../lib/errors';

/**
 * A spreadsheet upload as rows of text (ADR 0039): a CSV (UTF-8, with or without BOM, or the
 * Windows-1252 that Excel in Spanish writes; any of `,` `;` tab as separator) or the first sheet
 * of an XLSX. The format is read from the bytes, never from the name. Every kind of import uses
 * it: the rules of each kind's columns live elsewhere (tfx-import.ts).
 */

export interface TableRow {
  /** The row's number in the file, as a spreadsheet shows it: the header is 1. */
  row: number;
  /** Trimmed text of each cell ('' when empty), in the header's order. */
  cells: string[];
}

export interface ParsedTable {
  format: 'csv' | 'xlsx';
  /** The header as written (trimmed). */
  header: string[];
  /** Data rows, empty ones left out (their numbers are kept by the others). */
  rows: TableRow[];
}

/** A file that cannot be imported at all: a 400 worded for the admin, about the field `file`. */
export const fileProblem = (message: string) =>
  refusal('VALIDATION', message, {
    errors: [{ path: ['file'], message, name: 'ValidationError' }],
  });

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Office 97-2003 documents (`.xls`): an OLE compound file. */
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * An XLSX of a few MB holds at most a few tens of MB of XML: more is a "zip bomb" (a small file
 * that unpacks into gigabytes), refused before it is unpacked.
 */
const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;

/**
 * The sum of the uncompressed sizes the zip's central directory declares, or undefined when the
 * directory cannot be read (not a zip, or a zip64 one, which no spreadsheet of this size needs).
 */
export function declaredUnzippedSize(bytes: Buffer): number | undefined {
  // The end of central directory record: 22 bytes plus a comment of up to 65535.
  const from = Math.max(0, bytes.length - 22 - 65_535);
  let end = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return undefined;
    const size = bytes.readUInt32LE(offset + 24);
    if (size === 0xffffffff) return undefined;
    total += size;
    offset +=
      46 +
      bytes.readUInt16LE(offset + 28) +
      bytes.readUInt16LE(offset + 30) +
      bytes.readUInt16LE(offset + 32);
  }
  return total;
}

/** Text of a CSV: UTF-8 (BOM or not) when it is valid UTF-8, else Windows-1252. */
function decodeText(bytes: Buffer): string {
  const body = bytes.subarray(0, 3).equals(UTF8_BOM) ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // Excel's "CSV (delimitado por comas)" on Windows in Spanish.
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** A cell as text: numbers as written (2024, not 2024.0), dates as YYYY-MM-DD. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'VERDADERO' : 'FALSO';
  return '';
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const declared = declaredUnzippedSize(bytes);
  if (declared === undefined || declared > MAX_UNZIPPED_BYTES) {
    throw fileProblem('El archivo XLSX está dañado o es demasiado grande para importarlo.');
  }
  try {
    const sheet = await readSheet(bytes);
    return sheet.map((row) => row.map(cellText));
  } catch {
    // A zip that is not a workbook (a .docx, an .ods) or a damaged one.
    throw fileProblem('El archivo no es un CSV ni un XLSX que se pueda leer.');
  }
}

function readCsv(bytes: Buffer): string[][] {
  const text = decodeText(bytes);
  // Binary content (a PDF, an image) is not a table.
  if (text.includes('\0'))
    throw fileProblem('El archivo no es un CSV ni un XLSX que se pueda leer.');
  // The separator is guessed without the blank lines (a file of two columns ending in a line
  // break would be guessed wrong), then the file is read with them, so rows keep their numbers.
  const { delimiter } = Papa.parse<string[]>(text, {
    delimitersToGuess: [';', ',', '\t', '|'],
    skipEmptyLines: 'greedy',
    preview: 100,
  }).meta;
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken) {
    const row = (broken.row ?? 0) + 1;
    throw fileProblem(`Hay unas comillas sin cerrar en la fila ${row}: revisa el archivo.`);
  }
  return parsed.data.map((row) => row.map(cellText));
}

/**
 * Reads the upload into its header and numbered rows. 400 (Spanish, about `file`) for an empty
 * file, one that is neither CSV nor XLSX (an old `.xls` says so), a damaged XLSX, a header
 * without data (`item`: what a row of this file is, for that message), and more than `maxRows`
 * rows of data.
 */
export async function parseTable(
  bytes: Buffer,
  { maxRows, item = 'un trabajo' }: { maxRows: number; item?: string },
): Promise<ParsedTable> {
  if (bytes.length === 0) throw fileProblem('El archivo está vacío.');
  let format: ParsedTable['format'];
  let raw: string[][];
  if (bytes.subarray(0, 4).equals(ZIP)) {
    format = 'xlsx';
    raw = await readXlsx(bytes);
  } else if (bytes.subarray(0, 8).equals(OLE)) {
    throw fileProblem(
      'Los archivos .xls (Excel 97-2003) no se pueden importar: guárdalo como .xlsx o .csv.',
    );
  } else {
    format = 'csv';
    raw = readCsv(bytes);
  }

  const numbered = raw
    .map((cells, index) => ({ row: index + 1, cells }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
  const [header, ...rows] = numbered;
  if (!header || rows.length === 0) {
    throw fileProblem(
      `El archivo está vacío: necesita una fila de encabezados y al menos ${item}.`,
    );
  }
  if (rows.length > maxRows) {
    throw fileProblem(
      `El archivo tiene ${rows.length} filas de datos y se pueden importar ${maxRows} como mucho: divídelo en varios.`,
    );
  }
  const width = header.cells.length;
  return {
    format,
    header: header.cells,
    rows: rows.map(({ row, cells }) => ({
      row,
      cells: Array.from({ length: width }, (_, i) => cells[i] ?? ''),
    })),
  };
}

/** A header or a value compared as people mean it: lower case, no accents, no punctuation. */
export function normalizeLabel(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
