/**
 * Spec §5 Month: the value is "MM/yyyy" (month 1 to 12); it is parsed from "MM/yyyy" or
 * "dd/MM/yyyy". Returns the normalised "MM/yyyy", or undefined when the text is neither.
 */
export function parseMonth(text: string): string | undefined {
  const trimmed = text.trim();
  const match = /^(?:(\d{1,2})\/)?(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (!match) return undefined;
  const [, day, month, year] = match;
  const monthNumber = Number(month);
  if (monthNumber < 1 || monthNumber > 12) return undefined;
  if (day !== undefined) {
    const dayNumber = Number(day);
    const daysInMonth = new Date(Number(year), monthNumber, 0).getDate();
    if (dayNumber < 1 || dayNumber > daysInMonth) return undefined;
  }
  return `${String(monthNumber).padStart(2, '0')}/${year}`;
}

/** Whether the value is a normalised "MM/yyyy". */
export function isMonth(text: string): boolean {
  return /^(0[1-9]|1[0-2])\/\d{4}$/.test(text);
}
