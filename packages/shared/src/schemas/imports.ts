import { z } from 'zod';
import { CATALOGUE_IMPORT_KINDS, catalogueImportEntriesSchema } from './catalogue-imports';

/**
 * Loading rows from a CSV or XLSX file (`POST /api/imports/<kind>`, multipart field `file`):
 * `?dryRun=true` answers the preview (every row with its problems, nothing written); without it
 * the valid rows are written. The external final works are the first kind (ADR 0039), written in
 * the request; people (students, teachers, organisations) follow the same preview and are
 * written by a job of the durable queue that the web follows (ADR 0048); the catalogue and the
 * study areas are written in the request (catalogue-imports.ts, ADR 0065).
 */

/** The kinds of people loaded from files (ADR 0048). */
export const PEOPLE_IMPORT_KINDS = ['students', 'teachers', 'organizations'] as const;
export type PeopleImportKind = (typeof PEOPLE_IMPORT_KINDS)[number];

export const IMPORT_KINDS = ['tfxes', ...PEOPLE_IMPORT_KINDS, ...CATALOGUE_IMPORT_KINDS] as const;
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
  /**
   * What the row will do that may not be what was meant, though it is valid: a catalogue name
   * close to one already there ("¿Querías decir…?", ADR 0065). Absent when none.
   */
  warnings: z.array(importIssueSchema).optional(),
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
      /** The catalogue's imports: what the file creates by kind of entry (ADR 0065). */
      entries: catalogueImportEntriesSchema.optional(),
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

/* ------------------------------------------------------------------------------------------ */
/* People: students, teachers and organisations (ADR 0048)                                    */
/* ------------------------------------------------------------------------------------------ */

/**
 * What an import does with a row whose person (or organisation) is already registered, chosen per
 * file: `create` only creates, so such a row fails ("ya está registrado"); `update` rewrites the
 * registered one with the file's non-empty cells; `skip` leaves it as it is. New rows are created
 * in every mode.
 */
export const PEOPLE_IMPORT_MODES = ['create', 'update', 'skip'] as const;
export type PeopleImportMode = (typeof PEOPLE_IMPORT_MODES)[number];

export const peopleImportQuerySchema = z.strictObject({
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  mode: z.enum(PEOPLE_IMPORT_MODES).default('create'),
});
export type PeopleImportQuery = z.output<typeof peopleImportQuerySchema>;

/** Rows of data a people file may hold (the header aside). */
export const PEOPLE_IMPORT_MAX_ROWS = 20_000;

/**
 * An import's life: `queued` (the job waits), `running` (batches being written), `done`, or
 * `failed` (the job gave up: the batches written so far stay, `processed` says how many rows).
 */
export const PEOPLE_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type PeopleImportStatus = (typeof PEOPLE_IMPORT_STATUSES)[number];

const dateTime = z.string().describe('ISO 8601, UTC');

/** A row that was not written, with every reason (the same problems the preview lists). */
export const peopleImportFailureSchema = z.object({
  row: z.number().int(),
  label: z.string(),
  errors: z.array(importIssueSchema),
});
export type PeopleImportFailure = z.infer<typeof peopleImportFailureSchema>;

/** An import of people as `GET /api/imports/:id` follows it. */
export const peopleImportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PEOPLE_IMPORT_KINDS),
  mode: z.enum(PEOPLE_IMPORT_MODES),
  status: z.enum(PEOPLE_IMPORT_STATUSES),
  fileName: z.string().nullable(),
  /** Rows of data in the file. */
  total: z.number().int(),
  /** Rows of the batches committed so far: created + updated + skipped + failed. */
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Every row of the committed batches that was not written, by row number. */
  failures: z.array(peopleImportFailureSchema),
  /** Spanish, when `status` is `failed`. */
  error: z.string().nullable(),
  createdAt: dateTime,
  finishedAt: dateTime.nullable(),
});
export type PeopleImport = z.infer<typeof peopleImportSchema>;

export const peopleImportAnswerSchema = z
  .object({ data: peopleImportSchema })
  .meta({ id: 'PeopleImportAnswer' });
export type PeopleImportAnswer = z.infer<typeof peopleImportAnswerSchema>;

/** `GET /api/imports/:id`. */
export const importIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const IMPORT_TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
export type ImportTemplateFormat = (typeof IMPORT_TEMPLATE_FORMATS)[number];

/** `GET /api/imports/<kind>/template?format=`. */
export const importTemplateQuerySchema = z.strictObject({
  format: z.enum(IMPORT_TEMPLATE_FORMATS).default('csv'),
});

/** The template's file name without its extension. */
export const PEOPLE_IMPORT_TEMPLATE_NAMES: Record<PeopleImportKind, string> = {
  students: 'plantilla-estudiantes',
  teachers: 'plantilla-docentes',
  organizations: 'plantilla-organizaciones',
};

/** A column of a people file: its header (matched ignoring case, accents and punctuation). */
export interface PeopleImportColumnDefinition {
  key: string;
  header: string;
  required: boolean;
  description: string;
}

const personColumns = [
  {
    key: 'email',
    header: 'email',
    required: true,
    description: 'Correo electrónico: será su usuario y recibirá ahí la invitación',
  },
  { key: 'nombre', header: 'nombre', required: true, description: 'Nombre' },
  { key: 'apellidos', header: 'apellidos', required: false, description: 'Apellidos' },
  {
    key: 'telefono',
    header: 'telefono',
    required: false,
    description: 'Teléfono (sin prefijo se entiende de España)',
  },
  {
    key: 'universidad',
    header: 'universidad',
    required: false,
    description: 'Universidad, como está en Facultades y Grados',
  },
  {
    key: 'campus',
    header: 'campus',
    required: false,
    description: 'Campus o facultad de esa universidad',
  },
] as const;

/** The columns of a students file. */
export const STUDENT_IMPORT_COLUMNS = [
  ...personColumns,
  {
    key: 'grado',
    header: 'grado',
    required: false,
    description: 'Grado o máster, de los que se imparten en ese campus',
  },
  { key: 'provincia', header: 'provincia', required: false, description: 'Provincia' },
] as const satisfies readonly PeopleImportColumnDefinition[];
export type StudentImportColumn = (typeof STUDENT_IMPORT_COLUMNS)[number]['key'];

/** The columns of a teachers file. */
export const TEACHER_IMPORT_COLUMNS = [
  ...personColumns,
  {
    key: 'area',
    header: 'area',
    required: false,
    description: 'Área de conocimiento o departamento',
  },
  {
    key: 'grados',
    header: 'grados',
    required: false,
    description: 'Grados o másteres en los que da clase, separados por punto y coma',
  },
] as const satisfies readonly PeopleImportColumnDefinition[];
export type TeacherImportColumn = (typeof TEACHER_IMPORT_COLUMNS)[number]['key'];

/** The columns of an organisations file: the organisation and, optionally, its coordinator. */
export const ORGANIZATION_IMPORT_COLUMNS = [
  { key: 'nombre', header: 'nombre', required: true, description: 'Nombre de la organización' },
  { key: 'tipo', header: 'tipo', required: false, description: 'Tipo (ONG, Fundación...)' },
  { key: 'sector', header: 'sector', required: false, description: 'Sector (Educación...)' },
  {
    key: 'tamano',
    header: 'tamano',
    required: false,
    description: 'Tamaño (1-9 personas, 10-49 personas...)',
  },
  { key: 'descripcion', header: 'descripcion', required: false, description: 'Descripción' },
  { key: 'ubicacion', header: 'ubicacion', required: false, description: 'Ubicación' },
  { key: 'web', header: 'web', required: false, description: 'Web (http:// o https://)' },
  {
    key: 'linkedin',
    header: 'linkedin',
    required: false,
    description: 'LinkedIn (http:// o https://)',
  },
  {
    key: 'contacto_nombre',
    header: 'contacto_nombre',
    required: false,
    description: 'Persona de contacto (solo la ven administración y su coordinación)',
  },
  {
    key: 'contacto_email',
    header: 'contacto_email',
    required: false,
    description: 'Correo de contacto',
  },
  {
    key: 'contacto_telefono',
    header: 'contacto_telefono',
    required: false,
    description: 'Teléfono de contacto',
  },
  {
    key: 'coordinador_email',
    header: 'coordinador_email',
    required: false,
    description: 'Correo de quien coordina la organización en la plataforma: recibe la invitación',
  },
  {
    key: 'coordinador_nombre',
    header: 'coordinador_nombre',
    required: false,
    description: 'Nombre de quien coordina (obligatorio si hay correo)',
  },
  {
    key: 'coordinador_apellidos',
    header: 'coordinador_apellidos',
    required: false,
    description: 'Apellidos de quien coordina',
  },
  {
    key: 'coordinador_telefono',
    header: 'coordinador_telefono',
    required: false,
    description: 'Teléfono de quien coordina',
  },
  {
    key: 'coordinador_cargo',
    header: 'coordinador_cargo',
    required: false,
    description: 'Cargo de quien coordina',
  },
] as const satisfies readonly PeopleImportColumnDefinition[];
export type OrganizationImportColumn = (typeof ORGANIZATION_IMPORT_COLUMNS)[number]['key'];

/** The columns of each kind, in the template's order. */
export const PEOPLE_IMPORT_COLUMNS: Record<
  PeopleImportKind,
  readonly PeopleImportColumnDefinition[]
> = {
  students: STUDENT_IMPORT_COLUMNS,
  teachers: TEACHER_IMPORT_COLUMNS,
  organizations: ORGANIZATION_IMPORT_COLUMNS,
};

/* ------------------------------------------------------------------------------------------ */
/* Invitations                                                                                */
/* ------------------------------------------------------------------------------------------ */

/**
 * `POST /api/users/:id/invitation` (admins): a fresh link to choose a password, for an account
 * that has never had one (an imported person, an admin's registration).
 */
export const invitationAnswerSchema = z
  .object({
    data: z.object({
      userId: z.number().int(),
      email: z.string(),
      /** The email sent: inviteStudent, inviteTeacher or inviteCoordinator. */
      template: z.enum(['inviteStudent', 'inviteTeacher', 'inviteCoordinator']),
      /** When the link stops working. */
      expiresAt: dateTime,
    }),
  })
  .meta({ id: 'InvitationAnswer' });
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;
