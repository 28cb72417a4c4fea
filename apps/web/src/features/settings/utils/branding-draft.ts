import type { BrandingDraft, BrandingField, BrandingPayload, ColorField } from '../types';
import {
  EMAIL,
  FONT_NAME,
  FORMAT_MESSAGE,
  HEX_COLOR,
  LINK,
  REQUIRED_MESSAGE,
  type FieldErrors,
} from './form-errors';

export const COLOR_FIELDS: ColorField[] = [
  'mainColor',
  'secondaryColor',
  'terciaryColor',
  'quaternaryColor',
  'footerColor',
];

/** Column lengths of `branding_saas` (apps/api db/schema/site.ts), so no value is cut. */
export const MAX_LENGTHS: Record<BrandingField, number> = {
  projectName: 255,
  university_name: 255,
  origin: 255,
  program: 255,
  mailTo: 255,
  politicsUrl: 1000,
  logoUrl: 1000,
  mainfont: 100,
  mainColor: 7,
  secondaryColor: 7,
  terciaryColor: 7,
  quaternaryColor: 7,
  footerColor: 7,
};

/** The error of one field of the branding form (spec §5 messages), or undefined when valid. */
export function brandingFieldError(field: BrandingField, value: string): string | undefined {
  const v = value.trim();
  switch (field) {
    case 'projectName':
    case 'mainfont':
      if (v === '') return REQUIRED_MESSAGE;
      if (field === 'mainfont' && !FONT_NAME.test(v)) return FORMAT_MESSAGE;
      return undefined;
    case 'mailTo':
      return v !== '' && !EMAIL.test(v) ? FORMAT_MESSAGE : undefined;
    case 'politicsUrl':
    case 'logoUrl':
      return v !== '' && !LINK.test(v) ? FORMAT_MESSAGE : undefined;
    case 'university_name':
    case 'origin':
    case 'program':
      return undefined;
    default:
      // The five colours are required: the theme needs them all.
      if (v === '') return REQUIRED_MESSAGE;
      return HEX_COLOR.test(v) ? undefined : FORMAT_MESSAGE;
  }
}

/** Every field error of the draft. */
export function validateBrandingDraft(draft: BrandingDraft): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of Object.keys(draft) as BrandingField[]) {
    const error = brandingFieldError(field, draft[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** What is sent: trimmed values, empty optional ones as null (the API refuses "" for links). */
export function toBrandingPayload(draft: BrandingDraft): BrandingPayload {
  const payload = {} as BrandingPayload;
  for (const field of Object.keys(draft) as BrandingField[]) {
    const v = draft[field].trim();
    payload[field] = v === '' ? null : v;
  }
  return payload;
}

/** Whether two drafts differ (ignoring surrounding spaces and the case of hex colours). */
export function isSameDraft(a: BrandingDraft, b: BrandingDraft): boolean {
  return (Object.keys(a) as BrandingField[]).every((field) => {
    const [x, y] = [a[field].trim(), b[field].trim()];
    return (COLOR_FIELDS as string[]).includes(field)
      ? x.toLowerCase() === y.toLowerCase()
      : x === y;
  });
}
