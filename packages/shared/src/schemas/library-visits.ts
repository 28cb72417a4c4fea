import { z } from 'zod';
import { idParamsSchema } from './strapi';

/**
 * Counting the library's readers (ADR 0036, ADR 0039): a work's views and downloads and a
 * resource's visits, each counted once per visitor per day. The visitor is the signed-in user or,
 * for a visitor, a keyed hash of the address and browser.
 */

export const LIBRARY_VISIT_KINDS = ['tfx_view', 'tfx_download', 'resource_visit'] as const;
export type LibraryVisitKind = (typeof LIBRARY_VISIT_KINDS)[number];

/** `:id` of the work or resource visited. */
export const libraryVisitParamsSchema = idParamsSchema;

/** `POST /api/resources/:id/visits`: counted (or already). */
export const libraryVisitAnswerSchema = z
  .void()
  .meta({ description: 'No Content: counted, or already counted for this visitor today' });

/**
 * `POST /api/tfxes/:id/views` (ADR 0042): whether this request counted a view. The work's page
 * read `views_count` before it posted the view, so it shows one more when `counted`: the reader
 * sees their own visit.
 */
export const tfxViewAnswerSchema = z
  .object({
    data: z.object({
      counted: z
        .boolean()
        .describe(
          'true: this view was counted now; false: already counted for this visitor today, or not counted (a work not published)',
        ),
    }),
  })
  .meta({ id: 'TfxViewAnswer' });
export type TfxViewAnswer = z.infer<typeof tfxViewAnswerSchema>;

/** `GET /api/tfxes/:id/download`: to the PDF, or to the external work's link. */
export const tfxDownloadAnswerSchema = z.void().meta({
  description:
    "Found: `Location` is the work's PDF (`/api/upload/files/:id/content`) or, for an external work without a PDF, its link",
});
