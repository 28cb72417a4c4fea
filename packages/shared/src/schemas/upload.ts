import { z } from 'zod';
import { entryIdSchema } from './strapi';

/**
 * Strapi v4's upload routes as this API answers them (ADR 0011): flat file objects, no
 * `{data, attributes}` envelope, plus `isPrivate`.
 */

/** The resized copies of an image, by name (spec §5 images). */
export const IMAGE_FORMAT_NAMES = ['thumbnail', 'small'] as const;
export type ImageFormatName = (typeof IMAGE_FORMAT_NAMES)[number];

/** Files one upload request may carry. */
export const MAX_FILES_PER_REQUEST = 10;

const dateTime = z.string().describe('ISO 8601, UTC');

export const fileFormatSchema = z.object({
  name: z.string(),
  hash: z.string(),
  ext: z.string(),
  mime: z.string(),
  path: z.null(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().describe('KB, two decimals'),
  sizeInBytes: z.number().int(),
  url: z.string(),
});
export type FileFormat = z.infer<typeof fileFormatSchema>;

export const uploadedFileSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    alternativeText: z.string().nullable(),
    caption: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    formats: z
      .partialRecord(z.enum(IMAGE_FORMAT_NAMES), fileFormatSchema)
      .nullable()
      .describe('thumbnail and small, for large images'),
    hash: z.string(),
    ext: z.string().nullable(),
    mime: z.string(),
    size: z.number().describe('KB'),
    url: z.string().describe('/uploads/... or /api/upload/files/{id}/content'),
    previewUrl: z.string().nullable(),
    provider: z.string(),
    provider_metadata: z.record(z.string(), z.unknown()).nullable(),
    isPrivate: z.boolean(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: 'UploadedFile' });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/**
 * `POST /api/upload`, multipart/form-data (read as a stream by the route, so this describes the
 * form for the document; the route checks the parts as they arrive).
 */
export const uploadFormSchema = z.object({
  files: z
    .array(z.string().meta({ format: 'binary' }))
    .min(1)
    .max(MAX_FILES_PER_REQUEST),
  fileInfo: z
    .string()
    .optional()
    .describe('JSON {name, alternativeText, caption} per file, or an array of them in file order'),
  visibility: z.enum(['public', 'private']).optional(),
});

/**
 * `POST /api/upload?id=:id` (Strapi v4): with `id`, the form carries only `fileInfo`, which
 * changes that stored file's name, alternative text or caption (ADR 0042); without it, files are
 * uploaded.
 */
export const uploadQuerySchema = z.strictObject({
  id: entryIdSchema.optional().describe('A stored file: update its fileInfo instead of uploading'),
});

/** `GET /api/upload/files/:id/content`. */
export const fileContentQuerySchema = z.strictObject({
  format: z.enum(IMAGE_FORMAT_NAMES).optional(),
});

/** `GET /uploads/:name`: a public file's random name. */
export const publicFileParamsSchema = z.strictObject({ name: z.string().max(100) });
