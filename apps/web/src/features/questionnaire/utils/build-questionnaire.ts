import {
  COMPETENCE_ITEMS,
  COMPETENCE_SECTIONS,
  HONESTY_GROUP,
  type CompetenceItem,
  EMAIL_PATTERN,
  QUESTIONNAIRE_CONTACT_LIMITS,
} from '@plataforma/shared';
import type { FormItem, FormValues } from '../../../forms/types';
import type { QuestionnaireSubmission } from '@plataforma/shared';
import type { QuestionnaireContact } from '../types';

/** Field names of the contact section; prefixed so they never clash with an item key. */
export const CONTACT_FIELDS = {
  name: 'contact.name',
  surname: 'contact.surname',
  email: 'contact.email',
} as const;

/** The title of the last step (spec §2 Other: "a final contact section"). */
export const CONTACT_SECTION_TITLE = 'Datos de contacto';

const SECTION_NAMES = new Map<string, string>([
  ...COMPETENCE_SECTIONS.map((section): [string, string] => [section.key, section.name]),
  [HONESTY_GROUP.key, HONESTY_GROUP.name],
]);

/** A question of the questionnaire: the competence items, or any other type a future one adds. */
export type QuestionnaireQuestion = Pick<CompetenceItem, 'value' | 'label' | 'optional'> & {
  type: string;
  goal: string;
};

/** The sections in questionnaire order: one per goal, as the items come (ADR 0018 order). */
function groupByGoal(
  items: readonly QuestionnaireQuestion[],
): { goal: string; items: QuestionnaireQuestion[] }[] {
  const groups: { goal: string; items: QuestionnaireQuestion[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last?.goal === item.goal) last.items.push(item);
    else groups.push({ goal: item.goal, items: [item] });
  }
  return groups;
}

/**
 * Spec §2 Other: one step per section of the questionnaire's non-numeric questions (the five
 * competences, then "Para terminar" with the honesty items), each opened by its title, and a final
 * contact step (name, surname, email). Numeric questions are left out of the sections.
 */
export function buildQuestionnaireItems(
  items: readonly QuestionnaireQuestion[] = COMPETENCE_ITEMS,
): FormItem[] {
  const sections = groupByGoal(items.filter((item) => item.type !== 'number'));
  const formItems: FormItem[] = sections.flatMap((section, index) => [
    {
      type: 'information',
      value: `section.${section.goal}`,
      label: SECTION_NAMES.get(section.goal) ?? section.goal,
      sublabel: `Sección ${index + 1} de ${sections.length + 1}`,
      step: index + 1,
    },
    ...section.items.map((item): FormItem => ({
      type: 'competence',
      value: item.value,
      label: item.label,
      optional: item.optional,
      step: index + 1,
    })),
  ]);
  const contactStep = sections.length + 1;
  return [
    ...formItems,
    {
      type: 'information',
      value: 'section.contact',
      label: CONTACT_SECTION_TITLE,
      sublabel: `Sección ${contactStep} de ${contactStep}`,
      step: contactStep,
    },
    {
      type: 'text',
      value: CONTACT_FIELDS.name,
      label: 'Nombre',
      maxLength: QUESTIONNAIRE_CONTACT_LIMITS.name,
      step: contactStep,
    },
    {
      type: 'text',
      value: CONTACT_FIELDS.surname,
      label: 'Apellidos',
      maxLength: QUESTIONNAIRE_CONTACT_LIMITS.surname,
      step: contactStep,
    },
    {
      type: 'text',
      value: CONTACT_FIELDS.email,
      label: 'Correo electrónico',
      pattern: EMAIL_PATTERN,
      maxLength: QUESTIONNAIRE_CONTACT_LIMITS.email,
      step: contactStep,
    },
  ];
}

/** The contact step prefilled with what is known of the signed-in user (spec §9). */
export function getInitialContactValues(
  contact?: Partial<QuestionnaireContact> | null,
): FormValues {
  return {
    [CONTACT_FIELDS.name]: contact?.name ?? '',
    [CONTACT_FIELDS.surname]: contact?.surname ?? '',
    [CONTACT_FIELDS.email]: contact?.email ?? '',
  };
}

/** The form's values as the submit body: answered items as numbers, the contact trimmed. */
export function toSubmission(values: FormValues): QuestionnaireSubmission {
  const answers: Record<string, number> = {};
  for (const item of COMPETENCE_ITEMS) {
    const value = values[item.value];
    if (typeof value === 'number') answers[item.value] = value;
    else if (typeof value === 'string' && value !== '') answers[item.value] = Number(value);
  }
  const text = (key: string) => {
    const value = values[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  return {
    answers,
    contact: {
      name: text(CONTACT_FIELDS.name),
      surname: text(CONTACT_FIELDS.surname),
      email: text(CONTACT_FIELDS.email),
    },
  };
}
