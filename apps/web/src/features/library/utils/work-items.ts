import {
  INTEREST_THEMES,
  ODS,
  ORGANIZATION_SECTORS,
  OTHER_OPTION,
  OTHER_TEXT_MAX_LENGTH,
  PROJECT_LANGUAGES,
  TFX_SUMMARY_MAX_LENGTH,
  type TfxWrite,
} from '@plataforma/shared';
import type { TfxRecord } from '../../../entities/tfx/types';
import { localOptions } from '../../../forms/engine/local-options';
import { parseMonth } from '../../../forms/engine/month';
import { choice, choices, list, text } from '../../../forms/engine/form-values';
import type { FormItem, FormValue, FormValues } from '../../../forms/types';

/** Only PDFs here: the library shows and indexes PDFs (spec §5 list, narrowed; ADR 0040). */
export const WORK_FILE_TYPES = ['pdf'];

/** Longest summary the form accepts (a textarea with its counter, spec §5); the API's too. */
export const SUMMARY_MAX_LENGTH = TFX_SUMMARY_MAX_LENGTH;

/** Topics a work can carry: the interest sub-tags students choose from (spec §9). */
export const WORK_TAGS: readonly string[] = INTEREST_THEMES.flatMap((theme) => theme.tags);

/**
 * What `POST /api/tfxes` and `PUT /api/tfxes/:id` receive (the server adds the rest): the shared
 * contract's body; `release_month` is "MM/yyyy" (spec §5 Month), `file` the uploaded PDF's id.
 */
export type WorkPayload = TfxWrite;

/** The free-text field "Otra" reveals (spec §4 Other option). */
function other(
  value: string,
  label: string,
  maxLength = OTHER_TEXT_MAX_LENGTH,
): NonNullable<FormItem['extension']> {
  return { options: [OTHER_OPTION], field: { type: 'text', value, label, maxLength } };
}

/**
 * The final-work form (spec §3 TFX, §5): what the student tells about their work, the PDF and
 * their consent to publish it. The degree is shown from their profile and not asked: the server
 * takes the degree, the university and the study area from it. Labels name the glossary's terms
 * where they apply (TFG/TFM, impacto social, ODS, economía circular…), so their tooltips show.
 */
export function buildWorkItems({ degreeName }: { degreeName: string | null }): FormItem[] {
  return [
    {
      type: 'information',
      value: 'degree',
      label: 'Titulación',
      sublabel:
        degreeName ??
        'Todavía no has indicado tu titulación. Añádela en «Completar perfil» para que tu trabajo aparezca con ella.',
      footer: 'La titulación, la universidad y el área de estudio se toman de tu perfil.',
    },
    {
      type: 'text',
      value: 'title',
      label: 'Título de tu TFG o TFM',
      maxLength: 255,
    },
    {
      type: 'textarea',
      value: 'summary',
      label: 'Resumen',
      sublabel: 'Cuenta de qué trata, qué problema aborda y qué impacto social puede tener.',
      maxLength: SUMMARY_MAX_LENGTH,
    },
    {
      type: 'select',
      value: 'language',
      label: 'Idioma del trabajo',
      options: [...PROJECT_LANGUAGES],
      extension: other('language_other', 'Escribe el idioma', 50),
    },
    {
      type: 'month',
      value: 'release_month',
      label: 'Mes y año de presentación',
      sublabel: 'Cuándo lo defendiste, con el formato MM/AAAA (por ejemplo, 06/2025).',
    },
    {
      type: 'select',
      value: 'sector',
      label: 'Sector',
      sublabel: 'El ámbito en el que tu trabajo tiene impacto.',
      options: [...ORGANIZATION_SECTORS],
      extension: other('sector_other', 'Escribe el sector'),
    },
    {
      type: 'dynamicComboboxMultiple',
      value: 'tags',
      label: 'Temas del trabajo',
      sublabel:
        'Ayudan a encontrarlo a quien busque temas como la economía circular, la innovación social o la sostenibilidad.',
      optional: true,
      getOptions: localOptions(WORK_TAGS),
      extension: other('tags_other', 'Escribe otro tema'),
    },
    {
      type: 'multiple',
      value: 'ods',
      label: 'Objetivos de Desarrollo Sostenible (ODS) a los que contribuye',
      optional: true,
      options: ODS.map((goal) => ({
        value: String(goal.number),
        label: `${goal.number}. ${goal.name}`,
      })),
    },
    {
      type: 'file',
      value: 'file',
      label: 'Tu trabajo en PDF',
      sublabel: 'Lo leerán y descargarán otros estudiantes; su texto se usa para encontrarlo.',
      allowedTypes: WORK_FILE_TYPES,
    },
    {
      type: 'checkbox',
      value: 'publish_consent',
      label:
        'Acepto que mi trabajo se publique en la biblioteca, con mi titulación y mi universidad, cuando el equipo de la plataforma lo haya revisado',
    },
  ];
}

function fileId(value: FormValue): number | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value.id : null;
}

/**
 * The form's values as the work's `data`; null while something the server needs is missing (the
 * form's validation stops that before, this is its last lock).
 */
export function toWorkPayload(values: FormValues): WorkPayload | null {
  const title = text(values.title);
  const summary = text(values.summary);
  const month = parseMonth(text(values.release_month) ?? '');
  const file = fileId(values.file);
  if (!title || !summary || !month || file === null || values.publish_consent !== true) return null;
  return {
    title,
    summary,
    language: choice(values.language, values.language_other),
    release_month: month,
    sector: choice(values.sector, values.sector_other),
    tags: choices(values.tags, values.tags_other),
    ods: list(values.ods)
      .map(Number)
      .filter((number) => ODS.some((goal) => goal.number === number)),
    file,
    publish_consent: true,
  };
}

/** A stored single name: offered as is, else "Otra" with the name as its text. */
function splitOne(stored: string | null, known: readonly string[]) {
  if (!stored) return { chosen: undefined, other: undefined };
  return known.includes(stored)
    ? { chosen: stored, other: undefined }
    : { chosen: OTHER_OPTION, other: stored };
}

/** Stored names split into the offered ones and the rest (shown as "Otra" plus text). */
function splitKnown(stored: string[] | null, known: readonly string[]) {
  const values = stored ?? [];
  const inList = values.filter((value) => known.includes(value));
  const rest = values.filter((value) => !known.includes(value));
  return rest.length > 0
    ? { chosen: [...inList, OTHER_OPTION], other: rest.join(', ') }
    : { chosen: inList, other: undefined };
}

/**
 * A stored work as the form's values, to correct it: what was sent is filled in, the PDF
 * included. The consent is asked again, since what is published may have changed.
 */
export function toWorkValues(work: TfxRecord): FormValues {
  const a = work.attributes;
  const values: FormValues = {};
  const put = (key: string, value: FormValue) => {
    if (value !== undefined && value !== null) values[key] = value;
  };
  put('title', a.title);
  put('summary', a.summary);
  const language = splitOne(a.language, PROJECT_LANGUAGES);
  put('language', language.chosen);
  put('language_other', language.other);
  put('release_month', a.release_month);
  const sector = splitOne(a.sector, ORGANIZATION_SECTORS);
  put('sector', sector.chosen);
  put('sector_other', sector.other);
  const tags = splitKnown(a.tags, WORK_TAGS);
  put('tags', tags.chosen);
  put('tags_other', tags.other);
  put('ods', (a.ods ?? []).map(String));
  if (work.file) {
    put('file', {
      id: work.file.id,
      name: work.file.name,
      size: work.file.size,
      url: work.file.url,
    });
  }
  return values;
}
