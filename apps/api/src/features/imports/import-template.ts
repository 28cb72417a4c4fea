import Papa from 'papaparse';
import writeExcelFile from 'write-excel-file/node';

/**
 * The downloadable templates of the imports (ADR 0039, ADR 0048): the header and an example row,
 * as a CSV that Excel in Spanish opens with its accents and columns right (UTF-8 with a BOM, `;`,
 * CRLF), or as an XLSX whose header is bold and frozen. Both import as they are.
 */

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function templateCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${Papa.unparse(
    rows.map((row) => [...row]),
    { delimiter: ';', newline: '\r\n' },
  )}\r\n`;
}

/** Every cell is text: a phone or a code keeps its leading zeros and `+`. */
export async function templateXlsx(
  rows: readonly (readonly string[])[],
  sheet: string,
): Promise<Buffer> {
  const [header = [], ...data] = rows;
  const sheetData = [
    header.map((value) => ({ value, type: String, fontWeight: 'bold' as const })),
    ...data.map((row) => row.map((value) => ({ value, type: String }))),
  ];
  return writeExcelFile(sheetData, {
    sheet,
    stickyRowsCount: 1,
    columns: header.map((name) => ({ width: Math.max(14, Math.min(40, name.length + 4)) })),
  }).toBuffer();
}
