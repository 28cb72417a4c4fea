import { z } from 'zod';
import { EMAIL_STATUSES } from '../constants/vocabularies';
import { MAX_PAGE_SIZE, paginationSchema } from './strapi';

/**
 * The admins' outbox (ADR 0009): `GET /api/admin/outbox`, `GET /api/admin/outbox/:id` and
 * `POST /api/admin/outbox/:id/retry`, in the Strapi envelope.
 */

const dateTime = z.string().describe('ISO 8601, UTC');
const status = z.enum(EMAIL_STATUSES);
const text = z
  .string()
  .min(1)
  .max(255)
  .refine((v) => !v.includes('\0'), 'must not contain NUL');

/** Page size of the outbox list when none is asked for. */
export const OUTBOX_PAGE_SIZE = 25;

/** Newest first; by status, and by recipient (exact, case-insensitive, or a part of it). */
export const outboxListQuerySchema = z.strictObject({
  pagination: z
    .strictObject({
      page: z.coerce.number().int().min(1).max(1_000_000).optional(),
      pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
    })
    .optional(),
  filters: z
    .strictObject({
      status: z.union([status, z.strictObject({ $eq: status })]).optional(),
      recipient: z
        .union([
          text,
          z.strictObject({ $eq: text }),
          z.strictObject({ $eqi: text }),
          z.strictObject({ $containsi: text }),
        ])
        .optional(),
    })
    .optional(),
});
export type OutboxListQuery = z.output<typeof outboxListQuerySchema>;

export const outboxEmailAttributesSchema = z.object({
  recipient: z.string(),
  subject: z.string(),
  template: z.string(),
  status,
  attempts: z.number().int(),
  nextAttemptAt: dateTime.nullable(),
  lastError: z.string().nullable(),
  sentAt: dateTime.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type OutboxEmailAttributes = z.infer<typeof outboxEmailAttributesSchema>;

/** `GET /api/admin/outbox`: the emails without their bodies. */
export const outboxListAnswerSchema = z
  .object({
    data: z.array(z.object({ id: z.number().int(), attributes: outboxEmailAttributesSchema })),
    meta: z.object({ pagination: paginationSchema }),
  })
  .meta({ id: 'OutboxListAnswer' });
export type OutboxListAnswer = z.infer<typeof outboxListAnswerSchema>;

/** One email as it was rendered, HTML and text included. */
export const outboxEmailAnswerSchema = z
  .object({
    data: z.object({
      id: z.number().int(),
      attributes: outboxEmailAttributesSchema.extend({ html: z.string(), text: z.string() }),
    }),
    meta: z.object({}),
  })
  .meta({ id: 'OutboxEmailAnswer' });
export type OutboxEmailAnswer = z.infer<typeof outboxEmailAnswerSchema>;
export type OutboxEmail = OutboxEmailAnswer['data'];
