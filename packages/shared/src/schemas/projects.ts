import { z } from 'zod';
import {
  APPLICATION_STATUSES,
  DEDICATION_OPTIONS,
  PRESENTIALITY_OPTIONS,
  PROJECT_STATUSES,
  PROJECT_TYPES,
} from '../constants/vocabularies';
import { paginationSchema } from './strapi';
import { booleanText, many, pageNumber, pageSize, text } from './query-params';

/**
 * The answers and queries of the project lists (ADRs 0024, 0026, 0027): the catalogue's search
 * with facets, a publisher's own projects and a student's recommendations, all made of the same
 * card (apps/api features/projects/projects.cards.ts).
 */

const dateTime = z.string().describe('ISO 8601, UTC');
const day = z.string().describe('YYYY-MM-DD');
const names = z.array(z.string());

const odsList = z.array(z.number().int().min(1).max(17));

/**
 * Spec §3 Project: the fields of a project as the generic routes answer them
 * (`GET /api/projects/:id`, `{data: {id, attributes}}`), relations aside. The one list of a
 * project's fields in the contract: the card below picks from it, the web's forms and pages read it.
 */
export const projectAttributesSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  type: z.enum(PROJECT_TYPES),
  objectives: z.string().nullable(),
  ods: odsList.nullable(),
  ods_explanation: z.string().nullable(),
  academic_profile: z.string().nullable(),
  requirements: z.string().nullable(),
  working_method: z.string().nullable(),
  tags: names.nullable(),
  internship: z.boolean(),
  language: z.string().nullable(),
  presentiality: z.enum(PRESENTIALITY_OPTIONS).nullable(),
  location: z.string().nullable().describe('Province'),
  locality: z.string().nullable(),
  visibility_consent: z.boolean(),
  remuneration: z.boolean(),
  dedication: z.enum(DEDICATION_OPTIONS).nullable(),
  validated: z.boolean(),
  rejection_reason: z.string().nullable(),
  application_deadline: day.nullable(),
  study_areas: names.nullable(),
  study_subareas: names.nullable(),
  publishedAt: dateTime.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type ProjectAttributes = z.infer<typeof projectAttributesSchema>;

/**
 * Spec §3 Project, as every list shows it: the fields a card shows (its lists always lists), who
 * published it and, for students, whether they saved it or applied to it.
 */
export const projectCardSchema = projectAttributesSchema
  .pick({
    title: true,
    description: true,
    status: true,
    type: true,
    presentiality: true,
    location: true,
    locality: true,
    remuneration: true,
    dedication: true,
    language: true,
    internship: true,
    application_deadline: true,
    publishedAt: true,
    createdAt: true,
  })
  .extend({
    ods: odsList,
    tags: names,
    study_areas: names,
    study_subareas: names,
    organization: z
      .object({ id: z.number().int(), name: z.string(), logoUrl: z.string().nullable() })
      .nullable(),
    teacher: z
      .object({
        id: z.number().int(),
        name: z.string().nullable().describe('null for visitors'),
      })
      .nullable(),
    saved: z.boolean().optional().describe('Students only: they saved it'),
    applied: z.boolean().optional().describe('Students only: they applied (any status)'),
  })
  .meta({ id: 'ProjectCard' });
export type ProjectCard = z.infer<typeof projectCardSchema>;

/** The facets of the search, each counted over every filter but its own. */
export const PROJECT_FACETS = [
  'type',
  'ods',
  'study_areas',
  'study_subareas',
  'presentiality',
  'location',
  'dedication',
  'language',
  'remuneration',
  'internship',
] as const;
export type ProjectFacet = (typeof PROJECT_FACETS)[number];

export const facetCountSchema = z.object({
  value: z.union([z.string(), z.number(), z.boolean()]),
  count: z.number().int(),
});
export type FacetCount = z.infer<typeof facetCountSchema>;

/** `GET /api/projects/search`. */
export const projectSearchAnswerSchema = z
  .object({
    data: z.array(
      z.object({
        id: z.number().int(),
        attributes: projectCardSchema,
        snippet: z
          .string()
          .nullable()
          .optional()
          .describe(
            'With q: where the description holds the words, HTML with them in <mark> and no other tag (null when it does not)',
          ),
      }),
    ),
    meta: z.object({
      pagination: paginationSchema,
      facets: z.record(z.enum(PROJECT_FACETS), z.array(facetCountSchema)),
      fallback: z
        .boolean()
        .optional()
        .describe('true when nothing matched the words and similar spellings were searched'),
    }),
  })
  .meta({ id: 'ProjectSearchAnswer' });
export type ProjectSearchAnswer = z.infer<typeof projectSearchAnswerSchema>;

/** Candidate counts of a publisher's project (pending = Enviada + En revisión). */
export const candidateCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int().describe('Enviada + En revisión'),
  byStatus: z.record(z.enum(APPLICATION_STATUSES), z.number().int()),
});
export type CandidateCounts = z.infer<typeof candidateCountsSchema>;

/** One of a publisher's projects: the card and what only its publisher sees. */
export const myProjectSchema = projectCardSchema
  .extend({
    ...projectAttributesSchema.pick({ validated: true, rejection_reason: true, updatedAt: true })
      .shape,
    candidates: candidateCountsSchema,
  })
  .meta({ id: 'MyProject' });
export type MyProject = z.infer<typeof myProjectSchema>;

/** `GET /api/projects/mine`. */
export const myProjectsAnswerSchema = z
  .object({
    data: z.array(z.object({ id: z.number().int(), attributes: myProjectSchema })),
    meta: z.object({ pagination: paginationSchema }),
  })
  .meta({ id: 'MyProjectsAnswer' });
export type MyProjectsAnswer = z.infer<typeof myProjectsAnswerSchema>;

/** `GET /api/projects/recommended`: the best projects for a student, with why (ADR 0026). */
export const recommendedProjectsAnswerSchema = z
  .object({
    data: z
      .array(
        z.object({
          id: z.number().int(),
          attributes: projectCardSchema,
          score: z.number().int().min(1).max(100),
          reasons: z
            .array(z.string())
            .describe('Spanish, e.g. "coincide con tu área: Humanidades"'),
        }),
      )
      .max(6),
    meta: z.object({}),
  })
  .meta({ id: 'RecommendedProjectsAnswer' });
export type RecommendedProjectsAnswer = z.infer<typeof recommendedProjectsAnswerSchema>;

// ---- queries ----

export const PROJECT_SEARCH_SORTS = ['recent', 'title', 'deadline', 'relevance'] as const;
export const PROJECT_SEARCH_PAGE_SIZE = { default: 12, max: 50 } as const;
export const MY_PROJECTS_PAGE_SIZE = { default: 100, max: 100 } as const;

/**
 * The query of `GET /api/projects/search`: a repeated parameter matches any of its values,
 * different parameters must all match (ADR 0027).
 */
export const projectSearchQuerySchema = z.strictObject({
  q: text(200).optional().describe('Words that must all appear in the title, description or tags'),
  type: many(z.enum(PROJECT_TYPES)),
  ods: many(z.coerce.number().int().min(1).max(17)),
  study_area: many(text(255)),
  study_subarea: many(text(255)),
  presentiality: many(z.enum(PRESENTIALITY_OPTIONS)),
  location: many(text(100)),
  locality: many(text(100)),
  remuneration: many(booleanText),
  dedication: many(z.enum(DEDICATION_OPTIONS)),
  language: many(text(50)),
  internship: many(booleanText),
  status: many(z.enum(PROJECT_STATUSES)).describe('Admins only; others see published projects'),
  sort: z.enum(PROJECT_SEARCH_SORTS).default('recent'),
  page: pageNumber,
  pageSize: pageSize(PROJECT_SEARCH_PAGE_SIZE),
});
export type ProjectSearchQuery = z.output<typeof projectSearchQuerySchema>;

/** The query of `GET /api/projects/mine`. */
export const myProjectsQuerySchema = z.strictObject({
  status: many(z.enum(PROJECT_STATUSES)),
  page: pageNumber,
  pageSize: pageSize(MY_PROJECTS_PAGE_SIZE),
});
export type MyProjectsQuery = z.output<typeof myProjectsQuerySchema>;
