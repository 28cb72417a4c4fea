import { httpUrlSchema, RESOURCE_INTRODUCTION_MAX_LENGTH, THESIS_STAGES } from '@plataforma/shared';
import type { ResourceItem } from '../../../entities/resource/types';
import type {
  PictureAltChange,
  ResourceFormErrors,
  ResourceFormValues,
  ResourceWriteData,
} from '../types';

/** Spec §5 form messages. */
export const REQUIRED_MESSAGE = 'Este campo es obligatorio.';
export const TOO_LONG_MESSAGE = 'Longitud máxima alcanzada.';
export const INVALID_FORMAT_MESSAGE = 'Formato no válido.';

/** The API's limits: the columns' sizes, the introduction's and the content type's list limit. */
export const RESOURCE_LIMITS = {
  title: 255,
  introduction: RESOURCE_INTRODUCTION_MAX_LENGTH,
  link: 1000,
  /** A file's alternative text (the API's `fileInfo` rule). */
  pictureAlt: 255,
  /** Tags and purposes each (the API's `tags` rule). */
  labels: 50,
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

/**
 * The form's problems, by field (spec §5 texts): the title and the introduction are required,
 * every text within its column, the link a web address.
 */
export function validateResourceForm(values: ResourceFormValues): ResourceFormErrors {
  const errors: ResourceFormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = REQUIRED_MESSAGE;
  else if (title.length > RESOURCE_LIMITS.title) errors.title = TOO_LONG_MESSAGE;
  const introduction = values.introduction.trim();
  if (!introduction) errors.introduction = REQUIRED_MESSAGE;
  else if (introduction.length > RESOURCE_LIMITS.introduction) {
    errors.introduction = TOO_LONG_MESSAGE;
  }
  if (values.picture && values.pictureAlt.trim().length > RESOURCE_LIMITS.pictureAlt) {
    errors.pictureAlt = TOO_LONG_MESSAGE;
  }
  if (values.tags.length > RESOURCE_LIMITS.labels) errors.tags = TOO_LONG_MESSAGE;
  if (values.purposes.length > RESOURCE_LIMITS.labels) errors.purposes = TOO_LONG_MESSAGE;
  const link = values.link.trim();
  if (link.length > RESOURCE_LIMITS.link) errors.link = TOO_LONG_MESSAGE;
  else if (link && !isWebAddress(link)) errors.link = INVALID_FORMAT_MESSAGE;
  return errors;
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
