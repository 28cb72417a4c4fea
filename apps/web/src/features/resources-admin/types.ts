import type { ResourceWrite, ThesisStage } from '@plataforma/shared';
import type { ResourcePicture } from '../../entities/resource/types';

/** What the resource form holds while an admin edits it. */
export interface ResourceFormValues {
  title: string;
  introduction: string;
  tags: string[];
  purposes: string[];
  stages: ThesisStage[];
  link: string;
  /** HTML from the rich text editor. */
  content: string;
  picture: ResourcePicture | null;
  /**
   * The picture's alternative text, as typed: stored on the picture's file (spec §3 Media file
   * `alternativeText`), not on the resource (ADR 0042).
   */
  pictureAlt: string;
  isPopular: boolean;
}

export type ResourceFormField =
  'title' | 'introduction' | 'pictureAlt' | 'tags' | 'purposes' | 'link' | 'content';
export type ResourceFormErrors = Partial<Record<ResourceFormField, string>>;

/**
 * What `POST /api/resources` and `PUT /api/resources/:id` are sent in `data` (spec §3 Resource):
 * the picture is the uploaded file's id; `publishedAt` publishes (a date) or makes a draft (null)
 * and is left out when the state does not change.
 */
export type ResourceWriteData = ResourceWrite;

/** A new alternative text for the resource's picture, written to its file before the resource. */
export interface PictureAltChange {
  fileId: number;
  /** null: none (the picture's title fallback is used, ADR 0042). */
  alternativeText: string | null;
}

/** What the form sends: the resource's data and, when it changed, the picture's alternative text. */
export interface ResourceSubmission {
  data: ResourceWriteData;
  pictureAlt: PictureAltChange | null;
}
