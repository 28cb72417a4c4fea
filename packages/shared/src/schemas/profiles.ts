import { z } from 'zod';
import { entryIdSchema, relationManyInputSchema, strapiReadQuerySchema } from './strapi';

/**
 * The profile calls of spec §7 that are not plain content routes. Their answers are the student
 * content type's envelopes (the registry describes them); what is theirs alone is here.
 */

/**
 * `GET /api/students/all`: every student the caller may see, in id order, in one answer. Filters,
 * populate, fields and publication state as in any list; no pages and no other order (ADR 0032).
 */
export const studentsAllQuerySchema = strapiReadQuerySchema.omit({ pagination: true, sort: true });
export type StudentsAllQuery = z.output<typeof studentsAllQuerySchema>;

/** `PUT /api/students/user/:userId`. */
export const studentOfUserParamsSchema = z.strictObject({ userId: entryIdSchema });

/**
 * `PUT /api/external/students/:id`: only the saved library items may change here (spec §7
 * Students); any other key is refused.
 */
export const externalStudentUpdateSchema = z
  .strictObject({
    data: z.strictObject({
      favorites_tfxes: relationManyInputSchema.optional(),
      favorites_resources: relationManyInputSchema.optional(),
    }),
  })
  .meta({ id: 'ExternalStudentUpdate' });
export type ExternalStudentUpdate = z.infer<typeof externalStudentUpdateSchema>;
