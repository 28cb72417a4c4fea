import type { CompetenceResult } from '@plataforma/shared';

/** The contact section of the questionnaire (spec §9): who answered. */
export interface QuestionnaireContact {
  name: string;
  surname: string;
  email: string;
}

/** `POST /api/questionnaire/submit` body (docs/api.md "Competence questionnaire"). */
export interface QuestionnaireSubmission {
  answers: Record<string, number>;
  contact: QuestionnaireContact;
}

/** A scored result, as `submit` and `GET /api/questionnaire/me` answer it. */
export type QuestionnaireResult = CompetenceResult;
