import { z } from 'zod';
import {
  COMPETENCE_ITEMS,
  COMPETENCE_SCALE,
  COMPETENCE_SECTIONS,
  type CompetenceSectionKey,
} from '../constants/questionnaire';
import { QUESTIONNAIRE_CONTACT_LIMITS } from '../constants/limits';
import { noLineBreaks } from './fields';

/**
 * The competence questionnaire's calls (spec §9, ADR 0018): `POST /api/questionnaire/submit` and
 * `GET /api/questionnaire/me`. The server scores the answers; the client never sends scores.
 */

const answer = z.number().int().min(COMPETENCE_SCALE.min).max(COMPETENCE_SCALE.max);

/** An answer per item key, every required item answered, no key beyond the questionnaire's. */
const answersSchema = z.strictObject(
  Object.fromEntries(
    COMPETENCE_ITEMS.map((item) => [item.value, item.optional ? answer.optional() : answer]),
  ),
);

const requiredLine = (max: number) =>
  noLineBreaks(z.string().trim().min(1, 'is required').max(max));

export const questionnaireSubmissionSchema = z
  .strictObject({
    answers: answersSchema,
    contact: z.strictObject({
      name: requiredLine(QUESTIONNAIRE_CONTACT_LIMITS.name),
      surname: requiredLine(QUESTIONNAIRE_CONTACT_LIMITS.surname),
      email: z
        .string()
        .trim()
        .max(QUESTIONNAIRE_CONTACT_LIMITS.email)
        .pipe(z.email('must be a valid email address')),
    }),
  })
  .meta({ id: 'QuestionnaireSubmission' });
export type QuestionnaireSubmission = z.input<typeof questionnaireSubmissionSchema>;
export type ParsedQuestionnaireSubmission = z.output<typeof questionnaireSubmissionSchema>;

const sectionScore = z.number().min(0).max(COMPETENCE_SCALE.max);

/** A scored result: the mean per section (negative items as 6 − answer) and the honesty signal. */
export const competenceResultSchema = z
  .object({
    scores: z.object(
      Object.fromEntries(COMPETENCE_SECTIONS.map((s) => [s.key, sectionScore])) as Record<
        CompetenceSectionKey,
        typeof sectionScore
      >,
    ),
    consistency: z.object({
      answered: z.number().int(),
      agreed: z.number().int(),
    }),
    createdAt: z.string().describe('ISO 8601, UTC'),
  })
  .meta({ id: 'CompetenceResult' });
export type CompetenceResult = z.infer<typeof competenceResultSchema>;
/** Honesty items answered, and how many of them were agreed with ("De acuerdo" or more). */
export type CompetenceConsistency = CompetenceResult['consistency'];

/** One scored answer as both calls give it: `{id, attributes: CompetenceResult}`. */
const resultEntrySchema = z.object({ id: z.number().int(), attributes: competenceResultSchema });

/** `{data: {id, attributes: CompetenceResult}}`: the answer of `submit`. */
export const questionnaireResultAnswerSchema = z
  .object({ data: resultEntrySchema })
  .meta({ id: 'QuestionnaireResultAnswer' });
export type QuestionnaireResultAnswer = z.infer<typeof questionnaireResultAnswerSchema>;

/**
 * The answer of `GET /api/questionnaire/me`: the latest result, or `{data: null}` for a student
 * who has not answered yet (a normal state on a first visit, not an error: ADR 0032).
 */
export const questionnaireLatestAnswerSchema = z
  .object({ data: resultEntrySchema.nullable() })
  .meta({ id: 'QuestionnaireLatestAnswer' });
export type QuestionnaireLatestAnswer = z.infer<typeof questionnaireLatestAnswerSchema>;
