import { z } from 'zod';
import { questionnaireAnswers } from '../../db/schema';
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
    email: z.email().max(255),
    answers: z.record(z.string().max(100), z.number().int().min(0).max(6)),
    scores: z.record(z.string().max(100), z.number()),
  },
});
