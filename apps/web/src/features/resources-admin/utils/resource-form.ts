import {
  FILE_ALT_TEXT_MAX_LENGTH,
  LABELS_MAX,
  LINK_MAX_LENGTH,
  RESOURCE_TITLE_MAX_LENGTH,
  httpUrlSchema,
  optionalText,
  RESOURCE_INTRODUCTION_MAX_LENGTH,
  requiredText,
  THESIS_STAGES,
  type FormSchema,
} from '@plataforma/shared';
import { z } from 'zod';
import type { ResourceItem, ResourcePicture } from '../../../entities/resource/types';
import { FORM_MESSAGES } from '../../../forms/engine/messages';
import { checkForm } from '../../../forms/kit/field-errors';
import type {
  PictureAltChange,
  ResourceFormErrors,
  ResourceFormValues,
  ResourceWriteData,
} from '../types';

/** The API's limits: the columns' sizes, the introduction's and the content type's list limit. */
export const RESOURCE_LIMITS = {
  title: RESOURCE_TITLE_MAX_LENGTH,
  introduction: RESOURCE_INTRODUCTION_MAX_LENGTH,
  link: LINK_MAX_LENGTH,
  /** A file's alternative text (the API's `fileInfo` rule). */
  pictureAlt: FILE_ALT_TEXT_MAX_LENGTH,
  /** Tags and purposes each (the API's `tags` rule). */
  labels: LABELS_MAX,
} as const;

export function emptyResourceForm(): ResourceFormValues {
  return {
    title: '',
    introduction: '',
    tags: [],
    purposes: [],
    stages: [],
    link: '',
    content: '',
    picture: null,
    pictureAlt: '',
    isPopular: false,
  };
}

/** The form filled with a stored resource. */
export function toResourceForm(resource: ResourceItem): ResourceFormValues {
  return {
    title: resource.title,
    introduction: resource.introduction ?? '',
    tags: resource.tags,
    purposes: resource.purposes,
    stages: resource.stages,
    link: resource.link ?? '',
    content: resource.content ?? '',
    picture: resource.picture,
    pictureAlt: resource.picture?.alt ?? '',
    isPopular: resource.isPopular,
  };
}

/** Whether HTML has any text a person would read (an editor left empty still holds `<p></p>`). */
export function hasReadableText(html: string): boolean {
  const template = document.createElement('template');
  template.innerHTML = html;
  return (template.content.textContent ?? '').trim().length > 0;
}

/** A web address the resource may link to: the API's own rule (anything else is refused). */
export function isWebAddress(value: string): boolean {
  return httpUrlSchema.safeParse(value).success;
}

/** Topics or purposes: at most as many as the API keeps. */
const labels = z
  .array(z.string())
  // The table would count choices ("Elige como mucho 50."); the form has always said this.
  .max(RESOURCE_LIMITS.labels, FORM_MESSAGES.maxLength);

/**
 * The resource form's schema (the form kit, ADR 0073): the title and the introduction are
 * required, every text within its column, the link a web address by the API's own rule.
 */
export const resourceFormSchema = z.object({
  title: requiredText(RESOURCE_LIMITS.title),
  introduction: requiredText(RESOURCE_LIMITS.introduction),
  tags: labels,
  purposes: labels,
  stages: z.array(z.enum(THESIS_STAGES)),
  link: optionalText(RESOURCE_LIMITS.link).refine((link) => link === null || isWebAddress(link)),
  content: z.string(),
  picture: z.custom<ResourcePicture>().nullable(),
  // Bounded with or without a picture: the form sets it to the new picture's own text whenever
  // the picture changes, so without one it is empty.
  pictureAlt: optionalText(RESOURCE_LIMITS.pictureAlt),
  isPopular: z.boolean(),
}) satisfies FormSchema<ResourceFormValues, unknown>;

/** The form's problems by field (spec §5 texts), by {@link resourceFormSchema}. */
export function validateResourceForm(values: ResourceFormValues): ResourceFormErrors {
  return checkForm(resourceFormSchema, values).errors;
}

/** The fields in the order the form shows them, to focus the first with a problem. */
export const FIELD_ORDER = [
  'title',
  'introduction',
  'pictureAlt',
  'tags',
  'purposes',
  'link',
  'content',
] as const;

/**
 * What the API is sent for these values: texts trimmed, empty ones null, the stages in their
 * usual order, the content only when it has text. `publishedAt`: a date publishes, null makes a
 * draft, undefined leaves the state as it is.
 */
export function toResourceWriteData(
  values: ResourceFormValues,
  publishedAt?: string | null,
): ResourceWriteData {
  return {
    title: values.title.trim(),
    introduction: values.introduction.trim(),
    tags: values.tags,
    purposes: values.purposes,
    tfx_status: THESIS_STAGES.filter((stage) => values.stages.includes(stage)),
    content: hasReadableText(values.content) ? values.content : null,
    link: values.link.trim() || null,
    picture: values.picture?.id ?? null,
    is_popular: values.isPopular,
    ...(publishedAt === undefined ? {} : { publishedAt }),
  };
}

/**
 * The picture's alternative text to write to its file, when the form has a picture whose text
 * differs from the one its file holds (a new picture's file holds none); null otherwise.
 */
export function toPictureAltChange(values: ResourceFormValues): PictureAltChange | null {
  if (!values.picture) return null;
  const typed = values.pictureAlt.trim();
  if (typed === values.picture.alt) return null;
  return { fileId: values.picture.id, alternativeText: typed || null };
}
