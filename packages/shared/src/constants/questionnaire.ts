/**
 * Structure of the competence questionnaire (spec §9 Competence questionnaire): a 7-point scale
 * and five sections with their item counts. The item texts are not part of these constants.
 */
export const COMPETENCE_SCALE = {
  min: 0,
  max: 6,
  points: 7,
  minLabel: 'Totalmente en desacuerdo',
  maxLabel: 'Totalmente de acuerdo',
} as const;

/** The five sections in questionnaire order; `key` names a section in stored scores. */
export const COMPETENCE_SECTIONS = [
  { key: 'flexibility', name: 'Flexibilidad', items: 4 },
  { key: 'initiative', name: 'Iniciativa', items: 5 },
  { key: 'teamwork', name: 'Trabajo en equipo', items: 7 },
  { key: 'communication', name: 'Comunicación', items: 4 },
  { key: 'growthMindset', name: 'Pensamiento de crecimiento', items: 6 },
] as const;
export type CompetenceSection = (typeof COMPETENCE_SECTIONS)[number];
export type CompetenceSectionKey = CompetenceSection['key'];

/** Score per section, e.g. the mean answer on the 0 to 6 scale (Student.competences). */
export type CompetenceScores = Partial<Record<CompetenceSectionKey, number>>;

/** Scored items over all sections (26). */
export const COMPETENCE_ITEM_COUNT = COMPETENCE_SECTIONS.reduce((sum, s) => sum + s.items, 0);
