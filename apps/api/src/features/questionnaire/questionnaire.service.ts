import { and, desc, eq, isNotNull } from 'drizzle-orm';
import {
  COMPETENCE_ITEMS,
  COMPETENCE_SCALE,
  COMPETENCE_SECTIONS,
  HONESTY_AGREEMENT_MIN,
  HONESTY_GROUP,
  type CompetenceConsistency,
  type CompetenceSectionKey,
  type ParsedQuestionnaireSubmission,
  type QuestionnaireLatestAnswer,
  type QuestionnaireResultAnswer,
} from '@plataforma/shared';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/handles';
import { questionnaireAnswers, students } from '../../db/schema';
import { forbidden, unauthorized } from '../../lib/errors';
import { clientKey, consumeRateLimit, type Limit } from '../../lib/rate-limit';
import type { Actor } from '../../lib/strapi/actor';

/**
 * The competence questionnaire (spec §9, ADR 0018): scores computed here from the stored answers,
 * never taken from the client; a student's latest scores copied to their `competences` in the
 * transaction that stores the answers.
 */

type Answers = Record<string, number | undefined>;
export type Scores = Record<CompetenceSectionKey, number>;

const HOUR = 3_600;
/** A whole class may fill it from one university address; one person rarely more than a few times. */
const PER_ADDRESS: readonly Limit[] = [{ limit: 120, windowSeconds: HOUR }];
const PER_USER: readonly Limit[] = [{ limit: 20, windowSeconds: HOUR }];

/**
 * The mean answer of each section on the 0 to 6 scale, negatively scored items counted as
 * `6 − answer`, unanswered optional items left out; two decimals. Honesty items never count.
 */
export function scoreAnswers(answers: Answers): Scores {
  const scores = {} as Scores;
  for (const section of COMPETENCE_SECTIONS) {
    const values = COMPETENCE_ITEMS.filter(
      (item) => item.goal === section.key && item.impact !== 'none',
    ).flatMap((item) => {
      const value = answers[item.value];
      if (value === undefined) return [];
      return [item.impact === 'negative' ? COMPETENCE_SCALE.max - value : value];
    });
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    scores[section.key] = Math.round(mean * 100) / 100;
  }
  return scores;
}

/** How many honesty items were answered, and how many agreed with ("De acuerdo" or more). */
export function consistencyOf(answers: Answers): CompetenceConsistency {
  const values = COMPETENCE_ITEMS.filter((item) => item.goal === HONESTY_GROUP.key)
    .map((item) => answers[item.value])
    .filter((value) => value !== undefined);
  return {
    answered: values.length,
    agreed: values.filter((value) => value >= HONESTY_AGREEMENT_MIN).length,
  };
}

/** The student profile of a signed-in student, if any. */
async function studentIdOf(db: Queryable, actor: Actor): Promise<number | undefined> {
  if (actor.kind !== 'user' || actor.role !== 'student') return undefined;
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.userId, actor.userId))
    .limit(1);
  return row?.id;
}

interface AnswerRow {
  id: number;
  answers: Record<string, number>;
  scores: Scores;
  createdAt: Date;
}

/** `{data: {id, attributes: {scores, consistency, createdAt}}}` */
function present(row: AnswerRow): QuestionnaireResultAnswer {
  return {
    data: {
      id: row.id,
      attributes: {
        scores: row.scores,
        consistency: consistencyOf(row.answers),
        createdAt: row.createdAt.toISOString(),
      },
    },
  };
}

/** Counts the submission against the caller's address and, when signed in, the user. */
async function limitSubmission(ctx: AppContext, actor: Actor, ip: string): Promise<void> {
  // RATE_LIMITS=off exists for load tests only.
  if (!ctx.config.rateLimits) return;
  await consumeRateLimit(ctx.db, [
    { key: `questionnaire:ip:${clientKey(ip)}`, limits: PER_ADDRESS },
    ...(actor.kind === 'user'
      ? [{ key: `questionnaire:user:${actor.userId}`, limits: PER_USER }]
      : []),
  ]);
}

/**
 * Stores one filled questionnaire. Anyone may answer (the contact section identifies a visitor);
 * a student's answer is linked to their profile and its scores become their `competences`, in the
 * same transaction: a retake adds a row and the latest wins.
 */
export async function submit(
  ctx: AppContext,
  actor: Actor,
  { body, ip }: { body: ParsedQuestionnaireSubmission; ip: string },
): Promise<QuestionnaireResultAnswer> {
  await limitSubmission(ctx, actor, ip);
  const answers = Object.fromEntries(
    Object.entries(body.answers).filter(([, value]) => value !== undefined),
  ) as Record<string, number>;
  const scores = scoreAnswers(answers);
  const row = await ctx.db.transaction(async (tx) => {
    const studentId = await studentIdOf(tx, actor);
    const [inserted] = await tx
      .insert(questionnaireAnswers)
      .values({
        studentId: studentId ?? null,
        name: body.contact.name,
        surname: body.contact.surname,
        email: body.contact.email,
        answers,
        scores,
      })
      .returning();
    if (studentId !== undefined) {
      await tx
        .update(students)
        .set({ competences: scores, updatedAt: new Date() })
        .where(eq(students.id, studentId));
    }
    return inserted!;
  });
  return present({ ...row, scores });
}

/**
 * The caller's latest result: bearer students only. A student who has not answered yet gets
 * `{data: null}`: the questionnaire page asks on every first visit, and "nothing yet" is an
 * answer, not a failure (ADR 0032).
 */
export async function latest(ctx: AppContext, actor: Actor): Promise<QuestionnaireLatestAnswer> {
  if (actor.kind !== 'user') throw unauthorized();
  if (actor.role !== 'student') throw forbidden();
  const studentId = await studentIdOf(ctx.db, actor);
  if (studentId === undefined) return { data: null };
  const [row] = await ctx.db
    .select()
    .from(questionnaireAnswers)
    // Rows without scores were written through the generic route, not this questionnaire.
    .where(
      and(eq(questionnaireAnswers.studentId, studentId), isNotNull(questionnaireAnswers.scores)),
    )
    .orderBy(desc(questionnaireAnswers.createdAt), desc(questionnaireAnswers.id))
    .limit(1);
  if (!row?.scores) return { data: null };
  // The scores of a row are written only by `submit`, from scoreAnswers.
  return present({ ...row, scores: row.scores as Scores });
}
