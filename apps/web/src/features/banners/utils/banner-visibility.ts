import type { Banner, BannerAudience, BannerPlacement } from '../types';

/**
 * Which campaign banners a page shows (spec §2 Banners): published, within their window at `now`,
 * and placed on the current path for the current audience. Pure, so the edges can be tested with
 * any clock.
 */
export interface BannerContext {
  /** Epoch milliseconds; the caller reads the clock (`Date.now()`), so tests can set it. */
  now: number;
  pathname: string;
  /** Null while the session is not known yet: only placements for everyone match then. */
  audience: BannerAudience | null;
}

/** Both ends included: a banner "until 31 Jan" ends at 23:59:59 of that day. */
export function isWithinWindow(banner: Pick<Banner, 'startsAt' | 'endsAt'>, now: number): boolean {
  return (banner.startsAt === null || now >= banner.startsAt) && now <= banner.endsAt;
}

/** "/Projects/" and "/projects" are the same page (React Router matches case-insensitively). */
function normalizePath(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}

/**
 * Whether a placement's path matches the current path: exactly, or for a pattern ending in "/*"
 * the path before it and everything under it ("/projects/*": /projects, /projects/create...).
 */
export function matchesPath(pattern: string, pathname: string): boolean {
  const path = normalizePath(pathname);
  if (pattern.endsWith('/*')) {
    const base = normalizePath(pattern.slice(0, -2) || '/');
    return base === '/' || path === base || path.startsWith(`${base}/`);
  }
  return normalizePath(pattern) === path;
}

/** No audiences means everyone; otherwise the current audience must be listed. */
export function matchesAudience(
  placement: Pick<BannerPlacement, 'audiences'>,
  audience: BannerAudience | null,
): boolean {
  if (placement.audiences.length === 0) return true;
  return audience !== null && placement.audiences.includes(audience);
}

export function isBannerVisible(banner: Banner, context: BannerContext): boolean {
  return (
    banner.isPublished &&
    isWithinWindow(banner, context.now) &&
    banner.placements.some(
      (placement) =>
        matchesPath(placement.path, context.pathname) &&
        matchesAudience(placement, context.audience),
    )
  );
}

/** The banners to show, in the order given (the API answers them by start date). */
export function visibleBanners(banners: Banner[], context: BannerContext): Banner[] {
  return banners.filter((banner) => isBannerVisible(banner, context));
}
