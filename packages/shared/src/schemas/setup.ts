import { z } from 'zod';

/**
 * The first start (ADR 0064): `GET /api/setup?token=` says whether the setup link works,
 * `POST /api/setup` creates the first administrator and the installation's basics and answers
 * a session. The bodies only bound their shape here; the rules of each field, with the Spanish
 * messages the form shows, are `setupProblems` (constants/setup.ts), which the API answers as
 * its 400 listing every problem.
 */

/** A setup link's token: opaque, 256 random bits in base64url. */
const tokenField = z.string().min(1).max(512);
/** Far above any rule of the field: a bound on what is read, not a product limit. */
const text = z.string().max(2000);

export const setupQuerySchema = z.object({ token: z.string().max(512).optional() });

export const setupStatusAnswerSchema = z
  .object({
    valid: z.literal(true),
    expiresAt: z.string().describe('When the link stops working (ISO 8601, UTC)'),
  })
  .meta({ id: 'SetupStatus' });
export type SetupStatusAnswer = z.infer<typeof setupStatusAnswerSchema>;

export const setupBodySchema = z
  .strictObject({
    token: tokenField,
    name: text,
    surname: text.optional(),
    email: text,
    password: z.string().max(4096),
    passwordConfirmation: z.string().max(4096),
    projectName: text,
    universities: z.array(text).max(100),
    mainColor: z.string().max(100),
    secondaryColor: z.string().max(100),
    mailTo: text.optional(),
  })
  .meta({ id: 'SetupBody' });
export type SetupBody = z.infer<typeof setupBodySchema>;
