import { describe, expect, it } from 'vitest';
import { fileSlug, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a BOM, «;» between fields and CRLF after each line; quotes what needs it', () => {
    expect(
      toCsv(
        ['Tipo', 'Proyectos'],
        [
          ['ONG; asociación', 3],
          ['Dice "hola"', 0],
        ],
      ),
    ).toBe('\uFEFFTipo;Proyectos\r\n"ONG; asociación";3\r\n"Dice ""hola""";0\r\n');
  });

  it('defuses a text a spreadsheet would take for a formula, never a number', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          ['=SUMA(1)', -4],
          ['@x', 0],
        ],
      ),
    ).toBe("\uFEFFA;B\r\n'=SUMA(1);-4\r\n'@x;0\r\n");
  });
});

describe('fileSlug', () => {
  it('keeps letters and digits without accents, joined by hyphens', () => {
    expect(fileSlug('Estudiantes por titulación Universidad de Alcalá, del 1 de enero')).toBe(
      'estudiantes-por-titulacion-universidad-de-alcala-del-1-de-enero',
    );
  });
});
