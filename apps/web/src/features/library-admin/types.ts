import type { TfxReviewStatus, TfxTextStatus } from '@plataforma/shared';

/** A final work as the staff review shows it (spec §3 TFX; ADR 0036 review states). */
export interface ReviewWork {
  id: number;
  title: string;
  /** The author's name: the student's for an uploaded work, `author_name` for an external one. */
  author: string | null;
  degree: string | null;
  university: string | null;
  /** The month the work is from, "MM/yyyy". */
  releaseMonth: string | null;
  reviewStatus: TfxReviewStatus;
  rejectionReason: string | null;
  textStatus: TfxTextStatus;
  /** The PDF, private: downloaded with the admin's token. */
  file: { id: number; url: string; name: string } | null;
  /** A link to the work outside the platform. */
  externalUrl: string | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

export interface ReviewPage {
  works: ReviewWork[];
  pagination: { page: number; pageSize: number; pageCount: number; total: number };
}
