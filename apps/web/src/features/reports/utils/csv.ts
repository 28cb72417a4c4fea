/**
 * CSV of a chart's numbers, made in the browser from what the screen shows, by the rules of the
 * API's export (ADR 0025): UTF-8 with a byte-order mark (Excel in Spanish otherwise misreads the
 * accents), `;` between fields, CRLF line ends, a text a spreadsheet would take for a formula
 * prefixed with an apostrophe (OWASP "CSV injection").
 */

const BOM = '\uFEFF';

function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The document: the heading row, then one line per row. */
export function toCsv(columns: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  const lines = [columns, ...rows].map((row) => row.map(csvField).join(';'));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** "Estudiantes por titulación" -> "estudiantes-por-titulacion". */
export function fileSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Saves `text` as a file the browser downloads. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
