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
  teacherDecisionParamsSchema,
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
import { decideTeacher } from './teacher-verification.service';
import { STUDENT_UID, withPrivateReads } from '../privacy/private-reads';

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
        .send(
          Readable.from(
            withPrivateReads(
              app,
              request,
              STUDENT_UID,
              await listAllStudents(app, request.actor, request.query),
            ),
          ),
        ),
  );

  app.put(
    '/api/students/user/:userId',
    {
      config: { contentType: STUDENT_UID },
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
      config: { contentType: STUDENT_UID },
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
      config: { contentType: STUDENT_UID },
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

  // The admins' decision on a teacher (ADR 0051): anyone else 403, visitors 401, before the
  // request is read.
  const admins = onlyRoles(['admin'], { visitor: 'unauthorized' });
  const DECISIONS = {
    verify: {
      summary: 'Approve a teacher: they may publish projects (admins)',
      description:
        'Bearer; admins only. A pending or rejected teacher becomes `verified` (`verification_decided_at` now, `verification_decided_by` the admin) and may create projects and send them to review; a rejected one is published again. The teacher is emailed (`teacherVerified`, with a link to `/projects/create`). Verifying a verified teacher changes nothing. No body; answers the teacher record (`populate` and `fields` as in a read; drafts included). 404 for an unknown id.',
      errors: [400, 401, 403, 404] as const,
    },
    reject: {
      summary: 'Reject a pending teacher: they stay unable to publish (admins)',
      description:
        'Bearer; admins only. A pending teacher becomes `rejected` (`verification_decided_at` now, `verification_decided_by` the admin) and their record is unpublished (`publishedAt: null`): off the pending list, the tutor choices and what others see. The account is kept and may sign in; they still cannot create projects (403 with the Spanish reason). Rejecting a rejected teacher changes nothing; a verified one is a 409 (Spanish). No body; answers the teacher record. 404 for an unknown id.',
      errors: [400, 401, 403, 404, 409] as const,
    },
  };
  for (const decision of ['verify', 'reject'] as const) {
    app.post(
      `/api/teachers/:id/${decision}`,
      {
        preValidation: admins,
        schema: routeSchema(
          {
            tag: 'profiles',
            summary: DECISIONS[decision].summary,
            description: DECISIONS[decision].description,
            access: 'bearer',
            errors: [...DECISIONS[decision].errors],
          },
          {
            params: teacherDecisionParamsSchema,
            querystring: strapiEntryQuerySchema,
            response: { 200: registryRef('TeacherResponse') },
          },
        ),
      },
      (request) =>
        decideTeacher(app, request.actor, {
          id: request.params.id,
          decision,
          query: request.query,
        }),
    );
  }

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
