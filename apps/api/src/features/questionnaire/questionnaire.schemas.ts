import { z } from 'zod';
import { COMPETENCE_ITEMS, COMPETENCE_SCALE } from '@plataforma/shared';

/**
 * Body of `POST /api/questionnaire/submit` (spec §9): an answer per item key, integers on the
 * 0 to 6 scale, every required item answered, no key beyond the questionnaire's; and the contact
 * section. Unknown keys are refused (400 `Invalid key ...`), as in every custom route.
 */
const answer = z.number().int().min(COMPETENCE_SCALE.min).max(COMPETENCE_SCALE.max);

const answers = z.strictObject(
  Object.fromEntries(
    COMPETENCE_ITEMS.map((item) => [item.value, item.optional ? answer.optional() : answer]),
  ),
);

const NO_LINE_BREAKS = 'must not contain line breaks';
const required = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(max)
    .refine((v) => !/[\r\n]/.test(v), NO_LINE_BREAKS);

export const submitBody = z.strictObject({
  answers,
  contact: z.strictObject({
    name: required(255),
    surname: required(255),
    email: z.string().trim().max(255).pipe(z.email('must be a valid email address')),
  }),
});

export type SubmitBody = z.infer<typeof submitBody>;
