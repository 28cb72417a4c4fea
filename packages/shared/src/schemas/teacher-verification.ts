import { z } from 'zod';
import {
  DOMAIN_PATTERN,
  MAX_TEACHER_DOMAINS,
  normaliseDomain,
} from '../constants/teacher-verification';
import { idParamsSchema } from './strapi';

/**
 * The verification of teachers (ADR 0051): the university's list of teacher domains, written by
 * admins through `PUT /api/teacher-setting {data: {domains}}`, and the admins' decision on a
 * teacher, `POST /api/teachers/:id/verify` and `/reject`.
 */

/** One domain of the list: normalised (lower case, no "@"), then checked. */
export const teacherDomainSchema = z
  .string()
  .max(300)
  .transform(normaliseDomain)
  .pipe(z.string().regex(DOMAIN_PATTERN, 'must be a domain name like um.es'));

/** The list as stored: every domain valid, normalised, each once (repeats are dropped). */
export const teacherDomainsSchema = z
  .array(teacherDomainSchema)
  .max(MAX_TEACHER_DOMAINS, `must hold at most ${MAX_TEACHER_DOMAINS} domains`)
  .transform((domains) => [...new Set(domains)]);

/** `POST /api/teachers/:id/verify` and `/reject`: the teacher record's id. */
export const teacherDecisionParamsSchema = idParamsSchema;
