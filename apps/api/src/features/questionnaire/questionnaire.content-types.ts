import { z } from 'zod';
import { QUESTIONNAIRE_CONTACT_LIMITS } from '@plataforma/shared';
import { questionnaireAnswers } from '../../db/schema';
import { limitedText } from '../../lib/strapi/input';
import { defineContentType } from '../../lib/strapi/registry';

export const questionnaireAnswerType = defineContentType({
  uid: 'api::questionnaire-answer.questionnaire-answer',
  singularName: 'questionnaire-answer',
  pluralName: 'questionnaire-answers',
  table: questionnaireAnswers,
  relations: {
    student: {
      relation: 'manyToOne',
      target: 'api::student.student',
      column: questionnaireAnswers.studentId,
    },
  },
  protected: ['name', 'surname', 'email'],
  validate: {
    // The contact section's limits, as POST /api/questionnaire/submit checks them.
    name: limitedText(QUESTIONNAIRE_CONTACT_LIMITS.name),
    surname: limitedText(QUESTIONNAIRE_CONTACT_LIMITS.surname),
    email: z.email().max(QUESTIONNAIRE_CONTACT_LIMITS.email),
    answers: z.record(z.string().max(100), z.number().int().min(0).max(6)),
    scores: z.record(z.string().max(100), z.number()),
  },
});
