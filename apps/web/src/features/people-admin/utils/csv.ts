/**
 * A CSV file as RFC 4180 writes it (ADR 0050): fields joined by commas, rows by CRLF, a field
 * quoted when it holds a comma, a quote or a line break, its quotes doubled. The file starts
 * with a byte order mark so spreadsheets open the Spanish accents as UTF-8.
 *
 * A cell that a spreadsheet would run as a formula (`=`, `@`, a tab or carriage return first, or
 * `+`/`-` before anything but a number) is prefixed with an apostrophe (OWASP "CSV injection"):
 * names and emails come from people who sign up. Phones in E.164 (`+34 600…`) stay as they are.
 */
const FORMULA_START = /^(?:[=@\t\r]|[+-](?![\d\s.,]*$))/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const line = (cells: readonly unknown[]) =>
    cells.map((cell) => csvCell(cell as string | number | boolean | null | undefined)).join(',');
  return `\uFEFF${[header, ...rows].map(line).join('\r\n')}\r\n`;
}
