import { BANNER_LIMITS } from '@plataforma/shared';
import { BANNER_AUDIENCES, type Banner, type BannerAudience, type BannerInput } from '../types';
import { FORM_MESSAGES } from '../../../forms/engine/messages';

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

function textError(value: string, max: number, required: boolean): string | undefined {
  const text = value.trim();
  if (required && text === '') return REQUIRED_MESSAGE;
  if (text.length > max) return MAX_LENGTH_MESSAGE;
  return undefined;
}

/**
 * Every problem of the form (spec §5 messages): required fields, lengths, formats, a link with its
 * text, at least one valid placement and an end after the start. Empty when it can be saved.
 */
export function validateBannerForm(values: BannerFormValues): BannerFormErrors {
  const errors: BannerFormErrors = {};
  const set = <K extends keyof BannerFormErrors>(
    key: K,
    value: BannerFormErrors[K] | undefined,
  ) => {
    if (value !== undefined) errors[key] = value;
  };
  set('title', textError(values.title, BANNER_LIMITS.title, true));
  set('message', textError(values.message, BANNER_LIMITS.message, true));

  const url = values.linkUrl.trim();
  const label = values.linkLabel.trim();
  if (url.length > BANNER_LIMITS.linkUrl) set('linkUrl', MAX_LENGTH_MESSAGE);
  else if (url !== '' && !LINK_PATTERN.test(url)) set('linkUrl', PATTERN_MESSAGE);
  else if (url === '' && label !== '') set('linkUrl', REQUIRED_MESSAGE);
  set('linkLabel', textError(values.linkLabel, BANNER_LIMITS.linkLabel, url !== ''));

  if (values.placements.length === 0) set('placements', REQUIRED_MESSAGE);
  const paths: Record<number, string> = {};
  values.placements.forEach((placement, index) => {
    const path = placement.path.trim();
    if (path === '') paths[index] = REQUIRED_MESSAGE;
    else if (path.length > BANNER_LIMITS.path) paths[index] = MAX_LENGTH_MESSAGE;
    else if (!PATH_PATTERN.test(path)) paths[index] = PATTERN_MESSAGE;
  });
  if (Object.keys(paths).length > 0) errors.paths = paths;

  const start = values.startsAt === '' ? null : fromLocalInput(values.startsAt);
  const end = fromLocalInput(values.endsAt);
  if (start !== null && Number.isNaN(start)) set('startsAt', PATTERN_MESSAGE);
  if (values.endsAt === '') set('endsAt', REQUIRED_MESSAGE);
  else if (Number.isNaN(end)) set('endsAt', PATTERN_MESSAGE);
  else if (start !== null && !Number.isNaN(start) && end <= start) {
    set('endsAt', END_BEFORE_START_MESSAGE);
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
