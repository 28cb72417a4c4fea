import {
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_SUBJECT_MAX,
  DEFAULT_ANNOUNCEMENT_KIND,
  type AnnouncementKind,
} from '@plataforma/shared';
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

/** Spec §5 messages, and ours for a moment already gone. */
export const MESSAGE_TEXTS = {
  required: 'Este campo es obligatorio.',
  pattern: 'Formato no válido.',
  maxLength: 'Longitud máxima alcanzada.',
  past: 'Elige un momento que aún no haya pasado.',
} as const;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The moment of a "yyyy-MM-ddTHH:mm" in the browser's time zone; null when it is none. */
export function parseLocalDateTime(value: string): Date | null {
  if (!LOCAL_DATE_TIME.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The form's problems, as the server would refuse them (ADR 0045: a subject of one line up to 255
 * characters, a message with some text), plus a scheduled moment that must be to come.
 */
export function validateMessage(values: MessageValues, now: Date = new Date()): MessageErrors {
  const errors: MessageErrors = {};
  const subject = values.subject.trim();
  if (subject === '') errors.subject = MESSAGE_TEXTS.required;
  else if (subject.length > ANNOUNCEMENT_SUBJECT_MAX) errors.subject = MESSAGE_TEXTS.maxLength;
  if (htmlToText(values.message).trim() === '') errors.message = MESSAGE_TEXTS.required;
  else if (values.message.length > ANNOUNCEMENT_MESSAGE_MAX) {
    errors.message = MESSAGE_TEXTS.maxLength;
  }
  if (values.when === 'later') {
    const at = parseLocalDateTime(values.sendAt);
    if (values.sendAt === '') errors.sendAt = MESSAGE_TEXTS.required;
    else if (!at) errors.sendAt = MESSAGE_TEXTS.pattern;
    else if (at.getTime() <= now.getTime()) errors.sendAt = MESSAGE_TEXTS.past;
  }
  return errors;
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
