import type { TfxFacet, TfxSearchSort } from '@plataforma/shared';

/**
 * Who is looking at the library. Features do not read the session themselves (house style
 * rule 1): the route module resolves it and passes this down.
 */
export interface LibraryViewer {
  role: 'visitor' | 'student' | 'admin' | 'other';
  /** The student record (`UserDetails.profileId`) for students; null otherwise. */
  studentId: number | null;
}

/** Which repository a screen shows: the platform's works (/tfx) or the external ones. */
export type LibraryKind = 'platform' | 'external';

/** Everything a library search is: the URL holds exactly this (ADR 0040). */
export interface LibraryFilters {
  q: string;
  facets: Record<TfxFacet, string[]>;
  sort: TfxSearchSort;
  page: number;
}
