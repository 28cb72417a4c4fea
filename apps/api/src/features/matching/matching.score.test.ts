import { describe, expect, it } from 'vitest';
import { INTEREST_THEMES, WORK_DEADLINES } from '@plataforma/shared';
import {
  MATCH_NOTIFY_THRESHOLD,
  MATCH_WEIGHTS,
  matcherFor,
  scoreMatch,
  themeTagsOf,
  type MatchProject,
  type MatchStudent,
} from './matching.score';

const TODAY = new Date('2026-11-22T10:00:00Z');

/** Nothing in common with anything. */
const BLANK_STUDENT: MatchStudent = {
  student_area: null,
  degree: null,
  tags: null,
  province: null,
  study_type: null,
  work_deadline: null,
  competences: null,
};
const BLANK_PROJECT: MatchProject = {
  type: 'TFG/TFM',
  study_areas: null,
  study_subareas: null,
  tags: null,
  location: null,
  presentiality: 'Presencial',
  application_deadline: null,
};

/** The demo student (estudiante@demo.es). */
const LUCIA: MatchStudent = {
  student_area: 'Desarrollo Software DATA e IA',
  degree: 'Grado en Ingeniería Informática',
  tags: [
    'Inteligencia artificial',
    'Brecha digital',
    'Desarrollo de apps y webs',
    'Educación inclusiva',
  ],
  province: 'Murcia',
  study_type: 'Grado',
  work_deadline: 'Elijo este curso',
  competences: {
    flexibility: 4.5,
    initiative: 5.2,
    teamwork: 5.6,
    communication: 4.8,
    growthMindset: 5.5,
  },
};

const score = (student: Partial<MatchStudent>, project: Partial<MatchProject>) =>
  scoreMatch({ ...BLANK_STUDENT, ...student }, { ...BLANK_PROJECT, ...project }, TODAY);

describe('scoreMatch', () => {
  it('has weights that add up to 100', () => {
    expect(Object.values(MATCH_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('when nothing matches, the score is 0 and there is no reason', () => {
    expect(score({}, {})).toEqual({ score: 0, reasons: [] });
  });

  it('when the demo student meets the web platform TFG of Murcia, every criterion counts, in order', () => {
    const match = scoreMatch(
      LUCIA,
      {
        type: 'TFG/TFM',
        study_areas: ['Desarrollo Software DATA e IA'],
        study_subareas: ['Desarrollo web y móvil', 'Inteligencia artificial'],
        tags: ['Desarrollo de apps y webs', 'Brecha digital'],
        location: 'Murcia',
        presentiality: 'Remoto',
        application_deadline: '2027-01-31',
      },
      TODAY,
    );
    expect(match).toEqual({
      score: 100,
      reasons: [
        'coincide con tu área: Desarrollo Software DATA e IA',
        'encaja con tu especialidad: Inteligencia artificial',
        'comparte tus intereses: desarrollo de apps y webs, brecha digital',
        'en tu provincia: Murcia',
        'es un TFG/TFM y eliges tu TFG este curso',
        'encaja con tus competencias: iniciativa, pensamiento de crecimiento',
      ],
    });
  });

  it('when the area matches, it scores 30 whatever the case and accents', () => {
    expect(
      score({ student_area: 'humanidades' }, { study_areas: ['Arte y Diseño', 'Humanidades'] }),
    ).toEqual({ score: 30, reasons: ['coincide con tu área: Humanidades'] });
    expect(
      score({ student_area: 'Ciencias de la Salud' }, { study_areas: ['Humanidades'] }).score,
    ).toBe(0);
  });

  it('when a subarea is a whole word run of the degree, it scores 15 as the degree', () => {
    expect(score({ degree: 'Grado en Psicologia' }, { study_subareas: ['Psicología'] })).toEqual({
      score: 15,
      reasons: ['encaja con tu titulación: Psicología'],
    });
    // "Arte" is not a word of "Grado en Artes": no partial words.
    expect(score({ degree: 'Grado en Artes' }, { study_subareas: ['Arte'] }).score).toBe(0);
  });

  it('gives 10 a shared tag and 5 a tag of a shared theme, up to 20', () => {
    const student = { tags: ['Cambio climático', 'Nutrición'] };
    expect(score(student, { tags: ['Cambio climático'] })).toEqual({
      score: 10,
      reasons: ['comparte tus intereses: cambio climático'],
    });
    expect(score(student, { tags: ['Energías renovables', 'Salud comunitaria'] })).toEqual({
      score: 10,
      reasons: ['es de una temática que te interesa: medio ambiente, salud'],
    });
    expect(score(student, { tags: ['Cambio climático', 'Nutrición', 'Biodiversidad'] }).score).toBe(
      MATCH_WEIGHTS.tags,
    );
  });

  it('when the student is indifferent to topics, tags give nothing', () => {
    expect(score({ tags: ['Indiferente'] }, { tags: ['Cambio climático'] }).score).toBe(0);
  });

  it('counts the province, a remote project anywhere, and a hybrid one partly', () => {
    expect(score({ province: 'Murcia' }, { location: 'Murcia' })).toEqual({
      score: 15,
      reasons: ['en tu provincia: Murcia'],
    });
    expect(score({ province: 'Murcia' }, { location: 'Madrid', presentiality: 'Remoto' })).toEqual({
      score: 15,
      reasons: ['se puede hacer a distancia'],
    });
    expect(score({}, { location: 'Madrid', presentiality: 'Híbrido' })).toEqual({
      score: 8,
      reasons: ['se puede hacer en parte a distancia'],
    });
    expect(score({ province: 'Murcia' }, { location: 'Madrid' }).score).toBe(0);
  });

  it('matches the work deadline against the kind of project and its application deadline', () => {
    const now = { work_deadline: 'Tengo que elegir ya de ya', study_type: 'Máster' };
    expect(score(now, { type: 'TFG/TFM' })).toEqual({
      score: 10,
      reasons: ['es un TFG/TFM y tienes que elegir tu TFM ya'],
    });
    expect(score(now, { type: 'Impacto social' })).toEqual({
      score: 5,
      reasons: ['es de impacto social: puedes hacerlo mientras eliges tu TFM'],
    });
    const early = { work_deadline: 'Acabo de empezar mi carrera o máster', study_type: 'Grado' };
    expect(score(early, { type: 'TFG/TFM' }).score).toBe(0);
    expect(score(early, { type: 'Impacto social' })).toEqual({
      score: 10,
      reasons: ['es de impacto social: no hace falta esperar a tu TFG'],
    });
    const next = { work_deadline: 'Elijo el curso que viene' };
    expect(score(next, { application_deadline: '2027-06-30' }).score).toBe(10);
    expect(score(next, { application_deadline: null }).score).toBe(10);
    // Closes in three weeks: gone before they choose.
    expect(score(next, { application_deadline: '2026-12-13' }).score).toBe(0);
    expect(score({ work_deadline: 'No lo sé' }, { type: 'TFG/TFM' }).score).toBe(0);
  });

  it('counts the competences a kind of project leans on when they are 4.5 or more', () => {
    const competences = { teamwork: 5, communication: 3, flexibility: 4.5, initiative: 2 };
    expect(score({ competences }, { type: 'Impacto social' })).toEqual({
      score: 7,
      reasons: ['encaja con tus competencias: trabajo en equipo, flexibilidad'],
    });
    expect(score({ competences }, { type: 'TFG/TFM' }).score).toBe(0);
    expect(score({ competences: { teamwork: 'mucho' } }, { type: 'Impacto social' }).score).toBe(0);
  });

  it('never scores 60 without the area and without a tag of the project themes', () => {
    // The SQL pre-selection of the notices relies on it (matching.notices.ts).
    const best = score(
      {
        degree: 'Grado en Trabajo Social',
        province: 'Murcia',
        tags: ['Musicoterapia'],
        work_deadline: 'Acabo de empezar mi carrera o máster',
        competences: { teamwork: 6, communication: 6, flexibility: 6 },
      },
      {
        type: 'Impacto social',
        study_areas: ['Ciencias Sociales y Jurídicas'],
        study_subareas: ['Trabajo Social'],
        tags: ['Voluntariado'],
        location: 'Murcia',
      },
    );
    expect(best.score).toBe(50);
    expect(best.score).toBeLessThan(MATCH_NOTIFY_THRESHOLD);
    expect(themeTagsOf(['Voluntariado'])).toContain('discapacidad');
    expect(themeTagsOf(['Voluntariado'])).not.toContain('musicoterapia');
  });
});

describe('matcherFor', () => {
  it('scores without reasons exactly as with them, and as scoreMatch, for any student and project', () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
    const tags = INTEREST_THEMES.flatMap((theme) => theme.tags).slice(0, 20);
    const some = <T>(values: readonly T[]) => values.filter(() => next() < 0.15);
    for (let i = 0; i < 200; i++) {
      const student: MatchStudent = {
        student_area: pick([null, '', 'Humanidades', 'Ciencias de la Salud']),
        degree: pick([null, 'Grado en Psicología', 'Máster en Historia']),
        tags: next() < 0.1 ? null : [...some(tags), pick(['', 'Indiferente', ' '])],
        province: pick([null, 'Murcia', ' madrid ']),
        study_type: pick([null, 'Grado', 'Máster']),
        work_deadline: pick([null, ...WORK_DEADLINES]),
        competences: next() < 0.5 ? null : { teamwork: next() * 6, initiative: next() * 6 },
      };
      const matcher = matcherFor(student, TODAY);
      for (let j = 0; j < 10; j++) {
        const project: MatchProject = {
          type: pick(['TFG/TFM', 'Impacto social']),
          study_areas: pick([null, ['Humanidades'], ['Ciencias de la Salud', 'humanidades ']]),
          study_subareas: pick([null, ['Psicología'], ['Historia', '']]),
          tags: next() < 0.1 ? null : some(tags).map((tag) => pick([tag, tag.toUpperCase()])),
          location: pick([null, 'Murcia', 'Madrid', '']),
          presentiality: pick([null, 'Remoto', 'Híbrido', 'Presencial']),
          application_deadline: pick([null, '2026-11-30', '2027-06-01']),
        };
        const match = matcher.match(project);
        expect(matcher.score(project)).toBe(match.score);
        expect(scoreMatch(student, project, TODAY)).toEqual(match);
      }
    }
  });
});
