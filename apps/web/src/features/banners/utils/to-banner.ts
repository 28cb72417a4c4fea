import type { Banner, BannerAttributes } from '../types';

/** The app's view of one `/api/banners` entry; an entry with unreadable dates gives null. */
export function toBanner(id: number, attributes: BannerAttributes): Banner | null {
  const endsAt = Date.parse(attributes.endsAt);
  const startsAt = attributes.startsAt ? Date.parse(attributes.startsAt) : null;
  if (Number.isNaN(endsAt) || (startsAt !== null && Number.isNaN(startsAt))) return null;
  return {
    id,
    title: attributes.title,
    message: attributes.message,
    link:
      attributes.linkUrl && attributes.linkLabel
        ? { url: attributes.linkUrl, label: attributes.linkLabel }
        : null,
    placements: attributes.placements ?? [],
    startsAt,
    endsAt,
    isPublished: attributes.publishedAt !== null,
    publishedAt: attributes.publishedAt,
    version: attributes.updatedAt,
  };
}
