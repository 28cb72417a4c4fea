import { describe, expect, it } from 'vitest';
import {
  SETUP_MESSAGES,
  foldSetupName,
  joinUniversityNames,
  setupColourProblem,
  setupProblems,
  type SetupFields,
} from './setup';

const GOOD: SetupFields = {
  name: 'Lucía',
  surname: '',
  email: 'lucia@uni.es',
  password: 'Tortuga saltarina en el río',
  passwordConfirmation: 'Tortuga saltarina en el río',
  projectName: 'Impacto Campus',
  universities: ['Universidad de Murcia'],
  mainColor: '#1226AA',
  secondaryColor: '#0F766E',
  mailTo: '',
};

describe('setupProblems', () => {
  it('when every field is right, there is none (surname and contact address are optional)', () => {
    expect(setupProblems(GOOD)).toEqual([]);
  });

  it('lists every problem at its field, in the order of the form', () => {
    expect(
      setupProblems({
        ...GOOD,
        name: ' ',
        email: 'lucia@',
        password: '',
        passwordConfirmation: 'x',
        universities: ['UMU', ' umu ', 'a'.repeat(256)],
        mainColor: '#12',
        mailTo: 'no',
      }).map((problem) => [problem.path.join('.'), problem.message]),
    ).toEqual([
      ['name', SETUP_MESSAGES.required],
      ['email', SETUP_MESSAGES.format],
      ['password', SETUP_MESSAGES.required],
      ['passwordConfirmation', SETUP_MESSAGES.passwordsDiffer],
      ['universities.1', SETUP_MESSAGES.universityRepeated],
      ['universities.2', SETUP_MESSAGES.tooLong],
      ['mainColor', SETUP_MESSAGES.format],
      ['mailTo', SETUP_MESSAGES.format],
    ]);
  });

  it('when no university is named, or the names together do not fit the branding, the list says so', () => {
    expect(setupProblems({ ...GOOD, universities: [] })).toEqual([
      { path: ['universities'], message: SETUP_MESSAGES.universitiesRequired },
    ]);
    const long = Array.from({ length: 5 }, (_, i) => `Universidad número ${i} ${'x'.repeat(40)}`);
    expect(setupProblems({ ...GOOD, universities: long })).toEqual([
      { path: ['universities'], message: SETUP_MESSAGES.universitiesTooLong },
    ]);
  });
});

describe('setupColourProblem', () => {
  it('a colour whose pairs reach 4.5:1 passes; one that does not names the pair and its ratio', () => {
    expect(setupColourProblem('mainColor', '#1226AA')).toBeUndefined();
    expect(setupColourProblem('secondaryColor', '#FFD200')).toBeUndefined();
    expect(setupColourProblem('mainColor', '#FFD200')).toMatch(
      /^Poco contraste: Color principal sobre fondo blanco \(enlaces y marcas de foco\), 1,\d:1 \(el mínimo es 4,5:1\)\./,
    );
    expect(setupColourProblem('secondaryColor', '#777777')).toMatch(
      /^Poco contraste: Texto sobre el color secundario, 4,4:1/,
    );
  });
});

describe('names', () => {
  it('are compared ignoring case, accents and runs of spaces, and joined the Spanish way', () => {
    expect(foldSetupName(' Universidad  de MÚRCIA ')).toBe('universidad de murcia');
    expect(joinUniversityNames(['A'])).toBe('A');
    expect(joinUniversityNames(['A', 'B'])).toBe('A y B');
    expect(joinUniversityNames(['A', 'B', 'C'])).toBe('A, B y C');
  });
});
