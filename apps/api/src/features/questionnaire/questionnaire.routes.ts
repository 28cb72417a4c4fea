import type { FastifyInstance } from 'fastify';
import { parseBody } from '../email/communication.schemas';
import { submitBody } from './questionnaire.schemas';
import { latest, submit } from './questionnaire.service';

/** The competence questionnaire (spec §9, ADR 0018). */
export async function questionnaireRoutes(app: FastifyInstance) {
  // Visitors and every role may answer; a student's answer becomes their competences.
  app.post('/api/questionnaire/submit', async (request) =>
    submit(app, request, parseBody(submitBody, request.body)),
  );

  app.get('/api/questionnaire/me', async (request) => latest(app, request.actor));
}
