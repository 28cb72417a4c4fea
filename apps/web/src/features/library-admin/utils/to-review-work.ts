import type { TfxAttributes, UploadedFile } from '@plataforma/shared';
import { resolveMediaUrl } from '../../../lib/media-url';
import type { ReviewWork } from '../types';

type Relation<T> = { data: { id: number; attributes: T } | null } | undefined;

/** A work entry as the review lists read it: its PDF and its author's record populated. */
export type ReviewTfxRecord = {
  id: number;
  attributes: TfxAttributes & {
    file?: Relation<Pick<UploadedFile, 'url' | 'name'>>;
    student?: Relation<{
      user?: Relation<{ name?: string | null; surname?: string | null }>;
      degree?: Relation<{ name: string }>;
      university?: Relation<{ name: string }>;
    }>;
  };
};

const joined = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ') || null;

/** Whether a link may be opened: web addresses only. */
function webAddress(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The work as the review shows it. The degree and university are the ones stored with the work
 * (copied from the profile at upload, ADR 0036); the profile's own are the fallback.
 */
export function toReviewWork({ id, attributes }: ReviewTfxRecord): ReviewWork {
  const student = attributes.student?.data?.attributes;
  const user = student?.user?.data?.attributes;
  const file = attributes.file?.data;
  const fileUrl = file ? resolveMediaUrl(file.attributes.url) : null;
  return {
    id,
    title: attributes.title,
    author: joined(user?.name, user?.surname) ?? attributes.author_name ?? null,
    degree: attributes.degree_name ?? student?.degree?.data?.attributes.name ?? null,
    university: attributes.institution ?? student?.university?.data?.attributes.name ?? null,
    releaseMonth: attributes.release_month,
    reviewStatus: attributes.review_status,
    rejectionReason: attributes.rejection_reason,
    textStatus: attributes.text_status,
    file: file && fileUrl ? { id: file.id, url: fileUrl, name: file.attributes.name } : null,
    externalUrl: webAddress(attributes.file_URL),
    createdAt: attributes.createdAt,
    updatedAt: attributes.updatedAt,
    publishedAt: attributes.publishedAt,
  };
}

const MONTHS = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric' });

/** "06/2025" in words ("junio de 2025"); anything else as it is. */
export function formatReleaseMonth(value: string | null): string | null {
  if (!value) return null;
  const match = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(value);
  if (!match) return value;
  return MONTHS.format(new Date(Number(match[2]), Number(match[1]) - 1, 15));
}
