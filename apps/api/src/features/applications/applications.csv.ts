/**
 * CSV for spreadsheets used in Spain (ADR 0025): UTF-8 with a byte-order mark (Excel otherwise
 * reads it as Windows-1252), `;` between fields (Excel in Spanish uses the comma for decimals and
 * expects `;`), CRLF line ends (RFC 4180). No library: the rules are these few lines.
 */

export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';

/**
 * One field. A text that a spreadsheet would take for a formula (=, +, -, @, tab, CR at the
 * start) is prefixed with an apostrophe (OWASP "CSV injection"); a field holding the separator,
 * a quote or a line break is quoted, with quotes doubled.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole document: the header row, then one row per record, each line ended by CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(CSV_SEPARATOR));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

const MADRID = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as Spanish people read it, in Spain's time: `22/11/2026 14:05`. */
export function madridDateTime(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined || !Number.isFinite(epochMs)) return '';
  return MADRID.format(new Date(epochMs)).replace(',', '');
}
