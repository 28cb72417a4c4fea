import {
  DEDICATION_OPTIONS,
  INTEREST_THEMES,
  ODS,
  OTHER_OPTION,
  OTHER_TEXT_MAX_LENGTH,
  PRESENTIALITY_OPTIONS,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_LANGUAGES,
  PROJECT_TEXT_MAX_LENGTH,
  PROJECT_TYPES,
  PROVINCES,
  STUDY_AREAS,
} from '@plataforma/shared';
import { localOptions } from '../../../forms/engine/local-options';
import type { FormItem, FormOption, FormValues, GetOptions } from '../../../forms/types';

/** The static lists' pages (forms/engine), re-exported for the project form's callers. */
export { localOptions };

/** Yes/no questions are stored as booleans (spec §3 Project.internship, remuneration). */
export const YES = 'Sí';
export const NO = 'No';

/** Presentiality that needs no place: the province and town are not asked. */
export const REMOTE = 'Remoto';

/** The titles of the project form's steps (ADR 0028). */
export const PROJECT_STEPS = ['El proyecto', 'Impacto y perfil', 'Condiciones', 'Dónde y quién'];

/** The catalogue option fetchers the campus question uses (forms/catalogue), given by the route. */
export interface ProjectCatalogueFetchers {
  universities: GetOptions;
  campuses: GetOptions;
}

/** Tags a project can carry: the interest sub-tags students choose from (spec §9). */
export const PROJECT_TAGS: readonly string[] = INTEREST_THEMES.flatMap((theme) => theme.tags);

/** Each city once (two provinces may share a town's name). */
const ALL_CITIES = [...new Set(PROVINCES.flatMap((province) => province.cities))];
const ALL_SUBAREAS = [...new Set(STUDY_AREAS.flatMap((area) => area.subareas))];

const optionValue = (option: FormOption) => (typeof option === 'string' ? option : option.value);

/** The free-text field "Otra" reveals (spec §4 Other option). */
function other(
  value: string,
  label: string,
  maxLength = OTHER_TEXT_MAX_LENGTH,
): NonNullable<FormItem['extension']> {
  return { options: [OTHER_OPTION], field: { type: 'text', value, label, maxLength } };
}

const isPlaced = (values: FormValues) => values.presentiality !== REMOTE;

const chosenList = (value: FormValues[string]) =>
  Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];

/**
 * The project form (spec §3 Project), in four steps: what it is, its impact and who it is for,
 * the conditions, and where and for whom. Field names are the API's attribute names; the extra
 * `*_other` fields hold what "Otra" reveals, and `university` narrows the campus.
 */
export function buildProjectItems(fetchers: ProjectCatalogueFetchers): FormItem[] {
  return [
    // ---- 1. El proyecto ----
    {
      type: 'text',
      value: 'title',
      label: 'Título del proyecto',
      maxLength: 255,
      step: 1,
    },
    {
      type: 'competence',
      value: 'type',
      label: 'Tipo de proyecto',
      sublabel: 'Un proyecto de impacto social o una propuesta de TFG o TFM.',
      values: [...PROJECT_TYPES],
      step: 1,
    },
    {
      type: 'textarea',
      value: 'description',
      label: 'Descripción',
      sublabel: 'Cuenta en qué consiste y qué problema quiere resolver.',
      maxLength: PROJECT_DESCRIPTION_MAX_LENGTH,
      step: 1,
    },
    // ---- 2. Impacto y perfil ----
    {
      type: 'textarea',
      value: 'objectives',
      label: 'Objetivos',
      sublabel: 'Qué quiere conseguir y con qué indicadores de impacto sabréis si lo consigue.',
      maxLength: PROJECT_TEXT_MAX_LENGTH,
      step: 2,
    },
    {
      type: 'multiple',
      value: 'ods',
      label: 'Objetivos de Desarrollo Sostenible (ODS) a los que contribuye',
      options: ODS.map((goal) => ({
        value: String(goal.number),
        label: `${goal.number}. ${goal.name}`,
      })),
      step: 2,
    },
    {
      type: 'textarea',
      value: 'ods_explanation',
      label: '¿Cómo contribuye a esos ODS?',
      sublabel: 'Relaciónalo con las metas de la Agenda 2030 que persigue.',
      optional: true,
      maxLength: PROJECT_TEXT_MAX_LENGTH,
      step: 2,
    },
    {
      type: 'textarea',
      value: 'academic_profile',
      label: 'Perfil académico que buscas',
      sublabel: 'Qué estudios o conocimientos encajan con el proyecto.',
      maxLength: PROJECT_TEXT_MAX_LENGTH,
      step: 2,
    },
    {
      type: 'textarea',
      value: 'requirements',
      label: 'Requisitos',
      optional: true,
      maxLength: PROJECT_TEXT_MAX_LENGTH,
      step: 2,
    },
    {
      type: 'textarea',
      value: 'working_method',
      label: 'Metodología de trabajo',
      sublabel:
        'Por ejemplo, aprendizaje-servicio (ApS), voluntariado o prácticas en la organización.',
      optional: true,
      maxLength: PROJECT_TEXT_MAX_LENGTH,
      step: 2,
    },
    {
      type: 'dynamicComboboxMultiple',
      value: 'tags',
      label: 'Temas del proyecto',
      sublabel:
        'Ayudan a que lo encuentren los estudiantes interesados en ellos, como la economía circular, la innovación social o la sostenibilidad.',
      optional: true,
      getOptions: localOptions(PROJECT_TAGS),
      extension: other('tags_other', 'Escribe otro tema'),
      step: 2,
    },
    // ---- 3. Condiciones ----
    {
      type: 'competence',
      value: 'internship',
      label: '¿Se puede hacer como prácticas?',
      values: [YES, NO],
      step: 3,
    },
    {
      type: 'competence',
      value: 'remuneration',
      label: '¿Es remunerado?',
      values: [YES, NO],
      step: 3,
    },
    {
      type: 'competence',
      value: 'dedication',
      label: 'Dedicación',
      values: [...DEDICATION_OPTIONS],
      step: 3,
    },
    {
      type: 'select',
      value: 'language',
      label: 'Idioma de trabajo',
      options: [...PROJECT_LANGUAGES],
      extension: other('language_other', 'Escribe el idioma', 50),
      step: 3,
    },
    {
      type: 'date',
      value: 'application_deadline',
      label: 'Fecha límite de inscripción',
      sublabel: 'Después de este día no se aceptan candidaturas.',
      optional: true,
      step: 3,
    },
    // ---- 4. Dónde y quién ----
    {
      type: 'competence',
      value: 'presentiality',
      label: 'Modalidad',
      values: [...PRESENTIALITY_OPTIONS],
      step: 4,
    },
    {
      type: 'select',
      value: 'location',
      label: 'Provincia',
      options: PROVINCES.map((province) => province.name),
      extension: other('location_other', 'Escribe la provincia'),
      condition: isPlaced,
      step: 4,
    },
    {
      type: 'select',
      value: 'locality',
      label: 'Localidad',
      options: ALL_CITIES,
      dependency: {
        value: 'location',
        filter: (option, values) =>
          PROVINCES.find((province) => province.name === values.location)?.cities.some(
            (city) => city === optionValue(option),
          ) ?? false,
      },
      extension: other('locality_other', 'Escribe la localidad'),
      condition: (values) => isPlaced(values) && chosenList(values.location).length > 0,
      step: 4,
    },
    {
      type: 'dynamicCombobox',
      value: 'university',
      label: 'Universidad vinculada',
      sublabel:
        'Si el proyecto nace de la transferencia de conocimiento con una universidad, elígela.',
      optional: true,
      getOptions: fetchers.universities,
      step: 4,
    },
    {
      type: 'dynamicCombobox',
      value: 'campus',
      label: 'Campus o facultad',
      optional: true,
      getOptions: fetchers.campuses,
      dependency: { value: 'university' },
      condition: (values) =>
        typeof values.university === 'string' && values.university !== OTHER_OPTION,
      step: 4,
    },
    {
      type: 'multiple',
      value: 'study_areas',
      label: 'Áreas de estudio',
      options: STUDY_AREAS.map((area) => area.name),
      extension: other('study_areas_other', 'Escribe el área de estudio'),
      step: 4,
    },
    {
      type: 'multiple',
      value: 'study_subareas',
      label: 'Subáreas',
      optional: true,
      options: ALL_SUBAREAS,
      dependency: {
        value: 'study_areas',
        filter: (option, values) => {
          const areas = chosenList(values.study_areas);
          return STUDY_AREAS.some(
            (area) =>
              areas.includes(area.name) &&
              (area.subareas as readonly string[]).includes(optionValue(option)),
          );
        },
      },
      extension: other('study_subareas_other', 'Escribe la subárea'),
      condition: (values) => chosenList(values.study_areas).some((area) => area !== OTHER_OPTION),
      step: 4,
    },
    {
      type: 'checkbox',
      value: 'visibility_consent',
      label:
        'Acepto que el proyecto se muestre públicamente con el nombre de quien lo publica una vez validado',
      optional: true,
      step: 4,
    },
  ];
}
