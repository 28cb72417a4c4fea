import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_FILE_SIZE_LIMIT_MB,
  PEOPLE_IMPORT_COLUMNS,
  PEOPLE_IMPORT_KINDS,
  PEOPLE_IMPORT_MAX_ROWS,
  PEOPLE_IMPORT_TEMPLATE_NAMES,
  idParamsSchema,
  importAnswerSchema,
  importFormSchema,
  importIdParamsSchema,
  importTemplateQuerySchema,
  invitationAnswerSchema,
  peopleImportAnswerSchema,
  peopleImportQuerySchema,
  type PeopleImportKind,
} from '@plataforma/shared';
import { refusal } from '../../lib/errors';
import { answeringReplays, idempotencyScope } from '../../lib/idempotency';
import { onlyRoles } from '../../lib/route-guards';
import { permissionsFor } from '../site/site.service';
import { routeSchema } from '../../lib/route-schema';
import { IMPORT_ROLES } from './imports.service';
import { resendInvitation } from './invitations';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, templateCsv, templateXlsx } from './import-template';
import { multipartOnly, readImportFile } from './import-upload';
import { PEOPLE_IMPORT_BATCH } from './people-import.jobs';
import {
  findPeopleImport,
  peopleTemplateRows,
  previewPeopleImport,
  startPeopleImport,
} from './people-import.service';

const WHAT: Record<PeopleImportKind, { summary: string; rows: string }> = {
  students: {
    summary: 'Load students from a CSV or XLSX file (admins)',
    rows: 'A new student gets an account without a password (confirmed), a student record with a fresh primaryKey (E and four digits), and an `inviteStudent` email with a link to choose their password (14 days, single use).',
  },
  teachers: {
    summary: 'Load teachers from a CSV or XLSX file (admins)',
    rows: 'A new teacher gets an account without a password (confirmed), a teacher record with a fresh primaryKey (P and four digits), `invited` true and the degrees of `grados`, and an `inviteTeacher` email with a link to choose their password (14 days, single use).',
  },
  organizations: {
    summary: 'Load organisations and their coordinators from a CSV or XLSX file (admins)',
    rows: 'A new organisation is created with its coordinator: a new address gets a coordinator account without a password and an `inviteCoordinator` email with a link to choose their password (14 days, single use); a registered coordinator without organisation is linked to it. Organisations are the same when their names are (case, accents and punctuation aside).',
  },
};

/**
 * A file as an attachment (its bytes are not what the answer's schema serialises); the
 * catalogue's templates too (catalogue-imports.routes.ts).
 */
export function sendFile(reply: FastifyReply, name: string, type: string, body: string | Buffer) {
  return (
    reply
      .header('content-type', type)
      .header('content-disposition', contentDisposition(name, { type: 'attachment' }))
      // The example follows the catalogue, which admins change.
      .header('cache-control', 'no-cache')
      .send(body)
  );
}

const columnsText = (kind: PeopleImportKind) =>
  PEOPLE_IMPORT_COLUMNS[kind]
    .map((c) => `\`${c.header}\`${c.required ? ' (required)' : ''}`)
    .join(', ');

/**
 * Organisations are loaded only where they are switched on: the admin's "Empresas" needs
 * `organizations.enabled` (spec §2), and the menu hiding it is not what stops the call.
 */
const organizationsSwitchedOn: preValidationAsyncHookHandler = async function (request) {
  const { organizations } = await permissionsFor(this.db, request.actor);
  if (!organizations.enabled) {
    throw refusal(
      'FORBIDDEN',
      'Las organizaciones no están activadas en esta plataforma: actívalas en Ajustes › Permisos para cargarlas',
    );
  }
};

/**
 * Loading people from files (ADR 0048): students, teachers and organisations, each a preview, an
 * import run by a job, and a template; the import's progress; a fresh invitation. Admins only:
 * anyone else 403, visitors 401, before the body is read. Registered inside importsRoutes, whose
 * multipart parser it uses.
 */
export async function peopleImportsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const admins = onlyRoles(IMPORT_ROLES, { visitor: 'unauthorized' });

  for (const kind of PEOPLE_IMPORT_KINDS) {
    app.post(
      `/api/imports/${kind}`,
      {
        preValidation: [
          admins,
          ...(kind === 'organizations' ? [organizationsSwitchedOn] : []),
          multipartOnly,
        ],
        schema: {
          ...routeSchema(
            {
              tag: 'imports',
              summary: WHAT[kind].summary,
              description: `Bearer; admins only. Multipart, one file in \`file\` (CSV in UTF-8 or Windows-1252 separated by \`;\`, \`,\` or tab, or the first sheet of an XLSX; at most ${IMPORT_FILE_SIZE_LIMIT_MB} MB and ${PEOPLE_IMPORT_MAX_ROWS} rows). Columns by their Spanish header, ignoring case, accents and punctuation: ${columnsText(kind)}. \`mode\` says what to do with a row already registered (same email; for organisations, same name): \`create\` (default) reports it as an error, \`update\` rewrites it with the file's non-empty cells, \`skip\` leaves it. \`dryRun=true\` answers 200 with the preview: every row with its action and every problem by row number (the header is row 1) and column, in Spanish (missing or invalid email, a university, campus or degree not in the catalogue with the closest name suggested, a row repeating an earlier one, already registered); nothing is written. Otherwise answers 202 with the import queued: a job writes it in batches of ${PEOPLE_IMPORT_BATCH} rows, each in one transaction, and \`GET /api/imports/:id\` follows it. ${WHAT[kind].rows} The same file imported twice creates nothing new. 400 (Spanish, \`details.errors[0].path = ['file']\`) for an empty file, one that is not CSV or XLSX, a missing required column, too many rows; 413 above the size; 415 when not multipart.${kind === 'organizations' ? ' 403 (Spanish) while organisations are switched off for admins (`organizations.enabled`).' : ''}`,
              access: 'bearer',
              errors: [400, 401, 403, 413, 415],
            },
            {
              querystring: peopleImportQuerySchema,
              // The file is read as a stream after validation: nothing is in `body` then.
              body: importFormSchema.nullish(),
              response: { 200: importAnswerSchema, 202: peopleImportAnswerSchema },
            },
          ),
          consumes: ['multipart/form-data'],
        },
      },
      async (request, reply) => {
        const file = await readImportFile(request);
        if (request.query.dryRun) {
          return reply
            .code(200)
            .send(await previewPeopleImport(app, request.actor, kind, file, request.query));
        }
        return reply
          .code(202)
          .send(await startPeopleImport(app, request.actor, kind, file, request.query));
      },
    );

    app.get(
      `/api/imports/${kind}/template`,
      {
        config: { auth: false },
        schema: routeSchema(
          {
            tag: 'imports',
            summary: `The template of the ${kind} import`,
            description: `Public. The header (${columnsText(kind)}) and one example row that imports as it is (its university, campus and degree are this installation's first), as an attachment \`${PEOPLE_IMPORT_TEMPLATE_NAMES[kind]}.csv\` (UTF-8 with BOM, \`;\`, CRLF) or \`.xlsx\` (\`format=xlsx\`: every cell text, the header bold and frozen).`,
            access: 'public',
            errors: [400],
          },
          {
            querystring: importTemplateQuerySchema,
            response: {
              200: z.string().meta({
                description: 'The file: text/csv; charset=utf-8, or the XLSX media type',
              }),
            },
          },
        ),
      },
      async (request, reply) => {
        const { format } = request.query;
        const rows = await peopleTemplateRows(app, kind);
        const name = `${PEOPLE_IMPORT_TEMPLATE_NAMES[kind]}.${format}`;
        return format === 'xlsx'
          ? sendFile(reply, name, XLSX_CONTENT_TYPE, await templateXlsx(rows, 'Plantilla'))
          : sendFile(reply, name, CSV_CONTENT_TYPE, templateCsv(rows));
      },
    );
  }

  app.get(
    '/api/imports/:id',
    {
      preValidation: admins,
      schema: routeSchema(
        {
          tag: 'imports',
          summary: 'Follow an import of people (admins)',
          description:
            'Bearer; admins only. The import’s `status` (`queued`, `running`, `done`, `failed`), its rows `total` and `processed` (whole batches committed; `processed / total` is the progress bar), the rows `created`, `updated`, `skipped` and `failed`, and every failed row with its problems by row and column, in Spanish. `failed` status: the job gave up; the batches written stay and `error` says so. 404 for an unknown id.',
          access: 'bearer',
          errors: [400, 401, 403, 404],
        },
        { params: importIdParamsSchema, response: { 200: peopleImportAnswerSchema } },
      ),
    },
    (request) => findPeopleImport(app, request.actor, request.params.id),
  );

  app.post(
    '/api/users/:id/invitation',
    {
      preValidation: admins,
      schema: routeSchema(
        {
          tag: 'imports',
          summary: 'Send a fresh invitation to choose a password (admins)',
          description:
            'Bearer; admins only. For a student, teacher or coordinator account that has never had a password (loaded from a file, or registered by an admin): a new link to `/reset-password?code=…&invitation=1` (14 days, single use; earlier links stop working) in their invitation email (`inviteStudent`, `inviteTeacher` or `inviteCoordinator`). No body. 404 for an unknown account; 409 (Spanish) when it already has a password, is blocked or has another profile; 429 after 10 in an hour for one account. With an `Idempotency-Key`, the same call sent again answers the first invitation and sends no second email.',
          access: 'bearer',
          errors: [400, 401, 403, 404, 409, 429],
          idempotent: true,
        },
        { params: idParamsSchema, response: { 200: invitationAnswerSchema } },
      ),
    },
    (request, reply) =>
      answeringReplays(reply, () =>
        resendInvitation(app, request.actor, request.params.id, {
          idempotency: idempotencyScope(request, 200),
        }),
      ),
  );
}
