import {
  APPLICATION_STATUSES,
  COMPETENCE_SCALE,
  COMPETENCE_SECTIONS,
  type ApplicationStatus,
  type CompetenceScores,
} from '@plataforma/shared';
import { resolveMediaUrl } from '../../../lib/media-url';
import type { Candidate } from '../../../entities/application/types';

/** Statuses a reviewer may set: every one but "Retirada", which only the student chooses. */
export const REVIEWER_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter(
  (status) => status !== 'Retirada',
);

/** Statuses still waiting for the publisher (the contract's "pending"). */
export const PENDING_STATUSES: readonly ApplicationStatus[] = ['Enviada', 'En revisión'];

/**
 * The student's full name, or "Estudiante" when they gave none: a publisher does not see the
 * username of someone else's account (ADR 0052).
 */
export function getCandidateName(candidate: Candidate): string {
  const user = candidate.attributes.student?.data?.attributes.user?.data?.attributes;
  const name = [user?.name, user?.surname].filter((part) => part && part.trim() !== '').join(' ');
  return name || 'Estudiante';
}

/** Degree and university from the catalogue, else what the student wrote under "Otra". */
export function getCandidateStudies(candidate: Candidate): {
  degree: string | null;
  university: string | null;
} {
  const student = candidate.attributes.student?.data?.attributes;
  return {
    degree: student?.degree?.data?.attributes.name ?? student?.other_degree ?? null,
    university: student?.university?.data?.attributes.name ?? student?.other_university ?? null,
  };
}

/**
 * Where the CV can be read: the file sent with the application, else the link given instead,
 * else the CV of the student's profile. Only http(s) and same-origin paths are links.
 */
export function getCvUrl(candidate: Candidate): string | null {
  const { CV, CV_url, student } = candidate.attributes;
  return (
    resolveMediaUrl(CV?.data?.attributes.url) ??
    getExternalUrl(CV_url) ??
    resolveMediaUrl(student?.data?.attributes.CV?.data?.attributes.url)
  );
}

/** An external link the student gave, only when it is http(s). */
export function getExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return /^https?:\/\//i.test(url.trim()) ? url.trim() : null;
}

export interface CompetenceBar {
  key: string;
  name: string;
  score: number;
  /** Share of the 0 to 6 scale, 0 to 100. */
  percent: number;
}

/** The five competence scores as bars, in questionnaire order; sections without a score left out. */
export function getCompetenceBars(scores: CompetenceScores | null | undefined): CompetenceBar[] {
  if (!scores) return [];
  const range = COMPETENCE_SCALE.max - COMPETENCE_SCALE.min;
  return COMPETENCE_SECTIONS.flatMap((section) => {
    const score = scores[section.key];
    if (typeof score !== 'number' || Number.isNaN(score)) return [];
    const clamped = Math.min(Math.max(score, COMPETENCE_SCALE.min), COMPETENCE_SCALE.max);
    return [
      {
        key: section.key,
        name: section.name,
        score: clamped,
        percent: Math.round(((clamped - COMPETENCE_SCALE.min) * 100) / range),
      },
    ];
  });
}

/** A score written the Spanish way with one decimal ("4,5"). */
export function formatScore(score: number): string {
  return score.toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** How many applications are in each status. */
export function countByStatus(candidates: Candidate[]): Partial<Record<ApplicationStatus, number>> {
  const counts: Partial<Record<ApplicationStatus, number>> = {};
  for (const candidate of candidates) {
    const { status } = candidate.attributes;
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

/** The applications in `status` (all of them without one). */
export function filterByStatus(candidates: Candidate[], status: string | null): Candidate[] {
  if (!status) return candidates;
  return candidates.filter((candidate) => candidate.attributes.status === status);
}

/** Whether `value` is an application status (a filter read from the address). */
export function isApplicationStatus(value: string | null): value is ApplicationStatus {
  return (APPLICATION_STATUSES as readonly string[]).includes(value ?? '');
}
