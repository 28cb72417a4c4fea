import {
  STUDENT_GOAL_LABELS,
  THESIS_STAGE_LABELS,
  type StudentGoal,
  type ThesisStage,
} from '@plataforma/shared';
import type { ParsedAudience } from './audience';

/** The names of the ids an audience names, as far as they were found. */
export interface AudienceNames {
  universities?: ReadonlyMap<number, string>;
  campuses?: ReadonlyMap<number, string>;
  degrees?: ReadonlyMap<number, string>;
  projects?: ReadonlyMap<number, string>;
}

/** One line of the description: what is asked about and the values allowed. */
export interface AudienceLine {
  term: string;
  detail: string;
}

/** Addresses written out before "y n más". */
export const EMAILS_SHOWN = 5;

const OR = new Intl.ListFormat('es', { type: 'disjunction' });
const AND = new Intl.ListFormat('es', { type: 'conjunction' });

const quoted = (values: readonly string[]) => OR.format(values.map((value) => `«${value}»`));

function named(
  ids: readonly number[],
  names: ReadonlyMap<number, string> | undefined,
  unnamed: string,
) {
  return OR.format(ids.map((id) => names?.get(id) ?? `${unnamed} n.º ${id}`));
}

function labelled<K extends string>(values: readonly string[], labels: Record<K, string>) {
  return OR.format(values.map((value) => labels[value as K] ?? value));
}

function emailsDetail(emails: readonly string[]): string {
  const shown = emails.slice(0, EMAILS_SHOWN);
  const rest = emails.length - shown.length;
  const list = rest > 0 ? AND.format([...shown, `${rest} más`]) : AND.format(shown);
  return `${emails.length === 1 ? '1 dirección' : `${emails.length} direcciones`}: ${list}`;
}

/**
 * An audience in Spanish words, one line per condition (ADR 0046): the history and the detail
 * say who a communication was for without showing a filter object. Several values of one
 * condition read "A o B"; the lines all hold at once. No line: every student the sender reaches.
 */
export function describeAudience(audience: ParsedAudience, names: AudienceNames): AudienceLine[] {
  const lines: AudienceLine[] = [];
  const add = (term: string, detail: string) => lines.push({ term, detail });
  if (audience.universities.length > 0) {
    add('Universidad', named(audience.universities, names.universities, 'Universidad'));
  }
  if (audience.campuses.length > 0) {
    add('Campus', named(audience.campuses, names.campuses, 'Campus'));
  }
  if (audience.degrees.length > 0) {
    add('Titulación', named(audience.degrees, names.degrees, 'Titulación'));
  }
  if (audience.studyTypes.length > 0) add('Tipo de estudios', OR.format(audience.studyTypes));
  if (audience.thesisStages.length > 0) {
    add('Etapa del TFG/M', labelled<ThesisStage>(audience.thesisStages, THESIS_STAGE_LABELS));
  }
  if (audience.goals.length > 0) {
    add('Objetivo', labelled<StudentGoal>(audience.goals, STUDENT_GOAL_LABELS));
  }
  if (audience.provinces.length > 0) add('Provincia', OR.format(audience.provinces));
  if (audience.studyAreas.length > 0) add('Área de conocimiento', OR.format(audience.studyAreas));
  if (audience.projects.length > 0 || audience.applicationStatuses.length > 0) {
    const project =
      audience.projects.length > 0
        ? `al proyecto ${OR.format(
            audience.projects.map((id) => {
              const title = names.projects?.get(id);
              return title ? `«${title}»` : `n.º ${id}`;
            }),
          )}`
        : 'a cualquier proyecto';
    const status =
      audience.applicationStatuses.length > 0
        ? `, en estado ${quoted(audience.applicationStatuses)}`
        : '';
    add('Candidatura', `${project}${status}`);
  }
  if (audience.emails.length > 0) add('Correo electrónico', emailsDetail(audience.emails));
  if (audience.unknown.length > 0) {
    add(
      'Otros criterios',
      `${AND.format(audience.unknown)} (escritos fuera de esta pantalla: se aplican tal cual)`,
    );
  }
  return lines;
}
