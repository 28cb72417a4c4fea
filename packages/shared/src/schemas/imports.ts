import { z } from 'zod';

/**
 * Loading rows from a CSV or XLSX file (`POST /api/imports/<kind>`, multipart field `file`):
 * `?dryRun=true` answers the preview (every row with its problems, nothing written); without it
 * the valid rows are written. The external final works are the first kind (ADR 0039); people
 * follow the same shapes.
 */

export const IMPORT_KINDS = ['tfxes'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** What happens to a row already in the platform (the same work imported again). */
export const IMPORT_ON_EXISTING = ['skip', 'update'] as const;
export type ImportOnExisting = (typeof IMPORT_ON_EXISTING)[number];

export const importQuerySchema = z.strictObject({
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  onExisting: z.enum(IMPORT_ON_EXISTING).default('skip'),
});
export type ImportQuery = z.output<typeof importQuerySchema>;

/** A problem of a row: its number in the file (the header is row 1), the column and why. */
export const importIssueSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable().describe('The header as written in the file; null for the row'),
  message: z.string().describe('Spanish'),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const IMPORT_ROW_ACTIONS = ['create', 'update', 'skip', 'invalid'] as const;
export type ImportRowAction = (typeof IMPORT_ROW_ACTIONS)[number];

export const importRowSchema = z.object({
  row: z.number().int(),
  action: z.enum(IMPORT_ROW_ACTIONS),
  /** A short name of the row for the preview (a work's title, a person's email). */
  label: z.string(),
  errors: z.array(importIssueSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importCountsSchema = z.object({
  total: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  skip: z.number().int(),
  invalid: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** The answer of an import: its rows and counts (`written` false for a dry run). */
export const importAnswerSchema = z
  .object({
    data: z.object({
      kind: z.enum(IMPORT_KINDS),
      written: z.boolean(),
      counts: importCountsSchema,
      rows: z.array(importRowSchema),
    }),
  })
  .meta({ id: 'ImportAnswer' });
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

/** Rows of data a file may hold (the header aside). */
export const IMPORT_MAX_ROWS = 5000;
/** Size of an import file: 5000 rows of a work's fields fit well below it. */
export const IMPORT_FILE_SIZE_LIMIT_MB = 5;
export const IMPORT_FILE_SIZE_LIMIT_BYTES = IMPORT_FILE_SIZE_LIMIT_MB * 1024 * 1024;

/** The multipart body of `POST /api/imports/<kind>`: one CSV or XLSX file in `file`. */
export const importFormSchema = z.object({
  file: z
    .string()
    .meta({ format: 'binary', description: 'A CSV (UTF-8 or Windows-1252) or XLSX file' }),
});

/**
 * The columns of an external works file (ADR 0039), by their Spanish header; headers are matched
 * ignoring case, accents, spaces and punctuation (`Título`, `TITULO`, `año`). Other columns are
 * ignored.
 */
export const TFX_IMPORT_COLUMNS = [
  { key: 'titulo', header: 'titulo', required: true, description: 'Título del trabajo' },
  { key: 'resumen', header: 'resumen', required: false, description: 'Resumen' },
  {
    key: 'autor',
    header: 'autor',
    required: true,
    description: 'Nombre y apellidos de quien lo escribió',
  },
  { key: 'universidad', header: 'universidad', required: true, description: 'Universidad' },
  { key: 'grado', header: 'grado', required: false, description: 'Grado o máster' },
  {
    key: 'anio',
    header: 'anio',
    required: true,
    description: 'Año de defensa (por ejemplo, 2024)',
  },
  {
    key: 'enlace',
    header: 'enlace',
    required: true,
    description: 'Enlace al trabajo o a su PDF (http:// o https://)',
  },
  { key: 'idioma', header: 'idioma', required: false, description: 'Idioma (Español, Inglés...)' },
  { key: 'sector', header: 'sector', required: false, description: 'Sector (Educación, Salud...)' },
  {
    key: 'etiquetas',
    header: 'etiquetas',
    required: false,
    description: 'Etiquetas separadas por punto y coma',
  },
] as const;
export type TfxImportColumn = (typeof TFX_IMPORT_COLUMNS)[number]['key'];

/** The name of the template `GET /api/imports/tfxes/template` answers. */
export const TFX_IMPORT_TEMPLATE_FILENAME = 'plantilla-trabajos-externos.csv';
