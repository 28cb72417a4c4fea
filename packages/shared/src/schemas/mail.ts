import { z } from 'zod';

/**
 * `GET /api/email/logo.png`: the university's logo as emails show it (ADR 0032). `v` only names
 * the logo's version, so mail clients and their image proxies fetch a new one when it changes.
 */
export const emailLogoQuerySchema = z.strictObject({
  v: z
    .string()
    .regex(/^[0-9a-f]{1,64}$/, 'must be a version from an email')
    .optional(),
});
export type EmailLogoQuery = z.infer<typeof emailLogoQuerySchema>;
