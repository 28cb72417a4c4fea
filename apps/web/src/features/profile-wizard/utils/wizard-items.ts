import {
  INDIFFERENT_TAG,
  INTEREST_THEMES,
  type NotificationPreferenceKey,
  OTHER_OPTION,
  PROVINCES,
  REACHED_US_HOW_OPTIONS,
  STUDENT_GOALS,
  STUDENT_GOAL_LABELS,
  STUDY_AREAS,
  STUDY_TYPES,
  THESIS_STAGES,
  THESIS_STAGE_LABELS,
  WORK_DEADLINES,
  PROFILE_PHONE_PATTERN,
  OTHER_TEXT_MAX_LENGTH,
  TAG_MAX_LENGTH,
} from '@plataforma/shared';
import type { FormItem } from '../../../forms/types';
import type { CatalogueFetchers } from '../types';
import { PHONE_PLACEHOLDER } from '../../../forms/engine/messages';

/** Spec §3: "No lo sé" asks for an approximation. */
export const UNKNOWN_WORK_DEADLINE: (typeof WORK_DEADLINES)[number] = 'No lo sé';

/** Disability is a yes/no question stored as a boolean (spec §3 Student.disability). */
export const YES = 'Sí';
export const NO = 'No';

/**
 * Spec §3 Notification preferences: the topics and channels, as checkboxes. The labels are the ones
 * of the profile's preferences screen (ADR 0017); features do not import each other, so they are
 * repeated here (ADR 0022).
 */
export const NOTIFICATION_CHOICES: { key: NotificationPreferenceKey; label: string }[] = [
  { key: 'selected', label: 'Me seleccionan en un proyecto' },
  { key: 'pre_selected', label: 'Me preseleccionan en un proyecto' },
  { key: 'not_selected', label: 'No me seleccionan en un proyecto' },
  { key: 'new_matching_projects', label: 'Se publican proyectos que encajan conmigo' },
  {
    key: 'save_projects_with_candidates',
    label: 'Un proyecto que he guardado recibe candidaturas',
  },
  { key: 'save_projects_selected', label: 'Un proyecto que he guardado cierra su selección' },
  { key: 'u4i_advice', label: 'Hay consejos y recursos nuevos para mi TFG o TFM' },
  { key: 'professional_offers', label: 'Hay ofertas de empleo o prácticas para mí' },
  { key: 'email', label: 'Avisarme por correo electrónico' },
  { key: 'whatsapp', label: 'Avisarme por WhatsApp' },
];

/** Form field name of a notification preference (kept apart from the record's attributes). */
export const notificationField = (key: string) => `notification_${key}`;

/**
 * The free-text field "Otra" reveals (spec §4 Other option), as long as its column holds unless
 * the API holds it to less (the province's column, a tag).
 */
function other(value: string, label: string, maxLength = 255): NonNullable<FormItem['extension']> {
  return { options: [OTHER_OPTION], field: { type: 'text', value, label, maxLength } };
}

const labelled = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((key) => ({ value: key, label: labels[key] }));

/**
 * The university and campus questions of both roles: options are catalogue entries (their ids),
 * campuses those of the chosen university; "Otra" keeps the typed name in other_university /
 * other_campus (spec §4 Other option).
 */
function catalogueItems(fetchers: CatalogueFetchers): Record<'university' | 'campus', FormItem> {
  return {
    university: {
      type: 'dynamicCombobox',
      value: 'university',
      label: '¿En qué universidad estás?',
      getOptions: fetchers.universities,
      step: 1,
      extension: other('other_university', 'Escribe tu universidad'),
    },
    campus: {
      type: 'dynamicCombobox',
      value: 'campus',
      label: '¿En qué campus o facultad?',
      getOptions: fetchers.campuses,
      dependency: { value: 'university' },
      step: 1,
      extension: other('other_campus', 'Escribe tu campus'),
    },
  };
}

/**
 * Spec §9 interest themes: the student's tags in their nine groups, then "Indiferente". The stored
 * values are the sub-tags themselves, as before, so saved answers and the matching keep working.
 */
const STUDENT_TAG_OPTIONS: NonNullable<FormItem['options']> = [
  ...INTEREST_THEMES.map((theme) => ({ label: theme.name, options: [...theme.tags] })),
  INDIFFERENT_TAG,
];

/**
 * The student's wizard (spec §2 Modals, §3 Student): studies, where they live and how to reach
 * them, what they look for, and how they want to hear from us. The phone is asked only when the
 * user has none (spec §5 Phone).
 */
export function buildStudentItems({
  fetchers,
  askPhone,
}: {
  fetchers: CatalogueFetchers;
  askPhone: boolean;
}): FormItem[] {
  const { university, campus } = catalogueItems(fetchers);
  return [
    university,
    campus,
    {
      type: 'competence',
      value: 'study_type',
      label: '¿Qué estudias?',
      values: [...STUDY_TYPES],
      step: 1,
    },
    {
      type: 'dynamicCombobox',
      value: 'degree',
      label: '¿Qué titulación?',
      getOptions: fetchers.degrees,
      // Narrowed by the campus, or by the university until a campus is chosen.
      dependency: { values: ['study_type', 'university', 'campus'] },
      extension: other('other_degree', 'Escribe tu titulación'),
      step: 1,
    },
    {
      type: 'select',
      value: 'province',
      label: '¿En qué provincia vives?',
      options: PROVINCES.map((province) => province.name),
      extension: other('province_other', 'Escribe tu provincia', OTHER_TEXT_MAX_LENGTH),
      step: 2,
    },
    ...(askPhone
      ? [
          {
            type: 'phone',
            value: 'phone',
            label: 'Tu teléfono',
            placeholder: PHONE_PLACEHOLDER,
            pattern: PROFILE_PHONE_PATTERN,
            step: 2,
          } satisfies FormItem,
        ]
      : []),
    {
      type: 'select',
      value: 'student_area',
      label: '¿A qué área de conocimiento pertenecen tus estudios?',
      options: STUDY_AREAS.map((area) => area.name),
      extension: other('student_area_other', 'Escribe tu área de conocimiento'),
      step: 2,
    },
    {
      type: 'competence',
      value: 'work_deadline',
      label: '¿Cuándo tienes que elegir tu TFG o TFM?',
      values: [...WORK_DEADLINES],
      extension: {
        options: [UNKNOWN_WORK_DEADLINE],
        field: {
          type: 'text',
          value: 'work_deadline_estimate',
          label: '¿Cuándo crees que será, más o menos?',
          maxLength: 255,
        },
      },
      step: 3,
    },
    {
      type: 'multiple',
      value: 'tags',
      label: '¿Qué temas te interesan?',
      sublabel:
        'Van por temas, de la tecnología al emprendimiento social. Elige los que quieras, o «Indiferente» si te da igual.',
      options: STUDENT_TAG_OPTIONS,
      extension: other('tags_other', 'Escribe otro tema', TAG_MAX_LENGTH),
      step: 3,
    },
    {
      type: 'competence',
      value: 'thesis_stage',
      label: '¿En qué punto estás de tu TFG o TFM?',
      values: labelled(THESIS_STAGES, THESIS_STAGE_LABELS),
      step: 4,
    },
    {
      type: 'competence',
      value: 'goal',
      label: '¿Qué buscas ahora mismo?',
      values: labelled(STUDENT_GOALS, STUDENT_GOAL_LABELS),
      step: 4,
    },
    {
      type: 'select',
      value: 'reachedUsHow',
      label: '¿Cómo nos has conocido?',
      options: [...REACHED_US_HOW_OPTIONS],
      extension: other('reachedUsHow_other', 'Cuéntanos cómo'),
      step: 4,
    },
    {
      type: 'competence',
      value: 'disability',
      label: '¿Tienes alguna discapacidad reconocida?',
      sublabel: 'Es un dato privado: solo lo usamos para ofrecerte apoyos y oportunidades.',
      values: [YES, NO],
      step: 5,
    },
    {
      type: 'information',
      value: 'notification_intro',
      label: '¿De qué quieres que te avisemos?',
      step: 5,
    },
    ...NOTIFICATION_CHOICES.map(({ key, label }): FormItem => ({
      type: 'checkbox',
      value: notificationField(key),
      label,
      optional: true,
      step: 5,
    })),
  ];
}

/**
 * The teacher's wizard (spec §3 Teacher): university, campus, class type, degrees (they need class
 * type and campus, spec §5), area and until when they want notifications.
 */
export function buildTeacherItems({ fetchers }: { fetchers: CatalogueFetchers }): FormItem[] {
  const { university, campus } = catalogueItems(fetchers);
  return [
    university,
    campus,
    {
      type: 'competence',
      value: 'class_type',
      label: '¿Das clase en Grado o en Máster?',
      values: [...STUDY_TYPES],
      step: 2,
    },
    {
      type: 'dynamicComboboxMultiple',
      value: 'degrees',
      label: '¿En qué titulaciones das clase?',
      getOptions: fetchers.degrees,
      dependency: { values: ['class_type', 'campus'] },
      // A campus outside the catalogue has no degrees to choose from: the question is not asked.
      condition: (values) => values.campus !== OTHER_OPTION,
      step: 2,
    },
    {
      type: 'select',
      value: 'teacher_area',
      label: '¿Cuál es tu área de conocimiento?',
      options: STUDY_AREAS.map((area) => area.name),
      extension: other('teacher_area_other', 'Escribe tu área de conocimiento'),
      step: 3,
    },
    {
      type: 'date',
      value: 'notification_deadline',
      label: '¿Hasta qué fecha quieres recibir avisos de proyectos?',
      step: 3,
    },
  ];
}
