import { z } from 'zod';
import { LEGAL_TEXT_KINDS, LEGAL_TEXT_LIMITS } from '../constants/legal';
import { strapiListOf } from './strapi';

/**
 * The legal texts on the wire (ADR 0035): `/api/legal-texts` (as they read now) and
 * `/api/legal-text-versions` (every version, kept). Generic content routes; these are the
 * attributes the web reads and writes.
 */

const dateTime = z.string().describe('ISO 8601, UTC');

export const legalTextAttributesSchema = z.object({
  kind: z.enum(LEGAL_TEXT_KINDS),
  title: z.string(),
  /** Allow-listed HTML; `{universidad}`, `{plataforma}`, `{correo}` are filled by the web. */
  content: z.string(),
  version: z.number().int().min(1),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type LegalTextAttributes = z.infer<typeof legalTextAttributesSchema>;
export const legalTextListSchema = strapiListOf(legalTextAttributesSchema);
export type LegalTextList = z.infer<typeof legalTextListSchema>;

export const legalTextVersionAttributesSchema = z.object({
  version: z.number().int().min(1),
  title: z.string(),
  content: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type LegalTextVersionAttributes = z.infer<typeof legalTextVersionAttributesSchema>;
export const legalTextVersionListSchema = strapiListOf(legalTextVersionAttributesSchema);
export type LegalTextVersionList = z.infer<typeof legalTextVersionListSchema>;

/** What an admin changes: `PUT /api/legal-texts/:id {data}`. */
export const legalTextChangeSchema = z.strictObject({
  title: z.string().trim().min(1).max(LEGAL_TEXT_LIMITS.title),
  content: z.string().min(1).max(LEGAL_TEXT_LIMITS.content),
});
export type LegalTextChange = z.infer<typeof legalTextChangeSchema>;
