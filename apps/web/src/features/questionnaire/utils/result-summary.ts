import {
  COMPETENCE_SCALE,
  COMPETENCE_SECTIONS,
  HONESTY_ITEMS,
  type CompetenceSectionKey,
} from '@plataforma/shared';
import type { QuestionnaireResult } from '../types';

/** What each competence means, in a sentence a student can act on. */
export const COMPETENCE_EXPLANATIONS: Record<CompetenceSectionKey, string> = {
  flexibility:
    'Tu capacidad para adaptarte a los cambios, buscar alternativas y aceptar otros puntos de vista.',
  initiative: 'Tu tendencia a proponer ideas y ponerte en marcha sin esperar a que te lo pidan.',
  teamwork:
    'Cómo colaboras con otras personas: compartir, ayudar, cumplir lo acordado y respetar al grupo.',
  communication:
    'Cómo expresas tus ideas y escuchas a los demás, adaptándote a quien tienes delante.',
  growthMindset:
    'Tu confianza en que puedes mejorar con esfuerzo y tu forma de aprender de los errores.',
};

export type ScoreLevel = 'strength' | 'developing' | 'growth';

/** Bands on the 0 to 6 scale: 4.5 or more is "De acuerdo" on average, below 3 the disagreeing half. */
export function getScoreLevel(score: number): ScoreLevel {
  if (score >= 4.5) return 'strength';
  if (score >= 3) return 'developing';
  return 'growth';
}

export const SCORE_LEVEL_TEXT: Record<ScoreLevel, string> = {
  strength: 'Es uno de tus puntos fuertes.',
  developing: 'La tienes en desarrollo: puedes seguir reforzándola.',
  growth: 'Es un buen punto de partida para crecer en proyectos reales.',
};

export interface ScoreRow {
  key: CompetenceSectionKey;
  name: string;
  score: number;
  /** Share of the scale's width, 0 to 100. */
  percent: number;
  explanation: string;
  levelText: string;
}

/** The five sections in questionnaire order with their score, bar width and explanation. */
export function getScoreRows(result: QuestionnaireResult): ScoreRow[] {
  return COMPETENCE_SECTIONS.map((section) => {
    const raw = result.scores[section.key];
    const score = Math.min(
      COMPETENCE_SCALE.max,
      Math.max(COMPETENCE_SCALE.min, Number.isFinite(raw) ? raw : 0),
    );
    return {
      key: section.key,
      name: section.name,
      score,
      percent: (score / COMPETENCE_SCALE.max) * 100,
      explanation: COMPETENCE_EXPLANATIONS[section.key],
      levelText: SCORE_LEVEL_TEXT[getScoreLevel(score)],
    };
  });
}

/** A score as Spanish text: "4,25". */
export function formatScore(score: number): string {
  return score.toLocaleString('es-ES', { maximumFractionDigits: 2 });
}

/**
 * The honesty signal (ADR 0018) is worth mentioning when at least half of the honesty items were
 * agreed with: one "Nunca he perdido el tiempo" alone says little.
 */
export function hasConsistencyWarning(result: QuestionnaireResult): boolean {
  return result.consistency.agreed >= Math.ceil(HONESTY_ITEMS.length / 2);
}
