import {
  ORGANIZATION_DESCRIPTION_MAX_LENGTH,
  ORGANIZATION_SECTORS,
  ORGANIZATION_SIZES,
  ORGANIZATION_TYPES,
  OTHER_OPTION,
  OTHER_TEXT_MAX_LENGTH,
  PROVINCES,
  REACHED_US_HOW_OPTIONS,
  EMAIL_PATTERN,
  HTTP_URL_PATTERN,
  PROFILE_PHONE_PATTERN,
} from '@plataforma/shared';
import { PHONE_PLACEHOLDER } from '../../../forms/engine/messages';
import type { FormItem, FormValue, FormValues } from '../../../forms/types';
import type { OrganizationAttributes, OrganizationPayload, OrganizationUpdate } from '../types';

/** Image types a logo may have (spec §9 upload list without PDF). */
const LOGO_TYPES = ['png', 'jpg', 'jpeg', 'webp', 'avif', 'svg'];

function other(value: string, label: string): NonNullable<FormItem['extension']> {
  return {
    options: [OTHER_OPTION],
    field: { type: 'text', value, label, maxLength: OTHER_TEXT_MAX_LENGTH },
  };
}

/**
 * The organisation form (spec §3 Organization and its private contact), in three steps: who
 * they are, where to find them, and the private contact only admins and its coordinators see.
 */
export function buildOrganizationItems(): FormItem[] {
  return [
    { type: 'text', value: 'name', label: 'Nombre de la organización', maxLength: 255, step: 1 },
    {
      type: 'select',
      value: 'type',
      label: 'Tipo de organización',
      sublabel:
        'Una entidad del tercer sector, de la economía social, una empresa o una administración.',
      options: [...ORGANIZATION_TYPES],
      extension: other('type_other', 'Escribe el tipo de organización'),
      step: 1,
    },
    {
      type: 'select',
      value: 'sector',
      label: 'Sector',
      options: [...ORGANIZATION_SECTORS],
      extension: other('sector_other', 'Escribe el sector'),
      step: 1,
    },
    {
      type: 'competence',
      value: 'size',
      label: 'Tamaño',
      values: [...ORGANIZATION_SIZES],
      step: 1,
    },
    {
      type: 'textarea',
      value: 'description',
      label: 'Descripción',
      sublabel:
        'A qué se dedica y qué la mueve; si sois una empresa, también vuestra responsabilidad social corporativa (RSC). Los estudiantes la leerán en tus proyectos.',
      maxLength: ORGANIZATION_DESCRIPTION_MAX_LENGTH,
      step: 1,
    },
    {
      type: 'select',
      value: 'location',
      label: 'Provincia',
      options: PROVINCES.map((province) => province.name),
      extension: other('location_other', 'Escribe dónde está'),
      step: 2,
    },
    {
      type: 'text',
      value: 'web',
      label: 'Página web',
      placeholder: 'https://',
      pattern: HTTP_URL_PATTERN,
      optional: true,
      maxLength: 500,
      step: 2,
    },
    {
      type: 'text',
      value: 'linkedin',
      label: 'LinkedIn',
      placeholder: 'https://www.linkedin.com/company/...',
      pattern: HTTP_URL_PATTERN,
      optional: true,
      maxLength: 500,
      step: 2,
    },
    {
      type: 'file',
      value: 'logo',
      label: 'Logo',
      optional: true,
      allowedTypes: LOGO_TYPES,
      step: 2,
    },
    {
      type: 'select',
      value: 'reachedUsHow',
      label: '¿Cómo nos habéis conocido?',
      options: [...REACHED_US_HOW_OPTIONS],
      extension: other('reachedUsHow_other', 'Cuéntanos cómo'),
      step: 2,
    },
    {
      type: 'information',
      value: 'contact_intro',
      label: 'Contacto de la organización',
      sublabel:
        'Estos datos son privados: solo los ve el equipo de la plataforma para hablar con vosotros.',
      step: 3,
    },
    { type: 'text', value: 'contact_name', label: 'Persona de contacto', maxLength: 255, step: 3 },
    {
      type: 'text',
      value: 'contact_mail',
      label: 'Correo electrónico de contacto',
      pattern: EMAIL_PATTERN,
      maxLength: 255,
      step: 3,
    },
    {
      type: 'phone',
      value: 'contact_phone',
      label: 'Teléfono de contacto',
      placeholder: PHONE_PLACEHOLDER,
      pattern: PROFILE_PHONE_PATTERN,
      step: 3,
    },
  ];
}

const text = (value: FormValue): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** A single choice, "Otra" replaced by the text it revealed. */
const choice = (value: FormValue, otherText: FormValue) =>
  value === OTHER_OPTION ? text(otherText) : text(value);

/** The form's values as the organisation's `data`; empty optional answers are left out. */
export function toOrganizationPayload(values: FormValues): OrganizationPayload {
  const logo = values.logo;
  const payload: OrganizationPayload = {
    name: text(values.name) ?? '',
    type: choice(values.type, values.type_other),
    sector: choice(values.sector, values.sector_other),
    size: text(values.size),
    description: text(values.description),
    location: choice(values.location, values.location_other),
    web: text(values.web),
    linkedin: text(values.linkedin),
    reachedUsHow: choice(values.reachedUsHow, values.reachedUsHow_other),
    logo: typeof logo === 'object' && logo !== null && !Array.isArray(logo) ? logo.id : undefined,
    contact_name: text(values.contact_name),
    contact_mail: text(values.contact_mail),
    contact_phone: text(values.contact_phone),
  };
  return Object.fromEntries(
    Object.entries(payload).filter(([, value]) => value !== undefined),
  ) as OrganizationPayload;
}

/**
 * A stored answer as the value of a select with "Otra": one of the options, or "Otra" with the
 * stored text in its extension field (so an edit shows what was typed at creation).
 */
function fromChoice(
  field: string,
  stored: string | null | undefined,
  options: readonly string[],
): FormValues {
  const value = stored?.trim();
  if (!value) return {};
  if (options.includes(value)) return { [field]: value };
  return { [field]: OTHER_OPTION, [`${field}_other`]: value };
}

/** The organisation as the form's values, for editing it (the inverse of the payload). */
export function toOrganizationValues(attributes: OrganizationAttributes): FormValues {
  const logo = attributes.logo?.data;
  const size = attributes.size ?? undefined;
  return {
    name: attributes.name,
    ...fromChoice('type', attributes.type, ORGANIZATION_TYPES),
    ...fromChoice('sector', attributes.sector, ORGANIZATION_SECTORS),
    // A size outside today's list is asked again rather than shown as none of the choices.
    size: size && (ORGANIZATION_SIZES as readonly string[]).includes(size) ? size : undefined,
    description: attributes.description ?? undefined,
    ...fromChoice(
      'location',
      attributes.location,
      PROVINCES.map((province) => province.name),
    ),
    web: attributes.web ?? undefined,
    linkedin: attributes.linkedin ?? undefined,
    logo: logo
      ? {
          id: logo.id,
          name: logo.attributes.name,
          size: logo.attributes.size,
          url: logo.attributes.url,
        }
      : undefined,
    ...fromChoice('reachedUsHow', attributes.reachedUsHow, REACHED_US_HOW_OPTIONS),
    contact_name: attributes.contact_name ?? undefined,
    contact_mail: attributes.contact_mail ?? undefined,
    contact_phone: attributes.contact_phone ?? undefined,
  };
}

/**
 * The form's values as an edit of the organisation: every field is sent, an emptied optional one
 * (web, LinkedIn, logo) as null so that it is cleared.
 */
export function toOrganizationUpdate(values: FormValues): OrganizationUpdate {
  const answered = toOrganizationPayload(values);
  const fields: (keyof OrganizationPayload)[] = [
    'name',
    'type',
    'sector',
    'size',
    'description',
    'location',
    'web',
    'linkedin',
    'reachedUsHow',
    'logo',
    'contact_name',
    'contact_mail',
    'contact_phone',
  ];
  return Object.fromEntries(
    fields.map((field) => [field, answered[field] ?? null]),
  ) as OrganizationUpdate;
}
