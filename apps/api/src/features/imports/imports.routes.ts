import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_FILE_SIZE_LIMIT_MB,
  IMPORT_MAX_ROWS,
  TFX_IMPORT_COLUMNS,
  TFX_IMPORT_TEMPLATE_FILENAME,
  importAnswerSchema,
  importFormSchema,
  importQuerySchema,
} from '@plataforma/shared';
import { onlyRoles } from '../../lib/route-guards';
import { routeSchema } from '../../lib/route-schema';
import { IMPORT_ROLES, importTfxes, tfxTemplateRows } from './imports.service';
import { CSV_CONTENT_TYPE, templateCsv } from './import-template';
import { IMPORT_MULTIPART_LIMITS, multipartOnly, readImportFile } from './import-upload';
import { catalogueImportsRoutes } from './catalogue-imports.routes';
import { peopleImportsRoutes } from './people-imports.routes';

/**
 * Imports from files (ADR 0039): the external final works and the template of their file, the
 * imports of people (people-imports.routes.ts, ADR 0048) and of the catalogue
 * (catalogue-imports.routes.ts, ADR 0065). Encapsulated, so the multipart
 * parser exists only for these routes.
 */
export async function importsRoutes(instance: FastifyInstance) {
  await instance.register(fastifyMultipart, {
    limits: IMPORT_MULTIPART_LIMITS,
    throwFileSizeLimit: true,
  });
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const columns = TFX_IMPORT_COLUMNS.map((c) => `${c.header}${c.required ? ' (obligatoria)' : ''}`);

  app.post(
    '/api/imports/tfxes',
    {
      // Who may call it, then the body's type, before anything is read.
      preValidation: [onlyRoles(IMPORT_ROLES), multipartOnly],
      schema: {
        ...routeSchema(
          {
            tag: 'imports',
            summary: 'Import external final works from a CSV or XLSX file (admins)',
            description: `Bearer; admins only (403 otherwise, before the body is read). Multipart, one file in \`file\` (CSV in UTF-8 or Windows-1252 separated by \`;\`, \`,\` or tab, or the first sheet of an XLSX; at most ${IMPORT_FILE_SIZE_LIMIT_MB} MB and ${IMPORT_MAX_ROWS} rows). Columns by their Spanish header, ignoring case and accents: ${columns.join(', ')}; \`etiquetas\` separated by \`;\`. \`dryRun=true\` answers the preview and writes nothing; otherwise the valid rows are written in one transaction. A work already imported (same title, author and year) is skipped, or updated with \`onExisting=update\`. Every problem of a row is listed with its row number (the header is row 1) and column, in Spanish. 400 (Spanish, \`details.errors[0].path = ['file']\`) for an empty file, one that is not CSV or XLSX, a missing required column, more than ${IMPORT_MAX_ROWS} rows; 413 above the size.`,
            access: 'bearer',
            errors: [400, 401, 403, 413, 415],
          },
          {
            querystring: importQuerySchema,
            // The file is read as a stream after validation: nothing is in `body` then.
            body: importFormSchema.nullish(),
            response: { 200: importAnswerSchema },
          },
        ),
        consumes: ['multipart/form-data'],
      },
    },
    async (request) =>
      importTfxes(app, request.actor, await readImportFile(request), request.query),
  );

  app.get(
    '/api/imports/tfxes/template',
    {
      config: { auth: false },
      schema: routeSchema(
        {
          tag: 'imports',
          summary: 'The CSV template of the external works import',
          description: `Public. A header and one example row, UTF-8 with BOM, \`;\`-separated, CRLF, as an attachment \`${TFX_IMPORT_TEMPLATE_FILENAME}\`.`,
          access: 'public',
        },
        {
          response: {
            200: z.string().meta({ description: 'The CSV file (text/csv; charset=utf-8)' }),
          },
        },
      ),
    },
    async (_request, reply) =>
      reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header(
          'content-disposition',
          contentDisposition(TFX_IMPORT_TEMPLATE_FILENAME, { type: 'attachment' }),
        )
        .header('cache-control', 'public, max-age=3600')
        .send(templateCsv(tfxTemplateRows())),
  );

  // Students, teachers and organisations (ADR 0048), under this plugin's multipart parser.
  await instance.register(peopleImportsRoutes);
  // The catalogue: universities, campuses and degrees, and study areas (ADR 0065).
  await instance.register(catalogueImportsRoutes);
}
