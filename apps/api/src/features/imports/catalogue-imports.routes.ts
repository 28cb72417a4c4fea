import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOGUE_IMPORT_COLUMN_LISTS,
  CATALOGUE_IMPORT_KINDS,
  CATALOGUE_IMPORT_MAX_ROWS,
  CATALOGUE_IMPORT_TEMPLATE_NAMES,
  IMPORT_FILE_SIZE_LIMIT_MB,
  catalogueImportQuerySchema,
  importAnswerSchema,
  importFormSchema,
  importTemplateQuerySchema,
  type CatalogueImportKind,
} from '@plataforma/shared';
import { onlyRoles } from '../../lib/route-guards';
import { routeSchema } from '../../lib/route-schema';
import { catalogueTemplateRows, importCatalogue } from './catalogue-import.service';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, templateCsv, templateXlsx } from './import-template';
import { multipartOnly, readImportFile } from './import-upload';
import { IMPORT_ROLES } from './imports.service';
import { sendFile } from './people-imports.routes';

const WHAT: Record<CatalogueImportKind, { summary: string; rows: string }> = {
  catalogue: {
    summary: 'Load universities, campuses and degrees from a CSV or XLSX file (admins)',
    rows: 'One row per degree and campus (a row may stop at the university or the campus). Universities are found by name, a campus among its university’s, a degree among those its campus offers, then among its university’s: a degree of one name is one degree per university, linked to each campus that offers it (`campuses_degrees_links`). What is missing is created; a found degree takes the file’s non-empty `duracion` and `tipo`. A new name close to one already there (trigram similarity ≥ 0.65) is created but warned about in the row’s `warnings` ("¿Querías decir «…»?"). Rows that repeat an earlier one, or give a degree another duration or type than an earlier row, are invalid naming that row.',
  },
  'study-areas': {
    summary: 'Load study areas and their subareas from a CSV or XLSX file (admins)',
    rows: 'One row per subarea (or an area alone). Areas are found by name, a subarea among its area’s; what is missing is created. A new name close to one already there is warned about in the row’s `warnings`. A row repeating an earlier one is invalid naming it.',
  },
};

const columnsText = (kind: CatalogueImportKind) =>
  CATALOGUE_IMPORT_COLUMN_LISTS[kind]
    .map((c) => `\`${c.header}\`${c.required ? ' (required)' : ''}`)
    .join(', ');

/**
 * Loading the catalogue from files (ADR 0065): universities, campuses and degrees, and study
 * areas, each a preview, a load written in the request, and a template. Admins only: anyone else
 * 403, visitors 401, before the body is read, as the people loads. Registered inside
 * importsRoutes, whose multipart parser it uses.
 */
export async function catalogueImportsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const admins = onlyRoles(IMPORT_ROLES, { visitor: 'unauthorized' });

  for (const kind of CATALOGUE_IMPORT_KINDS) {
    app.post(
      `/api/imports/${kind}`,
      {
        preValidation: [admins, multipartOnly],
        schema: {
          ...routeSchema(
            {
              tag: 'imports',
              summary: WHAT[kind].summary,
              description: `Bearer; admins only. Multipart, one file in \`file\` (CSV in UTF-8 or Windows-1252 separated by \`;\`, \`,\` or tab, or the first sheet of an XLSX; at most ${IMPORT_FILE_SIZE_LIMIT_MB} MB and ${CATALOGUE_IMPORT_MAX_ROWS} rows). Columns by their Spanish header, ignoring case, accents and punctuation: ${columnsText(kind)}. Names are compared as people mean them (case, accents, punctuation and spaces aside). ${WHAT[kind].rows} \`dryRun=true\` answers the preview: every row with its action (\`create\`, \`update\`, \`skip\`, \`invalid\`), its problems and warnings by row number (the header is row 1) and column, in Spanish, and \`entries\`, what would be created by kind; nothing is written. Otherwise the file is planned again and its valid rows written in one transaction under the catalogue’s lock (ADR 0047), and the same answer says what was written (\`written\` true). The same file loaded twice creates nothing new. 400 (Spanish, \`details.errors[0].path = ['file']\`) for an empty file, one that is not CSV or XLSX, a missing required column, too many rows; 413 above the size; 415 when not multipart.`,
              access: 'bearer',
              errors: [400, 401, 403, 413, 415],
            },
            {
              querystring: catalogueImportQuerySchema,
              // The file is read as a stream after validation: nothing is in `body` then.
              body: importFormSchema.nullish(),
              response: { 200: importAnswerSchema },
            },
          ),
          consumes: ['multipart/form-data'],
        },
      },
      async (request) =>
        importCatalogue(app, request.actor, kind, await readImportFile(request), request.query),
    );

    app.get(
      `/api/imports/${kind}/template`,
      {
        config: { auth: false },
        schema: routeSchema(
          {
            tag: 'imports',
            summary: `The template of the ${kind} import`,
            description: `Public. The header (${columnsText(kind)}) and example rows (this installation's own entries when it has some, so the template loads as it is without changing anything), as an attachment \`${CATALOGUE_IMPORT_TEMPLATE_NAMES[kind]}.csv\` (UTF-8 with BOM, \`;\`, CRLF) or \`.xlsx\` (\`format=xlsx\`: every cell text, the header bold and frozen).`,
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
        const rows = await catalogueTemplateRows(app, kind);
        const name = `${CATALOGUE_IMPORT_TEMPLATE_NAMES[kind]}.${format}`;
        return format === 'xlsx'
          ? sendFile(reply, name, XLSX_CONTENT_TYPE, await templateXlsx(rows, 'Plantilla'))
          : sendFile(reply, name, CSV_CONTENT_TYPE, templateCsv(rows));
      },
    );
  }
}
