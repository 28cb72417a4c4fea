import { z } from 'zod';
import { FOOTER_LIMITS } from '../constants/limits';

/**
 * Footer content (spec §3 Footer content, §7 Footer): `GET /api/footer-sections` answers entries
 * whose `FooterSection` is a list of sections of rows of columns, each column with images, links
 * and a language selector. The same schema checks what an admin writes and types what the web
 * reads.
 */

/** A link or an image address: http(s) or a path of the site. */
export const siteLinkSchema = z
  .string()
  .max(1000)
  .regex(/^(https?:\/\/|\/)[^\s]*$/, 'must be an http(s) URL or a path starting with /');

/** A footer link may also write or call: the demo footer's "Contacto" is a mailto: link. */
const footerLinkUrl = z
  .string()
  .max(FOOTER_LIMITS.url)
  .regex(
    /^(https?:\/\/|\/|mailto:|tel:)[^\s]*$/,
    'must be an http(s) URL, a path starting with /, a mailto: or a tel: link',
  );

const componentId = z.number().int().optional();

/** An image's media as populate answers it. */
const footerMediaSchema = z.object({
  data: z
    .object({
      id: z.number().int(),
      attributes: z
        .object({ url: siteLinkSchema, alternativeText: z.string().max(255).nullish() })
        .loose(),
    })
    .nullable(),
});

const footerImageSchema = z.strictObject({
  id: componentId,
  source: footerMediaSchema.optional(),
  alternativeText: z.string().max(FOOTER_LIMITS.text).nullish(),
  isLink: z.boolean().optional(),
  width: z.number().int().min(0).max(FOOTER_LIMITS.imageSize).nullish(),
  height: z.number().int().min(0).max(FOOTER_LIMITS.imageSize).nullish(),
});

const footerLinkSchema = z.strictObject({
  id: componentId,
  title: z.string().max(FOOTER_LIMITS.text).nullish(),
  text: z.string().max(FOOTER_LIMITS.text).nullish(),
  url: footerLinkUrl.nullish(),
  language: z.string().max(FOOTER_LIMITS.language).nullish(),
});

const footerLanguageOptionSchema = z.strictObject({
  value: z.string().max(FOOTER_LIMITS.optionValue),
  label: z.string().max(FOOTER_LIMITS.optionLabel),
  disabled: z.boolean().optional(),
});

const footerColumnSchema = z.strictObject({
  id: componentId,
  images: z.array(footerImageSchema).max(FOOTER_LIMITS.images).optional(),
  links: z.array(footerLinkSchema).max(FOOTER_LIMITS.links).optional(),
  languageSelector: z.array(footerLanguageOptionSchema).max(FOOTER_LIMITS.languages).optional(),
});

const footerRowSchema = z.strictObject({
  id: componentId,
  columns: z.array(footerColumnSchema).max(FOOTER_LIMITS.columns),
});

export const footerSectionSchema = z.strictObject({
  id: componentId,
  rows: z.array(footerRowSchema).max(FOOTER_LIMITS.rows),
});

/** The `FooterSection` attribute of a footer entry. */
export const footerSectionsSchema = z.array(footerSectionSchema).max(FOOTER_LIMITS.sections);

export type FooterMedia = z.infer<typeof footerMediaSchema>;
export type FooterImage = z.infer<typeof footerImageSchema>;
export type FooterLink = z.infer<typeof footerLinkSchema>;
export type FooterLanguageOption = z.infer<typeof footerLanguageOptionSchema>;
export type FooterColumn = z.infer<typeof footerColumnSchema>;
export type FooterRow = z.infer<typeof footerRowSchema>;
export type FooterSectionComponent = z.infer<typeof footerSectionSchema>;
