import { z } from 'zod';
import { THESIS_STAGES, TFX_REVIEW_STATUSES, TFX_TEXT_STATUSES } from '../constants/vocabularies';
import { facetCountSchema } from './projects';
import { booleanText, many, pageNumber, pageSize, text } from './query-params';
import { paginationSchema } from './strapi';

/**
 * The final-work library (TFX, spec §3) and the resources (ADR 0036): the fields of a work and of
 * a resource as the generic routes answer them, the library's search with facets and snippets,
 * and the card every list of works shows.
 */

const dateTime = z.string().describe('ISO 8601, UTC');
const day = z.string().describe('YYYY-MM-DD');
const names = z.array(z.string());
const odsList = z.array(z.number().int().min(1).max(17));

/**
 * Spec §3 TFX: a work as `GET /api/tfxes/:id` answers it (relations aside). `review_status`,
 * `rejection_reason` and `text_status` are for the author and staff; `document_text` is never
 * answered (it is the PDF's text, read only by the search).
 */
export const tfxAttributesSchema = z.object({
  title: z.string(),
  summary: z.string().nullable(),
  status: z.enum(THESIS_STAGES),
  language: z.string().nullable(),
  file_URL: z.string().nullable().describe('A link to the work outside the platform'),
  tfxDate: day.nullable(),
  index: z.string().nullable().describe('Table of contents'),
  awarded: z.boolean(),
  sector: z.string().nullable(),
  tags: names.nullable(),
  ods: odsList.nullable(),
  release_month: z.string().nullable().describe('MM/yyyy'),
  external: z.boolean(),
  author_name: z.string().nullable().describe('External works only'),
  institution: z.string().nullable().describe("The author's university"),
  degreeId: z.number().int().nullable().describe('The degree of the catalogue, when it is one'),
  degree_name: z.string().nullable(),
  study_area: z.string().nullable(),
  publish_consent: z.boolean(),
  review_status: z.enum(TFX_REVIEW_STATUSES),
  rejection_reason: z.string().nullable(),
  text_status: z.enum(TFX_TEXT_STATUSES),
  views_count: z.number().int(),
  downloads_count: z.number().int(),
  import_key: z.string().nullable().describe('What an external works import knows it by'),
  publishedAt: dateTime.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type TfxAttributes = z.infer<typeof tfxAttributesSchema>;

/** Where the words of a search were found: HTML with the words in `<mark>`, nothing else. */
export const tfxSnippetsSchema = z.object({
  title: z.string().nullable(),
  summary: z.string().nullable(),
  document: z.string().nullable().describe('A passage of the PDF'),
});
export type TfxSnippets = z.infer<typeof tfxSnippetsSchema>;

/** A work as every list shows it (the library, related works, a student's saved works). */
export const tfxCardSchema = tfxAttributesSchema
  .pick({
    title: true,
    summary: true,
    language: true,
    sector: true,
    awarded: true,
    tfxDate: true,
    release_month: true,
    external: true,
    author_name: true,
    institution: true,
    degree_name: true,
    study_area: true,
    file_URL: true,
    views_count: true,
    downloads_count: true,
    publishedAt: true,
    createdAt: true,
  })
  .extend({
    tags: names,
    ods: odsList,
    year: z.number().int().nullable().describe('Year of tfxDate'),
    hasFile: z.boolean().describe('A PDF is attached (GET /api/tfxes/:id/download)'),
    snippets: tfxSnippetsSchema.nullable().describe('Only when searching with q'),
    saved: z.boolean().optional().describe('Students only: they saved it'),
    text_status: z.enum(TFX_TEXT_STATUSES).optional().describe('Admins only'),
  })
  .meta({ id: 'TfxCard' });
export type TfxCard = z.infer<typeof tfxCardSchema>;

/** The facets of the library's search, each counted over every filter but its own. */
export const TFX_FACETS = [
  'year',
  'degree',
  'study_area',
  'sector',
  'language',
  'awarded',
  'ods',
] as const;
export type TfxFacet = (typeof TFX_FACETS)[number];

export const TFX_SEARCH_SORTS = ['relevance', 'newest'] as const;
export type TfxSearchSort = (typeof TFX_SEARCH_SORTS)[number];
export const TFX_SEARCH_PAGE_SIZE = { default: 12, max: 50 } as const;

/**
 * The query of `GET /api/tfxes/search`: a repeated parameter matches any of its values, different
 * parameters must all match. `external=true` searches the external repository (/tfx/external).
 */
export const tfxSearchQuerySchema = z.strictObject({
  q: text(200).optional().describe('Words searched in the title, summary, tags and PDF text'),
  external: booleanText.default(false),
  year: many(z.coerce.number().int().min(1900).max(2200)),
  degree: many(text(255)),
  study_area: many(text(255)),
  sector: many(text(255)),
  language: many(text(50)),
  awarded: many(booleanText),
  ods: many(z.coerce.number().int().min(1).max(17)),
  sort: z
    .enum(TFX_SEARCH_SORTS)
    .default('relevance')
    .describe('relevance falls back to newest without q'),
  page: pageNumber,
  pageSize: pageSize(TFX_SEARCH_PAGE_SIZE),
});
export type TfxSearchQuery = z.output<typeof tfxSearchQuerySchema>;

/** `GET /api/tfxes/search`. */
export const tfxSearchAnswerSchema = z
  .object({
    data: z.array(z.object({ id: z.number().int(), attributes: tfxCardSchema })),
    meta: z.object({
      pagination: paginationSchema,
      facets: z.record(z.enum(TFX_FACETS), z.array(facetCountSchema)),
      fallback: z
        .boolean()
        .describe('true when nothing matched the words and similar spellings were searched'),
    }),
  })
  .meta({ id: 'TfxSearchAnswer' });
export type TfxSearchAnswer = z.infer<typeof tfxSearchAnswerSchema>;

/** `GET /api/tfxes/:id/related`: up to four other published works, the closest first. */
export const tfxRelatedAnswerSchema = z
  .object({
    data: z.array(z.object({ id: z.number().int(), attributes: tfxCardSchema })).max(4),
    meta: z.object({}),
  })
  .meta({ id: 'TfxRelatedAnswer' });
export type TfxRelatedAnswer = z.infer<typeof tfxRelatedAnswerSchema>;

/**
 * Spec §3 Resource: a resource as `GET /api/resources/:id` answers it (the picture aside).
 * `content` is HTML, cleaned by the server when written.
 */
export const resourceAttributesSchema = z.object({
  title: z.string(),
  introduction: z.string().nullable(),
  tags: names.nullable(),
  tfx_status: z.array(z.enum(THESIS_STAGES)).nullable(),
  is_popular: z.boolean(),
  popularity_visits: z.number().int(),
  purposes: names.nullable(),
  content: z.string().nullable().describe('HTML'),
  link: z.string().nullable(),
  publishedAt: dateTime.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type ResourceAttributes = z.infer<typeof resourceAttributesSchema>;
