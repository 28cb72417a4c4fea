import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  externalStudentUpdateSchema,
  idParamsSchema,
  namesAnswerSchema,
  namesQuerySchema,
  PROFILE_TYPES,
  strapiEntryQuerySchema,
  strapiReadQuerySchema,
  studentOfUserParamsSchema,
  studentsAllQuerySchema,
} from '@plataforma/shared';
import { jsonText, serveCached } from '../../lib/cache/serve-cached';
import { onlyRoles } from '../../lib/route-guards';
import { registryRef, routeSchema } from '../../lib/route-schema';
import {
  findTeacherNames,
  listAllStudents,
  listExternalStudents,
  updateExternalStudent,
  updateStudentOfUser,
} from './profiles.service';

/** Any signed-in user, with a profile or not; visitors are refused with 403 as by the engine. */
const SIGNED_IN = ['authenticated', ...PROFILE_TYPES] as const;

/**
 * The profile calls of spec §7 that are not plain content routes. Every one goes through the
 * engine with the caller as principal, so the access table decides what each may see and change.
 */
export async function profilesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/students/all',
    {
      schema: routeSchema(
        {
          tag: 'profiles',
          summary: 'Every student the caller may see, drafts included, in one streamed answer',
          description:
            'Bearer. The access table decides who is seen (admins: everyone). In id order, as one page (`meta.pagination.total`); `pagination` and `sort` are refused. Sent as it is read, in batches: any number of students.',
          access: 'bearer',
          errors: [400, 401, 403],
        },
        {
          querystring: studentsAllQuerySchema,
          response: { 200: registryRef('StudentListResponse') },
        },
      ),
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(Readable.from(await listAllStudents(app, request.actor, request.query))),
  );

  app.put(
    '/api/students/user/:userId',
    {
      schema: routeSchema(
        {
          tag: 'profiles',
          summary: 'Update the student record of a user',
          description:
            'Bearer. "Student not found" (404) when the user has none or the caller may not see it.',
          access: 'bearer',
          errors: [400, 401, 403, 404],
        },
        {
          params: studentOfUserParamsSchema,
          querystring: strapiEntryQuerySchema,
          body: registryRef('StudentInput'),
          response: { 200: registryRef('StudentResponse') },
        },
      ),
    },
    (request) =>
      updateStudentOfUser(app, request.actor, {
        userId: request.params.userId,
        body: request.body,
        query: request.query,
      }),
  );

  app.get(
    '/api/external/students',
    {
      schema: routeSchema(
        { tag: 'profiles', summary: 'Students the caller may see', errors: [400, 401, 403] },
        {
          querystring: strapiReadQuerySchema,
          response: { 200: registryRef('StudentListResponse') },
        },
      ),
    },
    (request, reply) =>
      serveCached(request, reply, (tables) =>
        listExternalStudents(app, request.actor, request.query, tables),
      ),
  );

  app.put(
    '/api/external/students/:id',
    {
      schema: routeSchema(
        {
          tag: 'profiles',
          summary:
            'Update the saved library items of a student (favorites_tfxes, favorites_resources)',
          access: 'bearer',
          errors: [400, 401, 403, 404],
        },
        {
          params: idParamsSchema,
          querystring: strapiEntryQuerySchema,
          body: externalStudentUpdateSchema,
          response: { 200: registryRef('StudentResponse') },
        },
      ),
    },
    (request) =>
      updateExternalStudent(app, request.actor, {
        id: request.params.id,
        body: request.body,
        query: request.query,
      }),
  );

  /** Teachers by full name, for choosing a tutor (spec §7 Teachers). */
  app.get(
    '/api/teachers/names',
    {
      preValidation: onlyRoles(SIGNED_IN),
      schema: routeSchema(
        {
          tag: 'profiles',
          summary: 'Published teachers by full name (choosing a tutor), 10 a page',
          access: 'bearer',
          errors: [400, 401, 403],
        },
        { querystring: namesQuerySchema([]), response: { 200: namesAnswerSchema } },
      ),
    },
    (request, reply) =>
      serveCached(request, reply, async (tables) =>
        jsonText(await findTeacherNames(app, request.query, tables)),
      ),
  );
}
