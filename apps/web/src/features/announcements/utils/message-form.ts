import {
  ANNOUNCEMENT_KINDS,
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_SUBJECT_MAX,
  DEFAULT_ANNOUNCEMENT_KIND,
  requiredText,
  type AnnouncementKind,
} from '@plataforma/shared';
import { z } from 'zod';
import { FORM_MESSAGES } from '../../../forms/engine/messages';
import { checkForm } from '../../../forms/kit/field-errors';
import { htmlToText } from '../../../lib/sanitize-html';
import type { AnnouncementInput, AudienceFilter } from '../types';

/** What the message form holds (ADR 0046). */
export interface MessageValues {
  subject: string;
  /** The editor's HTML. */
  message: string;
  kind: AnnouncementKind;
  /** Now, or at `sendAt`. */
  when: 'now' | 'later';
  /** "yyyy-MM-ddTHH:mm" in the browser's time zone, as the day and time fields write it. */
  sendAt: string;
}

export type MessageErrors = Partial<Record<'subject' | 'message' | 'sendAt', string>>;

/** The fields in the order the form shows them: the first with an error takes the focus. */
export const MESSAGE_FIELDS = ['subject', 'message', 'sendAt'] as const;

export const EMPTY_MESSAGE: MessageValues = {
  subject: '',
  message: '',
  kind: DEFAULT_ANNOUNCEMENT_KIND,
  when: 'now',
  sendAt: '',
};

/** Ours for a moment already gone (spec §5 has none); the rest are the kit's table's. */
export const PAST_MOMENT_MESSAGE = 'Elige un momento que aún no haya pasado.';

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The moment of a "yyyy-MM-ddTHH:mm" in the browser's time zone; null when it is none. */
export function parseLocalDateTime(value: string): Date | null {
  if (!LOCAL_DATE_TIME.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The message form's schema at `now` (the form kit, ADR 0073), as the server would refuse it
 * (ADR 0045: a subject of one line up to 255 characters, a message with some text), plus, when
 * scheduled, a moment that is still to come.
 */
export function messageFormSchema(now: Date) {
  const fields = {
    subject: requiredText(ANNOUNCEMENT_SUBJECT_MAX),
    // An editor left empty still holds markup, which the table would call a bad format: an
    // empty message is a missing one.
    message: z
      .string()
      .refine((html) => htmlToText(html).trim() !== '', FORM_MESSAGES.required)
      .max(ANNOUNCEMENT_MESSAGE_MAX),
    kind: z.enum(ANNOUNCEMENT_KINDS),
  };
  return z.discriminatedUnion('when', [
    // Sent now, a moment left in the fields is not read.
    z.object({ ...fields, when: z.literal('now'), sendAt: z.string() }),
    z.object({
      ...fields,
      when: z.literal('later'),
      sendAt: z
        .string()
        .min(1)
        .refine((value) => parseLocalDateTime(value) !== null)
        .refine((value) => {
          const at = parseLocalDateTime(value);
          return at === null || at.getTime() > now.getTime();
        }, PAST_MOMENT_MESSAGE),
    }),
  ]);
}

/** The form's problems by field (spec §5 texts), by {@link messageFormSchema}. */
export function validateMessage(values: MessageValues, now: Date = new Date()): MessageErrors {
  return checkForm(messageFormSchema(now), values).errors;
}

/** The body's data of `POST /api/announcements`: `sendAt` only when scheduled. */
export function toAnnouncementInput(
  values: MessageValues,
  audience: AudienceFilter,
): AnnouncementInput {
  const at = values.when === 'later' ? parseLocalDateTime(values.sendAt) : null;
  return {
    subject: values.subject.trim(),
    message: values.message,
    audience,
    kind: values.kind,
    ...(at ? { sendAt: at.toISOString() } : {}),
  };
}
