import type {
  ImageFormatName,
  Pagination,
  ResourceAttributes,
  ThesisStage,
  UploadedFile,
} from '@plataforma/shared';

/** A media file as `populate` answers it inside an entry (`{data:{id, attributes}}`). */
export type MediaAttributes = Pick<UploadedFile, 'url'> &
  Partial<Pick<UploadedFile, 'alternativeText' | 'width' | 'height' | 'mime' | 'name'>> & {
    formats?: Partial<
      Record<ImageFormatName, { url: string; width: number; height: number }>
    > | null;
  };

/**
 * A resource's attributes as the generic routes answer them (spec §3 Resource, the shared
 * contract's fields; lists leave `content` out with `fields`), and its picture when populated.
 */
export type ResourceRecordAttributes = Partial<ResourceAttributes> &
  Pick<ResourceAttributes, 'title'> & {
    picture?: { data: { id: number; attributes: MediaAttributes } | null };
  };

export interface ResourceRecord {
  id: number;
  attributes: ResourceRecordAttributes;
}

/** A resource's picture, its addresses already checked (lib/media-url). */
export interface ResourcePicture {
  id: number;
  url: string;
  /** The smaller copy the server made of a large image, for cards; null when there is none. */
  smallUrl: string | null;
  /** Its file's alternative text; empty when it has none (the screens then use the title). */
  alt: string;
  width: number | null;
  height: number | null;
}

/** A resource as every screen shows it. */
export interface ResourceItem {
  id: number;
  title: string;
  introduction: string | null;
  tags: string[];
  purposes: string[];
  /** The thesis stages it is written for (`tfx_status`). */
  stages: ThesisStage[];
  isPopular: boolean;
  visits: number;
  /** HTML cleaned by the server when written; cleaned again before it is rendered. */
  content: string | null;
  link: string | null;
  picture: ResourcePicture | null;
  /** null: a draft (only admins see those). */
  publishedAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** How a list of resources is ordered: newest published first, most visited first, last edited. */
export type ResourceSort = 'recent' | 'popular' | 'updated';

/** What a list of resources asks the API (`GET /api/resources`). */
export interface ResourceListQuery {
  tag?: string;
  purpose?: string;
  stage?: ThesisStage;
  sort: ResourceSort;
  page: number;
  pageSize: number;
  /** Admins: drafts too (`publicationState=preview`). */
  includeDrafts?: boolean;
}

export interface ResourcePage {
  resources: ResourceItem[];
  pagination: Pagination;
}
