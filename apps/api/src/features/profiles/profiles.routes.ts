import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { students } from '../../db/schema';
import { AppError, forbidden, validationError } from '../../lib/errors';
import { isAdmin } from '../../lib/strapi/actor';
import { serveCached } from '../../lib/cache/serve-cached';
import { parseId } from '../../lib/strapi/parse';
import { requestQuery, routeId } from '../../lib/strapi/routes';
import { findTeacherNames } from './profiles.service';

const STUDENT = 'api::student.student';
const json = 'application/json; charset=utf-8';

/** What the external-students calls may change: the saved library items (spec §7 Students). */
const EXTERNAL_FIELDS = ['favorites_tfxes', 'favorites_resources'];

/**
 * The profile calls of spec §7 that are not plain content routes. Every one goes through the
 * engine with the caller as principal, so the access table decides what each may see and change.
 */
export async function profilesRoutes(app: FastifyInstance) {
  const { entities } = app;

  /** Every student, published or not (admins' user management). */
  app.get('/api/students/all', (request, reply) => {
    if (!isAdmin(request.actor)) throw forbidden();
    return serveCached(request, reply, (tables) =>
      entities.findJson(
        STUDENT,
        { publicationState: 'preview', ...requestQuery(request) },
        request.actor,
        tables,
      ),
    );
  });

  /** Updates the student record of a user ("Student not found" when there is none visible). */
  app.put('/api/students/user/:userId', async (request, reply) => {
    const userId = parseId((request.params as { userId?: unknown }).userId, ['userId']);
    const [student] = await app.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.userId, userId))
      .limit(1);
    const visible = student
      ? await entities
          .find(
            STUDENT,
            {
              filters: { id: String(student.id) },
              publicationState: 'preview',
              fields: ['primaryKey'],
            },
            request.actor,
          )
          .catch(() => null)
      : null;
    if (!student || !visible || visible.data.length === 0)
      throw new AppError('NOT_FOUND', 'Student not found');
    const updated = await entities.update(
      STUDENT,
      student.id,
      request.body,
      requestQuery(request),
      request.actor,
    );
    return reply.type(json).send(JSON.stringify(updated));
  });

  app.get('/api/external/students', (request, reply) =>
    serveCached(request, reply, (tables) =>
      entities.findJson(STUDENT, requestQuery(request), request.actor, tables),
    ),
  );

  app.put('/api/external/students/:id', async (request) => {
    const body = request.body as { data?: unknown } | undefined;
    const data =
      body && typeof body.data === 'object' && body.data !== null
        ? (body.data as Record<string, unknown>)
        : undefined;
    if (data) {
      const other = Object.keys(data).filter((key) => !EXTERNAL_FIELDS.includes(key));
      if (other.length > 0)
        throw validationError(
          `Invalid key ${other[0]}: only ${EXTERNAL_FIELDS.join(' and ')} can be changed here`,
          [other[0] as string],
        );
    }
    return entities.update(
      STUDENT,
      routeId(request),
      request.body,
      requestQuery(request),
      request.actor,
    );
  });

  /** Teachers by full name, for choosing a tutor (spec §7 Teachers). */
  app.get('/api/teachers/names', (request, reply) => {
    if (request.actor.kind !== 'user') throw forbidden();
    return serveCached(request, reply, async (tables) => {
      tables.add('teachers');
      tables.add('up_users');
      return JSON.stringify(await findTeacherNames(app.db, requestQuery(request)));
    });
  });
}
