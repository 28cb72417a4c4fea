import type { ThesisStage } from '@plataforma/shared';

/**
 * Who is looking at the resources. Features do not read the session themselves (house style
 * rule 1): the route module resolves it and passes this down.
 */
export interface ResourceViewer {
  role: 'visitor' | 'student' | 'admin' | 'other';
  /** The student record (`UserDetails.profileId`) for students; null otherwise. */
  studentId: number | null;
}

/** The two orders of /resources: newest published first or most visited first. */
export const RESOURCE_SORTS = ['recent', 'popular'] as const;
export type ResourceCatalogueSort = (typeof RESOURCE_SORTS)[number];

/** Everything a /resources list is: the URL holds exactly this (ADR 0041). */
export interface ResourceFilters {
  /** One tag (spec §9 interest sub-tags), or '' for any. */
  tag: string;
  /** One purpose (spec §9 purpose tags), or '' for any. */
  purpose: string;
  /** One thesis stage, or null for any. */
  stage: ThesisStage | null;
  sort: ResourceCatalogueSort;
  page: number;
}
