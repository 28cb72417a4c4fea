import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  questionnaireLatestAnswerSchema,
  questionnaireResultAnswerSchema,
  questionnaireSubmissionSchema,
} from '@plataforma/shared';
import { routeSchema } from '../../lib/route-schema';
import { latest, submit } from './questionnaire.service';

/** The competence questionnaire (spec §9, ADR 0018). */
export async function questionnaireRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/questionnaire/submit',
    {
      schema: routeSchema(
        {
          tag: 'questionnaire',
          summary: 'Answer the competence questionnaire',
          description:
            'Optional bearer; visitors too. Every required item answered (0 to 6), no unknown key. The server computes the scores; a student’s answer is linked to them and its scores become their `competences` in the same transaction (a retake adds a row, the latest wins). Rate limited per address and per user.',
          errors: [400, 401, 429],
        },
        {
          body: questionnaireSubmissionSchema,
          response: { 200: questionnaireResultAnswerSchema },
        },
      ),
    },
    // Visitors and every role may answer; a student's answer becomes their competences.
    (request) => submit(app, request.actor, { body: request.body, ip: request.ip }),
  );

  app.get(
    '/api/questionnaire/me',
    {
      schema: routeSchema(
        {
          tag: 'questionnaire',
          summary: 'The caller’s latest questionnaire result (students)',
          description: '`{data: null}` while the student has not answered the questionnaire yet.',
          access: 'bearer',
          errors: [401, 403],
        },
        { response: { 200: questionnaireLatestAnswerSchema } },
      ),
    },
    (request) => latest(app, request.actor),
  );
}
