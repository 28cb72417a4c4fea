import type { CompetenceResult, QuestionnaireSubmission } from '@plataforma/shared';

/** The contact section of the questionnaire (spec §9): who answered. */
export type QuestionnaireContact = QuestionnaireSubmission['contact'];

/** A scored result, as `submit` and `GET /api/questionnaire/me` answer it. */
export type QuestionnaireResult = CompetenceResult;
