import { THESIS_STAGES, type ThesisStage } from '@plataforma/shared';
import { resolveMediaUrl } from '../../../lib/media-url';
import type { MediaAttributes, ResourceItem, ResourcePicture, ResourceRecord } from '../types';

const isStage = (value: string): value is ThesisStage =>
  (THESIS_STAGES as readonly string[]).includes(value);

/** The picture of a resource, or null when it has none or its address is not usable. */
export function toResourcePicture(
  media: { id: number; attributes: MediaAttributes } | null | undefined,
): ResourcePicture | null {
  if (!media) return null;
  const url = resolveMediaUrl(media.attributes.url);
  if (!url) return null;
  return {
    id: media.id,
    url,
    smallUrl: resolveMediaUrl(media.attributes.formats?.small?.url),
    alt: media.attributes.alternativeText?.trim() ?? '',
    width: media.attributes.width ?? null,
    height: media.attributes.height ?? null,
  };
}

/** A resource entry of the API as the screens show it. */
export function toResource({ id, attributes }: ResourceRecord): ResourceItem {
  return {
    id,
    title: attributes.title,
    introduction: attributes.introduction?.trim() || null,
    tags: attributes.tags ?? [],
    purposes: attributes.purposes ?? [],
    stages: (attributes.tfx_status ?? []).filter(isStage),
    isPopular: attributes.is_popular ?? false,
    visits: attributes.popularity_visits ?? 0,
    content: attributes.content ?? null,
    link: attributes.link?.trim() || null,
    picture: toResourcePicture(attributes.picture?.data),
    publishedAt: attributes.publishedAt ?? null,
    createdAt: attributes.createdAt ?? null,
    updatedAt: attributes.updatedAt ?? null,
  };
}
