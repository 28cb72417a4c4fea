import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  optionalText,
  requiredText,
  siteLinkSchema,
  type FormSchema,
  LINK_MAX_LENGTH,
} from '@plataforma/shared';
import { z } from 'zod';
import { checkForm } from '../../../forms/kit/field-errors';
import type { BrandingDraft, BrandingField, BrandingPayload, ColorField } from '../types';
import { FONT_NAME, HEX_COLOR, type FieldErrors } from './form-errors';

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
  mailTo: EMAIL_MAX_LENGTH,
  politicsUrl: LINK_MAX_LENGTH,
  logoUrl: LINK_MAX_LENGTH,
  mainfont: 100,
  mainColor: 7,
  secondaryColor: 7,
  terciaryColor: 7,
  quaternaryColor: 7,
  footerColor: 7,
};

/** A link the API stores for the branding: its own rule (an http(s) address or a site path). */
const optionalSiteLink = (max: number) =>
  optionalText(max).refine((url) => url === null || siteLinkSchema.safeParse(url).success);

/** The theme needs all five colours, each as the API stores it (`#rgb` or `#rrggbb`). */
const colour = z.string().trim().min(1).regex(HEX_COLOR);

/**
 * The branding form's schema (the form kit, ADR 0073): the project's name, the font and the five
 * colours are required; the contact address and the links, when given, must be ones the API
 * takes; the rest are free texts within their columns.
 */
export const brandingFormSchema = z.object({
  projectName: requiredText(MAX_LENGTHS.projectName),
  university_name: optionalText(MAX_LENGTHS.university_name),
  origin: optionalText(MAX_LENGTHS.origin),
  program: optionalText(MAX_LENGTHS.program),
  mailTo: optionalText(MAX_LENGTHS.mailTo).refine(
    (email) => email === null || EMAIL_PATTERN.test(email),
  ),
  politicsUrl: optionalSiteLink(MAX_LENGTHS.politicsUrl),
  logoUrl: optionalSiteLink(MAX_LENGTHS.logoUrl),
  // The pattern bounds its length too.
  mainfont: z.string().trim().min(1).regex(FONT_NAME),
  mainColor: colour,
  secondaryColor: colour,
  terciaryColor: colour,
  quaternaryColor: colour,
  footerColor: colour,
}) satisfies FormSchema<BrandingDraft, unknown>;

/** Every field error of the draft (spec §5 messages), by {@link brandingFormSchema}. */
export function validateBrandingDraft(draft: BrandingDraft): FieldErrors {
  return checkForm(brandingFormSchema, draft).errors;
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
