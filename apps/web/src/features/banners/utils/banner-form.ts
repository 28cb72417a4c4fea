import {
  BANNER_LIMITS,
  acrossFields,
  optionalText,
  requiredText,
  type FormSchema,
} from '@plataforma/shared';
import { z } from 'zod';
import { BANNER_AUDIENCES, type Banner, type BannerAudience, type BannerInput } from '../types';
import { FORM_MESSAGES } from '../../../forms/engine/messages';
import { errorsByPath } from '../../../forms/kit/field-errors';
import { formIssueMessage } from '../../../forms/kit/issue-messages';

/** Spec §5 form messages. */
export const REQUIRED_MESSAGE = FORM_MESSAGES.required;
export const PATTERN_MESSAGE = FORM_MESSAGES.pattern;
export const MAX_LENGTH_MESSAGE = FORM_MESSAGES.maxLength;
/** Spec §5 says nothing about date ranges; this one is ours (ADR 0015). */
export const END_BEFORE_START_MESSAGE = 'La fecha de fin debe ser posterior a la de inicio.';

/** The API's limits, from the shared contract. */
export { BANNER_LIMITS };

/** A path like the API accepts: "/", "/estudiantes", "/projects/*". */
const PATH_PATTERN = /^\/([A-Za-z0-9\-_.~]+(\/[A-Za-z0-9\-_.~]+)*)?(\/\*)?$/;
/** A path of this site or an http(s) address. */
const LINK_PATTERN = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/;

export interface PlacementValues {
  path: string;
  audiences: BannerAudience[];
}

/** What the form holds: text as typed, dates as `datetime-local` values (the browser's time). */
export interface BannerFormValues {
  title: string;
  message: string;
  linkUrl: string;
  linkLabel: string;
  placements: PlacementValues[];
  startsAt: string;
  endsAt: string;
  isPublished: boolean;
}

export type BannerFormErrors = Partial<
  Record<Exclude<keyof BannerFormValues, 'placements'>, string>
> & { placements?: string; paths?: Record<number, string> };

export const EMPTY_BANNER_FORM: BannerFormValues = {
  title: '',
  message: '',
  linkUrl: '',
  linkLabel: '',
  placements: [{ path: '/', audiences: [] }],
  startsAt: '',
  endsAt: '',
  isPublished: true,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch milliseconds as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(time: number | null): string {
  if (time === null) return '';
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (browser's time zone) as epoch milliseconds; NaN when not a date. */
export function fromLocalInput(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return NaN;
  return new Date(value).getTime();
}

export function toFormValues(banner: Banner): BannerFormValues {
  return {
    title: banner.title,
    message: banner.message,
    linkUrl: banner.link?.url ?? '',
    linkLabel: banner.link?.label ?? '',
    placements: banner.placements.map((p) => ({ path: p.path, audiences: [...p.audiences] })),
    startsAt: toLocalInput(banner.startsAt),
    endsAt: toLocalInput(banner.endsAt),
    isPublished: banner.isPublished,
  };
}

/** Whether a link's half was given (one that failed its own check is still its text). */
const isGiven = (text: string | null) => text !== null && text.trim() !== '';

/** Whether a `datetime-local` value is a moment; an empty one is left to the field's own rule. */
const isMoment = (value: string) => value === '' || !Number.isNaN(fromLocalInput(value));

/**
 * The banner form's schema (the form kit, ADR 0073) on the API's limits: required texts, a link
 * with its text, at least one placement with a valid path, and an end after the start.
 */
export const bannerFormSchema = z
  .object({
    title: requiredText(BANNER_LIMITS.title),
    message: requiredText(BANNER_LIMITS.message),
    linkUrl: optionalText(BANNER_LIMITS.linkUrl).refine(
      (url) => url === null || LINK_PATTERN.test(url),
    ),
    linkLabel: optionalText(BANNER_LIMITS.linkLabel),
    placements: z
      .array(
        z.object({
          path: requiredText(BANNER_LIMITS.path).regex(PATH_PATTERN),
          audiences: z.array(z.enum(BANNER_AUDIENCES)),
        }),
      )
      // The table asks for a choice when a list is empty; a placement is a required field.
      .min(1, REQUIRED_MESSAGE),
    startsAt: z.string().refine(isMoment),
    endsAt: z.string().min(1).refine(isMoment),
    isPublished: z.boolean(),
  })
  // A link needs both halves: the missing one is asked for, whichever it is.
  .refine(
    ({ linkUrl, linkLabel }) => isGiven(linkUrl) || !isGiven(linkLabel),
    acrossFields('linkUrl', REQUIRED_MESSAGE),
  )
  .refine(
    ({ linkUrl, linkLabel }) => !isGiven(linkUrl) || isGiven(linkLabel),
    acrossFields('linkLabel', REQUIRED_MESSAGE),
  )
  // Without a start the banner shows from its publication, so any end will do.
  .refine(
    ({ startsAt, endsAt }) => {
      const start = startsAt === '' ? NaN : fromLocalInput(startsAt);
      const end = fromLocalInput(endsAt);
      return Number.isNaN(start) || Number.isNaN(end) || end > start;
    },
    acrossFields('endsAt', END_BEFORE_START_MESSAGE),
  ) satisfies FormSchema<BannerFormValues, unknown>;

/**
 * Every problem of the form (spec §5 messages), by {@link bannerFormSchema}: a message per field,
 * and the paths' by the placement's position. Empty when it can be saved.
 */
export function validateBannerForm(values: BannerFormValues): BannerFormErrors {
  const result = bannerFormSchema.safeParse(values, { error: formIssueMessage });
  if (result.success) return {};
  const errors: BannerFormErrors = {};
  // `placements.2.path` is the third path's; `placements` alone, the list's.
  for (const [key, message] of Object.entries(errorsByPath(result.error.issues, 3))) {
    const [field, index] = key.split('.') as [keyof BannerFormValues, string?];
    if (field === 'placements' && index !== undefined) {
      errors.paths ??= {};
      errors.paths[Number(index)] ??= message;
    } else {
      errors[field] = message;
    }
  }
  return errors;
}

export function hasErrors(errors: BannerFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * What the API receives from a valid form. `publishedAt` keeps the original publication time of a
 * banner that stays published, so saving does not change it.
 */
export function toBannerInput(
  values: BannerFormValues,
  { now = Date.now(), publishedAt }: { now?: number; publishedAt: string | null },
): BannerInput {
  const url = values.linkUrl.trim();
  const start = values.startsAt === '' ? null : fromLocalInput(values.startsAt);
  return {
    title: values.title.trim(),
    message: values.message.trim(),
    linkUrl: url === '' ? null : url,
    linkLabel: url === '' ? null : values.linkLabel.trim(),
    placements: values.placements.map((p) => ({
      path: p.path.trim(),
      // In the order of the vocabulary, whatever order they were ticked in.
      audiences: BANNER_AUDIENCES.filter((a) => p.audiences.includes(a)),
    })),
    startsAt: start === null ? null : new Date(start).toISOString(),
    endsAt: new Date(fromLocalInput(values.endsAt)).toISOString(),
    publishedAt: values.isPublished ? (publishedAt ?? new Date(now).toISOString()) : null,
  };
}
