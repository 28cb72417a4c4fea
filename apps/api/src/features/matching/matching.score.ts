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
const present = (values: readonly string[] | null | undefined) =>
  (values ?? []).filter((v) => typeof v === 'string' && v.trim() !== '');

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

function daysUntil(date: string, today: Date): number {
  const end = Date.parse(`${date}T00:00:00Z`);
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((end - start) / 86_400_000);
}

type Part = [points: number, reason?: string];

function areaPart(student: MatchStudent, project: MatchProject): Part {
  if (!student.student_area?.trim()) return [0];
  const mine = normalizeName(student.student_area);
  const area = present(project.study_areas).find((a) => normalizeName(a) === mine);
  return area ? [MATCH_WEIGHTS.area, `coincide con tu área: ${area}`] : [0];
}

/** Words of a name, for whole-word containment ("Historia" is in "Grado en Historia del Arte"). */
const words = memoized((value) => ` ${normalizeName(value).replace(/[^\p{L}\p{N}]+/gu, ' ')} `);

function subareaPart(student: MatchStudent, project: MatchProject): Part {
  const subareas = present(project.study_subareas);
  if (subareas.length === 0) return [0];
  if (student.degree?.trim()) {
    const degree = words(student.degree);
    const studied = subareas.find((s) => words(s).trim() !== '' && degree.includes(words(s)));
    if (studied) return [MATCH_WEIGHTS.subarea, `encaja con tu titulación: ${studied}`];
  }
  const tags = new Set(present(student.tags).map(normalizeName));
  const wanted = subareas.find((s) => tags.has(normalizeName(s)));
  return wanted ? [MATCH_WEIGHTS.subarea, `encaja con tu especialidad: ${wanted}`] : [0];
}

function tagsPart(student: MatchStudent, project: MatchProject): Part {
  const mine = present(student.tags).filter(
    (tag) => normalizeName(tag) !== normalizeName(INDIFFERENT_TAG),
  );
  if (mine.length === 0) return [0];
  const myTags = new Set(mine.map(normalizeName));
  const myThemes = new Set(mine.map((tag) => THEME_OF_TAG.get(normalizeName(tag))));
  const shared: string[] = [];
  const themes = new Set<string>();
  for (const tag of present(project.tags)) {
    const key = normalizeName(tag);
    if (myTags.has(key)) shared.push(firstLower(tag));
    else {
      const theme = THEME_OF_TAG.get(key);
      if (theme && myThemes.has(theme)) themes.add(firstLower(theme));
    }
  }
  const points = Math.min(
    MATCH_WEIGHTS.tags,
    shared.length * SAME_TAG_POINTS + themes.size * SAME_THEME_POINTS,
  );
  if (points === 0) return [0];
  if (shared.length > 0) return [points, `comparte tus intereses: ${list(shared)}`];
  return [points, `es de una temática que te interesa: ${list([...themes])}`];
}

function placePart(student: MatchStudent, project: MatchProject): Part {
  if (
    student.province?.trim() &&
    project.location?.trim() &&
    normalizeName(student.province) === normalizeName(project.location)
  ) {
    return [MATCH_WEIGHTS.place, `en tu provincia: ${project.location.trim()}`];
  }
  if (project.presentiality === 'Remoto')
    return [MATCH_WEIGHTS.place, 'se puede hacer a distancia'];
  if (project.presentiality === 'Híbrido')
    return [HYBRID_POINTS, 'se puede hacer en parte a distancia'];
  return [0];
}

/**
 * When the student has to choose (work deadline) against what the project is: a TFG/TFM suits those
 * choosing now, a social-impact project those who are early; the application deadline decides
 * whether a TFG/TFM is still open for someone who chooses next year.
 */
function timingPart(student: MatchStudent, project: MatchProject, today: Date): Part {
  const full = MATCH_WEIGHTS.timing;
  const thesis = thesisOf(student.study_type);
  const isThesis = project.type === 'TFG/TFM';
  const meanwhile: Part = [
    full / 2,
    `es de impacto social: puedes hacerlo mientras eliges tu ${thesis}`,
  ];
  const early: Part = [full, `es de impacto social: no hace falta esperar a tu ${thesis}`];
  switch (student.work_deadline) {
    case 'Tengo que elegir ya de ya':
      return isThesis ? [full, `es un TFG/TFM y tienes que elegir tu ${thesis} ya`] : meanwhile;
    case 'Elijo este curso':
      return isThesis ? [full, `es un TFG/TFM y eliges tu ${thesis} este curso`] : meanwhile;
    case 'Elijo el curso que viene': {
      if (!isThesis) return early;
      const openLong =
        project.application_deadline === null ||
        daysUntil(project.application_deadline, today) >= NEXT_YEAR_MIN_DAYS;
      return openLong ? [full, `es un TFG/TFM con plazo para cuando elijas tu ${thesis}`] : [0];
    }
    case 'Acabo de empezar mi carrera o máster':
      return isThesis ? [0] : early;
    default:
      // "No lo sé" or not answered: nothing to compare.
      return [0];
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

function competencesPart(student: MatchStudent, project: MatchProject): Part {
  const relevant = COMPETENCES_BY_TYPE[project.type] ?? [];
  if (relevant.length === 0) return [0];
  const scores = scoresOf(student.competences);
  const strong = relevant.filter((key) => (scores[key] ?? -1) >= STRONG_COMPETENCE);
  if (strong.length === 0) return [0];
  const names = strong.map((key) =>
    firstLower(COMPETENCE_SECTIONS.find((s) => s.key === key)?.name ?? key),
  );
  return [
    Math.round((MATCH_WEIGHTS.competences * strong.length) / relevant.length),
    `encaja con tus competencias: ${list(names)}`,
  ];
}

/**
 * The score (0 to 100) of a project for a student and the reasons behind it, criterion by
 * criterion (ADR 0026). `today` decides how far the application deadline is.
 */
export function scoreMatch(student: MatchStudent, project: MatchProject, today: Date): Match {
  const parts = [
    areaPart(student, project),
    subareaPart(student, project),
    tagsPart(student, project),
    placePart(student, project),
    timingPart(student, project, today),
    competencesPart(student, project),
  ];
  const total = parts.reduce((sum, [points]) => sum + points, 0);
  return {
    score: Math.max(0, Math.min(100, Math.round(total))),
    reasons: parts.flatMap(([, reason]) => (reason ? [reason] : [])),
  };
}
