/** Campaign banners (spec §2 Banners, ADR 0015): wire shapes of `/api/banners` and the app's view. */
import { BANNER_AUDIENCES, type BannerAudience } from '@plataforma/shared';

/** Who a placement is for: visitors (signed out) or a profile type (packages/shared). */
export { BANNER_AUDIENCES, type BannerAudience };

/** Spanish names of the audiences, for the admin screen. */
export const AUDIENCE_LABELS: Record<BannerAudience, string> = {
  visitor: 'Visitantes sin sesión',
  student: 'Estudiantes',
  teacher: 'Profesorado',
  coordinator: 'Organizaciones',
  admin: 'Administración',
};

/**
 * Where a banner shows: an exact path ("/projects") or a path and everything under it
 * ("/projects/*"); `audiences` empty means everyone.
 */
export interface BannerPlacement {
  path: string;
  audiences: BannerAudience[];
}

export interface BannerAttributes {
  title: string;
  message: string;
  linkUrl: string | null;
  linkLabel: string | null;
  placements?: BannerPlacement[];
  startsAt: string | null;
  endsAt: string;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BannersResponse {
  data: { id: number; attributes: BannerAttributes }[];
  meta: { pagination?: { page: number; pageSize: number; pageCount: number; total: number } };
}

/** A banner as the app works with it: dates as epoch milliseconds, placements always a list. */
export interface Banner {
  id: number;
  title: string;
  message: string;
  link: { url: string; label: string } | null;
  placements: BannerPlacement[];
  /** Null: shown from publication. */
  startsAt: number | null;
  endsAt: number;
  isPublished: boolean;
  /** When it was published (ISO), null for a draft. */
  publishedAt: string | null;
  /** Changes when an admin edits the banner, so a closed banner shows again after an edit. */
  version: string;
}

/** What an admin writes (`POST`/`PUT /api/banners`). */
export interface BannerInput {
  title: string;
  message: string;
  linkUrl: string | null;
  linkLabel: string | null;
  placements: BannerPlacement[];
  startsAt: string | null;
  endsAt: string;
  publishedAt: string | null;
}
