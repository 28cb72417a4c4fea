import { FOOTER_LIMITS, optionalText, requiredText } from '@plataforma/shared';
import { z } from 'zod';
import { errorsByPath } from '../../../forms/kit/field-errors';
import { formIssueMessage } from '../../../forms/kit/issue-messages';
import type { FieldErrors } from './form-errors';

/**
 * A footer link: an http(s) address, a path of this site, or an e-mail or phone link (the demo
 * footer's "Contacto" is a mailto: link). The API decides in the end (ADR 0016).
 */
export const FOOTER_LINK = /^(?:https?:\/\/|\/|mailto:|tel:)\S*$/i;

/**
 * The footer content (spec §3 Footer content) as `footer_sections.FooterSection` stores it: a list
 * of sections, each with rows of columns; a column holds images, links and a language selector.
 * Component `id`s are kept when present (Strapi components carry them).
 */
export interface FooterMediaWire {
  data: { id: number; attributes: { url: string; alternativeText?: string | null } } | null;
}
export interface FooterImageWire {
  id?: number;
  source?: FooterMediaWire;
  alternativeText?: string | null;
  isLink?: boolean;
  width?: number | null;
  height?: number | null;
}
export interface FooterLinkWire {
  id?: number;
  title?: string | null;
  text?: string | null;
  url?: string | null;
  language?: string | null;
}
export interface FooterLanguageWire {
  value: string;
  label: string;
  disabled?: boolean;
}
export interface FooterColumnWire {
  id?: number;
  images?: FooterImageWire[];
  links?: FooterLinkWire[];
  languageSelector?: FooterLanguageWire[];
}
export interface FooterRowWire {
  id?: number;
  columns: FooterColumnWire[];
}
export interface FooterSectionWire {
  id?: number;
  rows: FooterRowWire[];
}

/** The editor's copy: text inputs hold strings; `key` keeps React's list identity across moves. */
export interface FooterImageDraft {
  key: string;
  id?: number;
  sourceId: number | null;
  url: string;
  /**
   * The stored media's own text alternative, kept as it was; undefined for a newly uploaded file,
   * which takes the image's.
   */
  sourceAlternativeText?: string | null;
  alternativeText: string;
  isLink: boolean;
  width: string;
  height: string;
}
export interface FooterLinkDraft {
  key: string;
  id?: number;
  text: string;
  title: string;
  url: string;
  language: string;
}
export interface FooterLanguageDraft {
  key: string;
  value: string;
  label: string;
  disabled: boolean;
}
export interface FooterColumnDraft {
  key: string;
  id?: number;
  images: FooterImageDraft[];
  links: FooterLinkDraft[];
  languages: FooterLanguageDraft[];
}
export interface FooterRowDraft {
  key: string;
  id?: number;
  columns: FooterColumnDraft[];
}
export interface FooterSectionDraft {
  key: string;
  id?: number;
  rows: FooterRowDraft[];
}

/** Limits of the footer schema the API checks, from the shared contract. */
export { FOOTER_LIMITS };

let lastKey = 0;
/** A key unique in this page's life, for list items. */
export function newKey(): string {
  lastKey += 1;
  return `k${lastKey}`;
}

const str = (value: string | null | undefined) => value ?? '';
const num = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function emptyLink(): FooterLinkDraft {
  return { key: newKey(), text: '', title: '', url: '', language: 'es' };
}
export function emptyLanguage(): FooterLanguageDraft {
  return { key: newKey(), value: '', label: '', disabled: false };
}
export function emptyImage(): FooterImageDraft {
  return {
    key: newKey(),
    sourceId: null,
    url: '',
    alternativeText: '',
    isLink: false,
    width: '',
    height: '',
  };
}
export function emptyColumn(): FooterColumnDraft {
  return { key: newKey(), images: [], links: [emptyLink()], languages: [] };
}
export function emptyRow(): FooterRowDraft {
  return { key: newKey(), columns: [emptyColumn()] };
}
export function emptySection(): FooterSectionDraft {
  return { key: newKey(), rows: [emptyRow()] };
}

/** The stored footer → the editor's draft. */
export function toFooterDraft(
  sections: FooterSectionWire[] | null | undefined,
): FooterSectionDraft[] {
  return (sections ?? []).map((section) => ({
    key: newKey(),
    id: section.id,
    rows: (section.rows ?? []).map((row) => ({
      key: newKey(),
      id: row.id,
      columns: (row.columns ?? []).map((column) => ({
        key: newKey(),
        id: column.id,
        images: (column.images ?? []).map((image) => ({
          key: newKey(),
          id: image.id,
          sourceId: image.source?.data?.id ?? null,
          url: str(image.source?.data?.attributes.url),
          sourceAlternativeText: image.source?.data
            ? (image.source.data.attributes.alternativeText ?? null)
            : undefined,
          alternativeText: str(
            image.alternativeText ?? image.source?.data?.attributes.alternativeText,
          ),
          isLink: image.isLink ?? false,
          width: num(image.width),
          height: num(image.height),
        })),
        links: (column.links ?? []).map((link) => ({
          key: newKey(),
          id: link.id,
          text: str(link.text),
          title: str(link.title),
          url: str(link.url),
          language: str(link.language),
        })),
        languages: (column.languageSelector ?? []).map((option) => ({
          key: newKey(),
          value: option.value,
          label: option.label,
          disabled: option.disabled ?? false,
        })),
      })),
    })),
  }));
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const intOrNull = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
const withId = <T extends object>(id: number | undefined, rest: T) =>
  id === undefined ? rest : { id, ...rest };

/** The draft → what `PUT /api/footer-sections/:id` stores (empty lists left out, as the seed). */
export function toFooterWire(sections: FooterSectionDraft[]): FooterSectionWire[] {
  return sections.map((section) =>
    withId(section.id, {
      rows: section.rows.map((row) =>
        withId(row.id, {
          columns: row.columns.map((column) => {
            const wire: FooterColumnWire = withId(column.id, {});
            if (column.images.length > 0) {
              wire.images = column.images.map((image) => {
                const alternativeText = orNull(image.alternativeText);
                return withId(image.id, {
                  source: {
                    data:
                      image.sourceId === null
                        ? null
                        : {
                            id: image.sourceId,
                            attributes: {
                              url: image.url,
                              alternativeText:
                                image.sourceAlternativeText === undefined
                                  ? alternativeText
                                  : image.sourceAlternativeText,
                            },
                          },
                  },
                  alternativeText,
                  isLink: image.isLink,
                  width: intOrNull(image.width),
                  height: intOrNull(image.height),
                });
              });
            }
            if (column.links.length > 0) {
              wire.links = column.links.map((link) =>
                withId(link.id, {
                  title: orNull(link.title),
                  text: orNull(link.text),
                  url: orNull(link.url),
                  language: orNull(link.language),
                }),
              );
            }
            if (column.languages.length > 0) {
              wire.languageSelector = column.languages.map((option) => ({
                value: option.value.trim(),
                label: option.label.trim(),
                disabled: option.disabled,
              }));
            }
            return wire;
          }),
        }),
      ),
    }),
  );
}

/** The footer entry's attribute that holds the sections. */
const STORED_FOOTER = 'FooterSection';
/** Path of a value in the stored footer, as the API's validation errors name it. */
export const footerPath = (...parts: (string | number)[]) => [STORED_FOOTER, ...parts].join('.');

/** An image without its file: said as what to do, not as a missing value. */
export const IMAGE_MISSING_MESSAGE = 'Sube una imagen.';

/** Pixels as typed: none, or a whole number up to the API's limit. */
function isImageSize(value: string): boolean {
  return value === '' || (/^\d+$/.test(value) && Number(value) <= FOOTER_LIMITS.imageSize);
}
const imageSize = z.string().trim().refine(isImageSize);

const footerLinkDraft = z.object({
  text: requiredText(FOOTER_LIMITS.text),
  title: optionalText(FOOTER_LIMITS.text),
  url: requiredText(FOOTER_LIMITS.url).regex(FOOTER_LINK),
  language: optionalText(FOOTER_LIMITS.language),
});
const footerLanguageDraft = z.object({
  value: requiredText(FOOTER_LIMITS.optionValue),
  label: requiredText(FOOTER_LIMITS.optionLabel),
  disabled: z.boolean(),
});
const footerImageDraft = z.object({
  sourceId: z.number(IMAGE_MISSING_MESSAGE),
  alternativeText: requiredText(FOOTER_LIMITS.text),
  isLink: z.boolean(),
  width: imageSize,
  height: imageSize,
});

/**
 * The footer editor's schema (the form kit, ADR 0073) on the API's footer limits: a link needs a
 * text and an address ({@link FOOTER_LINK}); a language option needs a code and a name; an image
 * needs a file and a text alternative (WCAG 1.1.1).
 */
export const footerDraftSchema = z.array(
  z.object({
    rows: z.array(
      z.object({
        columns: z.array(
          z.object({
            images: z.array(footerImageDraft),
            links: z.array(footerLinkDraft),
            languages: z.array(footerLanguageDraft),
          }),
        ),
      }),
    ),
  }),
);

/** The draft's names that the stored footer, and so the API's errors, name otherwise. */
const STORED_NAMES: Partial<Record<PropertyKey, string>> = {
  languages: 'languageSelector',
  sourceId: 'source',
};

/**
 * The editor's errors by {@link footerDraftSchema}, keyed by the path of the stored footer
 * ({@link footerPath}) as the API's are, so both land on the same field.
 */
export function validateFooterDraft(sections: FooterSectionDraft[]): FieldErrors {
  const result = footerDraftSchema.safeParse(sections, { error: formIssueMessage });
  if (result.success) return {};
  return errorsByPath(
    result.error.issues.map(({ path, message }) => ({
      path: [STORED_FOOTER, ...path.map((step) => STORED_NAMES[step] ?? step)],
      message,
    })),
  );
}

/** A copy of `list` with the item at `index` moved by `delta` places (kept inside the list). */
export function moveItem<T>(list: T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return list;
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

export function removeItem<T>(list: T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

export function replaceItem<T>(list: T[], index: number, item: T): T[] {
  return list.map((current, i) => (i === index ? item : current));
}
