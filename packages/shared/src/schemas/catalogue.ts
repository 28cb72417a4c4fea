import { z } from 'zod';
import { strapiFiltersSchema, strapiListOf, strapiPaginationQuerySchema } from './strapi';

/**
 * The option fetchers of the catalogue comboboxes (spec §7 "Catalogues", §9; ADR 0005):
 * `GET /api/universities/names`, `/api/campuses/names`, `/api/degree/names`.
 */

/** The name search: `filters[name][$contains]` ($containsi too), case and accents ignored. */
const nameFilter = z.union([
  z.string(),
  z
    .object({
      $contains: z.string().optional(),
      $containsi: z.string().optional(),
    })
    .catchall(z.unknown()),
]);

/** A filter on another field or relation (`filters[campuses][name][$eq]=...`, `filters[master]=true`). */
const relationFilter = z.union([z.string(), strapiFiltersSchema]).optional();

/** A parsed names query: the name search, the catalogue's other filters, the page. */
export interface NamesQuery {
  filters?: { name?: z.output<typeof nameFilter> } & Record<string, unknown>;
  pagination?: z.output<typeof strapiPaginationQuerySchema>;
}

/** The query of a names call: the name search plus the filters that catalogue allows. */
export const namesQuerySchema = (allowedFilters: readonly string[]): z.ZodType<NamesQuery> =>
  z.strictObject({
    filters: z
      .strictObject({
        name: nameFilter.optional(),
        ...Object.fromEntries(allowedFilters.map((key) => [key, relationFilter])),
      })
      .optional(),
    pagination: strapiPaginationQuerySchema.optional(),
  });

/** `{data: [{id, attributes: {name}}], meta: {pagination}}`, sorted by name. */
export const namesAnswerSchema = strapiListOf(z.object({ name: z.string() })).meta({
  id: 'NamesAnswer',
});
export type NamesAnswer = z.infer<typeof namesAnswerSchema>;

/*
 * The admins' "Facultades y Grados" (spec §2 /campus, §3 University, Campus, Degree, Call;
 * ADR 0047): the entries as the generic routes answer them, the rules the API enforces on their
 * writes (worded for people, in Spanish) and what deleting one touches.
 */

const dateTime = z.string().describe('ISO 8601, UTC');
const isoDay = z.string().describe('yyyy-MM-dd');

/** Spec §3 University as `GET /api/universities` answers it. */
export const universityAttributesSchema = z.object({
  name: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type UniversityAttributes = z.infer<typeof universityAttributesSchema>;

/** Spec §3 Campus (a faculty or centre of a university), its relations aside. */
export const campusAttributesSchema = z.object({
  name: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type CampusAttributes = z.infer<typeof campusAttributesSchema>;

/** Spec §3 Degree: `duration` in years (null: not said), `master` for a máster. */
export const degreeAttributesSchema = z.object({
  name: z.string(),
  duration: z.number().int().nullable(),
  master: z.boolean(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type DegreeAttributes = z.infer<typeof degreeAttributesSchema>;

/** Spec §3 Call (convocatoria): the academic period's days, either open when null. */
export const callAttributesSchema = z.object({
  name: z.string(),
  academic_period_start: isoDay.nullable(),
  academic_period_end: isoDay.nullable(),
  description: z.string().nullable(),
  requires_dni: z.boolean(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type CallAttributes = z.infer<typeof callAttributesSchema>;

/**
 * A degree lasts from one year (most másteres) to six (Medicina): the API refuses any other
 * number of years, and the admins' form offers these only (ADR 0047).
 */
export const DEGREE_DURATION_MIN = 1;
export const DEGREE_DURATION_MAX = 6;

/** The most characters a catalogue name holds (the columns' length). */
export const CATALOGUE_NAME_MAX = 255;
/** The most characters a call's description holds. */
export const CALL_DESCRIPTION_MAX = 5000;

/**
 * What the API answers when a catalogue write breaks a rule (400, `Content-Language: es`, with
 * the attribute in `details.errors[].path`), and the web says alike before sending (ADR 0047).
 */
export const CATALOGUE_MESSAGES = {
  nameRequired: 'Indica el nombre.',
  campusNameTaken: (name: string) => `Ya hay un campus llamado «${name}» en esta universidad.`,
  degreeNameTaken: (name: string, campus: string) =>
    `El campus «${campus}» ya ofrece un grado llamado «${name}».`,
  callNameTaken: (name: string, degree: string) =>
    `El grado «${degree}» ya tiene una convocatoria llamada «${name}» en un periodo que se solapa con este.`,
  periodOrder: 'El periodo académico debe terminar después de empezar.',
  duration: `La duración debe ser de ${DEGREE_DURATION_MIN} a ${DEGREE_DURATION_MAX} años.`,
} as const;

const count = z.number().int().nonnegative();

/**
 * `GET /api/campuses/:id/usage` (admins): what deleting the campus touches, counted as the
 * delete would do it (spec §7: its calls, then its degrees, then the campus; ADR 0032).
 */
export const campusUsageAnswerSchema = z
  .strictObject({
    data: z.strictObject({
      calls: count.describe('calls deleted: every degree they belong to is deleted'),
      callsShared: count.describe('calls kept, unlinked from the deleted degrees'),
      degrees: count.describe('degrees deleted: only this campus offers them'),
      degreesShared: count.describe('degrees kept, other campuses offer them too'),
      students: count.describe('students whose campus or degree is cleared'),
      teachers: count.describe('teachers whose campus is cleared or who lose a degree'),
      projects: count.describe('projects whose campus is cleared'),
      applications: count.describe('applications whose call is cleared'),
    }),
  })
  .meta({ id: 'CampusUsage' });
export type CampusUsage = z.infer<typeof campusUsageAnswerSchema>['data'];

/** `GET /api/degrees/:id/usage` (admins): what deleting the degree touches. */
export const degreeUsageAnswerSchema = z
  .strictObject({
    data: z.strictObject({
      campuses: count.describe('campuses that stop offering it'),
      calls: count.describe('calls unlinked from it (they stay)'),
      students: count.describe('students whose degree is cleared'),
      teachers: count.describe('teachers who lose it'),
    }),
  })
  .meta({ id: 'DegreeUsage' });
export type DegreeUsage = z.infer<typeof degreeUsageAnswerSchema>['data'];

/** `GET /api/calls/:id/usage` (admins): what deleting the call touches. */
export const callUsageAnswerSchema = z
  .strictObject({
    data: z.strictObject({
      degrees: count.describe('degrees it belonged to (they stay)'),
      applications: count.describe('applications whose call is cleared'),
    }),
  })
  .meta({ id: 'CallUsage' });
export type CallUsage = z.infer<typeof callUsageAnswerSchema>['data'];
