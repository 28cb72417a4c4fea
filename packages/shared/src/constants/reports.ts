import type { Dedication } from './vocabularies';

/**
 * The hours rule of the impact dashboard (ADR 0049). A project states its dedication as a band of
 * weekly hours (spec §3 Project.dedication), not an amount, and no date says when the work ended,
 * so the hours of student work a project received are an estimate: every student selected for it
 * works the band's weekly hours for one semester.
 */

/**
 * Weekly hours counted for each band: the middle of a closed band; the open band counts its floor
 * (20), so the estimate never inflates what nobody stated.
 */
export const DEDICATION_WEEKLY_HOURS: Record<Dedication, number> = {
  'Menos de 5 horas semanales': 2.5,
  'Entre 5 y 10 horas semanales': 7.5,
  'Entre 10 y 20 horas semanales': 15,
  'Más de 20 horas semanales': 20,
};

/** Weeks a selected student works on a project: one semester of teaching. */
export const PROJECT_WEEKS_ESTIMATE = 15;

/** The rule in words, for the screen and the CSV that show the hours. */
export const HOURS_RULE_TEXT = `Estimación: cada estudiante seleccionado dedica al proyecto las horas semanales de su dedicación (el punto medio de la franja; 20 en «Más de 20 horas semanales») durante ${PROJECT_WEEKS_ESTIMATE} semanas, un cuatrimestre. Los proyectos sin dedicación no suman horas.`;
