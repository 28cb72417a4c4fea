import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('leaves plain text, numbers and booleans as they are, and empties nulls', () => {
    expect(csvCell('Lucía Pérez')).toBe('Lucía Pérez');
    expect(csvCell(7)).toBe('7');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Murcia, España')).toBe('"Murcia, España"');
    expect(csvCell('El "mejor" TFG')).toBe('"El ""mejor"" TFG"');
    expect(csvCell('una\nlínea')).toBe('"una\nlínea"');
    expect(csvCell('retorno\r')).toBe('"retorno\r"');
  });

  it('keeps a spreadsheet from running a formula, but not a phone or a negative number', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('+34 600 000 000')).toBe('+34 600 000 000');
    expect(csvCell('-3.5')).toBe('-3.5');
  });
});

describe('toCsv', () => {
  it('writes a BOM, the header and CRLF rows', () => {
    expect(
      toCsv(
        ['Nombre', 'Correo'],
        [
          ['Ana', 'ana@um.es'],
          ['Luis, el de "Física"', null],
        ],
      ),
    ).toBe('\uFEFFNombre,Correo\r\nAna,ana@um.es\r\n"Luis, el de ""Física""",\r\n');
  });
});
