import { describe, expect, it } from 'vitest';
import { extractEmails, mergeEmails } from './emails';

describe('extractEmails', () => {
  it('takes addresses in any separator, lower case, each once, and reports the bad ones', () => {
    const found = extractEmails(
      'Ana@Uni.es, luis@uni.es; ana@uni.es\n"Marta Gil" <marta@uni.es>\tmailto:pablo@uni.es.\nroto@ otro@sin-punto',
    );
    expect(found.valid).toEqual(['ana@uni.es', 'luis@uni.es', 'marta@uni.es', 'pablo@uni.es']);
    expect(found.repeated).toBe(1);
    expect(found.invalid).toEqual(['roto@', 'otro@sin-punto']);
  });

  it('reads a spreadsheet export: names and headers are not addresses and are left out', () => {
    const csv = 'nombre;apellidos;correo\nAna;Pérez;ana@uni.es\n"Luis";"Gómez";"luis@uni.es"\n';
    expect(extractEmails(csv)).toEqual({
      valid: ['ana@uni.es', 'luis@uni.es'],
      invalid: [],
      repeated: 0,
    });
  });

  it('an empty text has nothing', () => {
    expect(extractEmails('  \n ')).toEqual({ valid: [], invalid: [], repeated: 0 });
  });
});

describe('mergeEmails', () => {
  it("adds the file's new addresses to the list, one a line, and says what it skipped", () => {
    const merged = mergeEmails('ana@uni.es', 'email\nANA@uni.es\nluis@uni.es\nluis@uni.es\nmal@');
    expect(merged).toEqual({
      text: 'ana@uni.es\nluis@uni.es\n',
      added: 1,
      alreadyListed: 2,
      invalid: ['mal@'],
    });
  });

  it('a file with nothing new leaves the list as it was', () => {
    expect(mergeEmails('ana@uni.es ', 'ana@uni.es').text).toBe('ana@uni.es ');
  });
});
