import {
  COMPETENCE_SECTIONS,
  INDIFFERENT_TAG,
  INTEREST_THEMES,
  type CompetenceSectionKey,
} from '@plataforma/shared';

/**
 * How well a published project suits a student (issue 6 "Proyectos recomendados para ti", ADR 0026):
 * a pure function of the two profiles, so the recommendations and the new-project notices agree and
 * the table of weights can be tested without a database. Every point comes with a Spanish reason
 * the student reads ("coincide con tu área: Humanidades").
 */

/** Points per criterion; they add up to 100. */
export const MATCH_WEIGHTS = {
  area: 30,
  subarea: 15,
  tags: 20,
  place: 15,
  timing: 10,
  competences: 10,
} as const;

/** A score at or above this sends a new-project notice to an opted-in student (ADR 0026). */
export const MATCH_NOTIFY_THRESHOLD = 60;

/** Points for each project tag the student chose, and for one of the same interest theme. */
export const SAME_TAG_POINTS = 10;
const SAME_THEME_POINTS = 5;
/** A hybrid project in another province: partly done from anywhere. */
export const HYBRID_POINTS = 8;
/** A competence section counts as a strength from "De acuerdo" up (4.5 on the 0 to 6 scale). */
export const STRONG_COMPETENCE = 4.5;
/** A student who chooses next year still has time for a TFG/TFM that closes this far away. */
const NEXT_YEAR_MIN_DAYS = 90;

/** The student fields the score reads (students table; `degree` is the degree's name or "Otra"). */
export interface MatchStudent {
  student_area: string | null;
  degree: string | null;
  tags: readonly string[] | null;
  province: string | null;
  study_type: string | null;
  work_deadline: string | null;
  competences: unknown;
}

/** The project fields the score reads (projects table). */
export interface MatchProject {
  type: string;
  study_areas: readonly string[] | null;
  study_subareas: readonly string[] | null;
  tags: readonly string[] | null;
  location: string | null;
  presentiality: string | null;
  /** `YYYY-MM-DD`. */
  application_deadline: string | null;
}

export interface Match {
  /** 0 to 100. */
  score: number;
  /** Why, in Spanish, in the order of MATCH_WEIGHTS. */
  reasons: string[];
}

/**
 * Remembers the normalized forms: names come from small vocabularies (areas, tags, provinces), and
 * a request scores thousands of projects. Bounded, in case free text flows through.
 */
function memoized(compute: (value: string) => string): (value: string) => string {
  const cache = new Map<string, string>();
  return (value) => {
    let result = cache.get(value);
    if (result === undefined) {
      if (cache.size >= 10_000) cache.clear();
      result = compute(value);
      cache.set(value, result);
    }
    return result;
  };
}

/** Case, accents and surrounding spaces do not matter when comparing names. */
export const normalizeName = memoized((value) =>
  value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim(),
);

const firstLower = (value: string) => value.charAt(0).toLowerCase() + value.slice(1);
const list = (values: readonly string[]) => values.join(', ');
const isPresent = (value: unknown) => typeof value === 'string' && value.trim() !== '';
/** The non-blank values (the list itself when all are: the score runs hundreds of times). */
const present = (values: readonly string[] | null | undefined): readonly string[] =>
  !values ? [] : values.every(isPresent) ? values : values.filter(isPresent);

/** The theme of each interest tag, by normalized tag. */
const THEME_OF_TAG = new Map<string, string>(
  INTEREST_THEMES.flatMap((theme) => theme.tags.map((tag) => [normalizeName(tag), theme.name])),
);

/**
 * Every interest tag of the themes of these project tags (normalized): a student who has none of
 * them cannot score on tags. The notices use it to pre-select students in SQL.
 */
export function themeTagsOf(projectTags: readonly string[] | null): string[] {
  const themes = new Set(present(projectTags).map((tag) => THEME_OF_TAG.get(normalizeName(tag))));
  const tags = INTEREST_THEMES.filter((theme) => themes.has(theme.name)).flatMap((theme) =>
    theme.tags.map(normalizeName),
  );
  return [...new Set([...tags, ...present(projectTags).map(normalizeName)])];
}

/**
 * The competences each kind of project leans on: social-impact work is done with people (team,
 * communication, adapting to the organisation); a TFG/TFM is largely self-directed.
 */
const COMPETENCES_BY_TYPE: Record<string, readonly CompetenceSectionKey[]> = {
  'Impacto social': ['teamwork', 'communication', 'flexibility'],
  'TFG/TFM': ['initiative', 'growthMindset'],
};

/** The student's thesis by study type, for the reasons. */
function thesisOf(studyType: string | null): string {
  if (studyType === 'Grado') return 'TFG';
  if (studyType === 'Máster') return 'TFM';
  return 'TFG o TFM';
}

/** Days from `start` (a UTC midnight in ms) to `date` (YYYY-MM-DD). */
function daysFrom(start: number, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - start) / 86_400_000);
}

/**
 * Each criterion answers its points and, when asked for them (`reasons`), adds its reason: the
 * recommendations rank hundreds of projects by points and need the reasons of six.
 */
type Reasons = string[] | undefined;

/** What the score reads of a student, worked out once for all the projects scored for them. */
interface StudentSide {
  /** Their area, normalized; null when they gave none. */
  area: string | null;
  /** Their degree's words (`words`); null when they gave none. */
  degree: string | null;
  /** Their interest tags, normalized. */
  tags: Set<string>;
  /** Their tags but the "indifferent" one, normalized, and the themes of those. */
  myTags: Set<string>;
  myThemes: Set<string | undefined>;
  /** Their province, normalized; null when they gave none. */
  province: string | null;
  workDeadline: string | null;
  /** Their thesis by study type, for the reasons. */
  thesis: string;
  scores: Partial<Record<CompetenceSectionKey, number>>;
  /** Today's UTC midnight, in ms: how far the application deadline is. */
  today: number;
}

function areaPart(student: StudentSide, project: MatchProject, reasons: Reasons): number {
  if (student.area === null) return 0;
  const area = present(project.study_areas).find((a) => normalizeName(a) === student.area);
  if (!area) return 0;
  reasons?.push(`coincide con tu área: ${area}`);
  return MATCH_WEIGHTS.area;
}

/** Words of a name, for whole-word containment ("Historia" is in "Grado en Historia del Arte"). */
const words = memoized((value) => ` ${normalizeName(value).replace(/[^\p{L}\p{N}]+/gu, ' ')} `);

function subareaPart(student: StudentSide, project: MatchProject, reasons: Reasons): number {
  const subareas = present(project.study_subareas);
  if (subareas.length === 0) return 0;
  if (student.degree !== null) {
    const degree = student.degree;
    const studied = subareas.find((s) => words(s).trim() !== '' && degree.includes(words(s)));
    if (studied) {
      reasons?.push(`encaja con tu titulación: ${studied}`);
      return MATCH_WEIGHTS.subarea;
    }
  }
  const wanted = subareas.find((s) => student.tags.has(normalizeName(s)));
  if (!wanted) return 0;
  reasons?.push(`encaja con tu especialidad: ${wanted}`);
  return MATCH_WEIGHTS.subarea;
}

function tagsPart(student: StudentSide, project: MatchProject, reasons: Reasons): number {
  if (student.myTags.size === 0) return 0;
  const shared: string[] = [];
  // Distinct themes in the order met (few: a list is cheaper than a set here).
  const themes: string[] = [];
  for (const tag of present(project.tags)) {
    const key = normalizeName(tag);
    if (student.myTags.has(key)) shared.push(tag);
    else {
      const theme = THEME_OF_TAG.get(key);
      if (theme && student.myThemes.has(theme)) {
        const named = firstLower(theme);
        if (!themes.includes(named)) themes.push(named);
      }
    }
  }
  const points = Math.min(
    MATCH_WEIGHTS.tags,
    shared.length * SAME_TAG_POINTS + themes.length * SAME_THEME_POINTS,
  );
  if (points === 0) return 0;
  reasons?.push(
    shared.length > 0
      ? `comparte tus intereses: ${list(shared.map(firstLower))}`
      : `es de una temática que te interesa: ${list(themes)}`,
  );
  return points;
}

function placePart(student: StudentSide, project: MatchProject, reasons: Reasons): number {
  const location = project.location?.trim();
  if (student.province !== null && location && student.province === normalizeName(location)) {
    reasons?.push(`en tu provincia: ${location}`);
    return MATCH_WEIGHTS.place;
  }
  if (project.presentiality === 'Remoto') {
    reasons?.push('se puede hacer a distancia');
    return MATCH_WEIGHTS.place;
  }
  if (project.presentiality === 'Híbrido') {
    reasons?.push('se puede hacer en parte a distancia');
    return HYBRID_POINTS;
  }
  return 0;
}

/**
 * When the student has to choose (work deadline) against what the project is: a TFG/TFM suits those
 * choosing now, a social-impact project those who are early; the application deadline decides
 * whether a TFG/TFM is still open for someone who chooses next year.
 */
function timingPart(student: StudentSide, project: MatchProject, reasons: Reasons): number {
  const full = MATCH_WEIGHTS.timing;
  const thesis = student.thesis;
  const isThesis = project.type === 'TFG/TFM';
  const meanwhile = () => {
    reasons?.push(`es de impacto social: puedes hacerlo mientras eliges tu ${thesis}`);
    return full / 2;
  };
  const early = () => {
    reasons?.push(`es de impacto social: no hace falta esperar a tu ${thesis}`);
    return full;
  };
  switch (student.workDeadline) {
    case 'Tengo que elegir ya de ya':
      if (!isThesis) return meanwhile();
      reasons?.push(`es un TFG/TFM y tienes que elegir tu ${thesis} ya`);
      return full;
    case 'Elijo este curso':
      if (!isThesis) return meanwhile();
      reasons?.push(`es un TFG/TFM y eliges tu ${thesis} este curso`);
      return full;
    case 'Elijo el curso que viene': {
      if (!isThesis) return early();
      const openLong =
        project.application_deadline === null ||
        daysFrom(student.today, project.application_deadline) >= NEXT_YEAR_MIN_DAYS;
      if (!openLong) return 0;
      reasons?.push(`es un TFG/TFM con plazo para cuando elijas tu ${thesis}`);
      return full;
    }
    case 'Acabo de empezar mi carrera o máster':
      return isThesis ? 0 : early();
    default:
      // "No lo sé" or not answered: nothing to compare.
      return 0;
  }
}

/** The student's competence scores by section, if they answered the questionnaire. */
function scoresOf(competences: unknown): Partial<Record<CompetenceSectionKey, number>> {
  if (!competences || typeof competences !== 'object') return {};
  const scores: Partial<Record<CompetenceSectionKey, number>> = {};
  for (const section of COMPETENCE_SECTIONS) {
    const value = Number((competences as Record<string, unknown>)[section.key]);
    if (Number.isFinite(value)) scores[section.key] = value;
  }
  return scores;
}

function competencesPart(student: StudentSide, project: MatchProject, reasons: Reasons): number {
  const relevant = COMPETENCES_BY_TYPE[project.type] ?? [];
  if (relevant.length === 0) return 0;
  const strong = relevant.filter((key) => (student.scores[key] ?? -1) >= STRONG_COMPETENCE);
  if (strong.length === 0) return 0;
  reasons?.push(
    `encaja con tus competencias: ${list(
      strong.map((key) => firstLower(COMPETENCE_SECTIONS.find((s) => s.key === key)?.name ?? key)),
    )}`,
  );
  return Math.round((MATCH_WEIGHTS.competences * strong.length) / relevant.length);
}

/** The criteria, in the order of MATCH_WEIGHTS (the order of the reasons). */
const PARTS = [areaPart, subareaPart, tagsPart, placePart, timingPart, competencesPart];

/** What `matcherFor` answers: a project's score alone, or with its reasons. */
export interface Matcher {
  /** The score of `match(project)`, without making its reasons. */
  score(project: MatchProject): number;
  match(project: MatchProject): Match;
}

/**
 * The score of projects for one student, their side of every criterion worked out once: the
 * recommendations score hundreds of projects per request (ADR 0059). `match(project)` is
 * `scoreMatch(student, project, today)`.
 */
export function matcherFor(student: MatchStudent, today: Date): Matcher {
  const mine = present(student.tags).filter(
    (tag) => normalizeName(tag) !== normalizeName(INDIFFERENT_TAG),
  );
  const side: StudentSide = {
    area: student.student_area?.trim() ? normalizeName(student.student_area) : null,
    degree: student.degree?.trim() ? words(student.degree) : null,
    tags: new Set(present(student.tags).map(normalizeName)),
    myTags: new Set(mine.map(normalizeName)),
    myThemes: new Set(mine.map((tag) => THEME_OF_TAG.get(normalizeName(tag)))),
    province: student.province?.trim() ? normalizeName(student.province) : null,
    workDeadline: student.work_deadline,
    thesis: thesisOf(student.study_type),
    scores: scoresOf(student.competences),
    today: Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()),
  };
  const total = (project: MatchProject, reasons: Reasons) => {
    let points = 0;
    for (const part of PARTS) points += part(side, project, reasons);
    return Math.max(0, Math.min(100, Math.round(points)));
  };
  return {
    score: (project) => total(project, undefined),
    match(project) {
      const reasons: string[] = [];
      return { score: total(project, reasons), reasons };
    },
  };
}

/**
 * The score (0 to 100) of a project for a student and the reasons behind it, criterion by
 * criterion (ADR 0026). `today` decides how far the application deadline is.
 */
export function scoreMatch(student: MatchStudent, project: MatchProject, today: Date): Match {
  return matcherFor(student, today).match(project);
}
