import { describe, expect, it } from 'vitest';
import { csvField, madridDateTime, toCsv } from './applications.csv';
import { todayInMadrid } from './applications.lifecycles';

describe('CSV for Spanish spreadsheets', () => {
  it('when a field holds the separator, quotes or line breaks, it is quoted with quotes doubled', () => {
    expect(csvField('Agua; ríos')).toBe('"Agua; ríos"');
    expect(csvField('Dijo "hola"')).toBe('"Dijo ""hola"""');
    expect(csvField('dos\nlíneas')).toBe('"dos\nlíneas"');
    expect(csvField('sencillo, con coma')).toBe('sencillo, con coma');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
  });

  it('when a text looks like a formula, it is prefixed with an apostrophe', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const start of ['+', '-', '@', '\t']) {
      expect(csvField(`${start}1`)).toBe(`'${start}1`);
    }
    expect(csvField(-3)).toBe('-3');
  });

  it('a document starts with a BOM and ends every line with CRLF', () => {
    expect(toCsv(['A', 'B'], [['1', '2']])).toBe('\uFEFFA;B\r\n1;2\r\n');
  });

  it('dates are written in Spain’s time as dd/mm/aaaa hh:mm', () => {
    // 2026-07-01T22:30Z is already 2 July in Madrid (UTC+2 in summer).
    expect(madridDateTime(Date.parse('2026-07-01T22:30:00Z'))).toBe('02/07/2026 00:30');
    expect(madridDateTime(Date.parse('2026-01-15T08:05:00Z'))).toBe('15/01/2026 09:05');
    expect(madridDateTime(null)).toBe('');
    expect(todayInMadrid(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
