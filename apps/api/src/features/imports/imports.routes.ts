import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Papa from 'papaparse';
import { z } from 'zod';
import {
  IMPORT_FILE_SIZE_LIMIT_BYTES,
  IMPORT_FILE_SIZE_LIMIT_MB,
  IMPORT_MAX_ROWS,
  TFX_IMPORT_COLUMNS,
  TFX_IMPORT_TEMPLATE_FILENAME,
  importAnswerSchema,
  importFormSchema,
  importQuerySchema,
} from '@plataforma/shared';
import { AppError, refusal, validationError } from '../../lib/errors';
import { onlyRoles } from '../../lib/route-guards';
import { routeSchema } from '../../lib/route-schema';
import { IMPORT_ROLES, importTfxes, tfxTemplateRows, type ImportFile } from './imports.service';

const tooLarge = () =>
  refusal(
    'PAYLOAD_TOO_LARGE',
    `El archivo pesa más de ${IMPORT_FILE_SIZE_LIMIT_MB} MB: divídelo en varios.`,
    { maxBytes: IMPORT_FILE_SIZE_LIMIT_BYTES },
  );

const noFile = () =>
  refusal('VALIDATION', 'Adjunta un archivo CSV o XLSX.', {
    errors: [
      { path: ['file'], message: 'Adjunta un archivo CSV o XLSX.', name: 'ValidationError' },
    ],
  });

/**
 * The multipart body: one file in the field `file`, held in memory (it is at most a few MB).
 * Any other field or a second file is a 400, so a mistake does not silently do nothing.
 */
async function readImportFile(request: FastifyRequest): Promise<ImportFile> {
  let file: ImportFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || file) {
        if (part.type === 'file') part.file.resume();
        throw validationError(
          `Unexpected field "${part.fieldname}": send one file in the field "file"`,
          [part.fieldname],
        );
      }
      const bytes = await part.toBuffer();
      file = { bytes };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw validationError('Send one file in the field "file"', ['file']);
    }
    throw new AppError('BAD_REQUEST', 'The multipart body is malformed or incomplete');
  }
  if (!file) throw noFile();
  return file;
}

/** The template: UTF-8 with a BOM (Excel then reads the accents right), `;`, CRLF. */
function templateCsv(): string {
  return `\uFEFF${Papa.unparse(tfxTemplateRows(), { delimiter: ';', newline: '\r\n' })}\r\n`;
}

/**
 * Imports from files (ADR 0039): the external final works, and the template of their file.
 * Encapsulated, so the multipart parser exists only for these routes.
 */
export async function importsRoutes(instance: FastifyInstance) {
  await instance.register(fastifyMultipart, {
    limits: { fileSize: IMPORT_FILE_SIZE_LIMIT_BYTES, files: 1, fields: 0, parts: 2 },
    throwFileSizeLimit: true,
  });
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const columns = TFX_IMPORT_COLUMNS.map((c) => `${c.header}${c.required ? ' (obligatoria)' : ''}`);

  app.post(
    '/api/imports/tfxes',
    {
      // Who may call it, then the body's type, before anything is read.
      preValidation: [
        onlyRoles(IMPORT_ROLES),
        async (request) => {
          if (!request.isMultipart()) {
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The body must be multipart/form-data');
          }
        },
      ],
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
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition(TFX_IMPORT_TEMPLATE_FILENAME, { type: 'attachment' }),
        )
        .header('cache-control', 'public, max-age=3600')
        .send(templateCsv()),
  );
}
