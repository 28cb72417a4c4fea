/**
 * Where the admin is in the catalogue, kept in the URL (`/campus?universidad=3&q=…&page=2`), so
 * every list can be bookmarked and the back button walks back up (ADR 0047): no parameter lists
 * the universities, `universidad` one university's campuses, `campus` one campus's degrees with
 * their calls. `q` searches the names of the list shown and `page` is its page.
 */
export interface BrowseState {
  universityId: number | null;
  campusId: number | null;
  q: string;
  page: number;
}

function idOf(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
}

export function readBrowseState(params: URLSearchParams): BrowseState {
  return {
    universityId: idOf(params.get('universidad')),
    campusId: idOf(params.get('campus')),
    q: (params.get('q') ?? '').trim(),
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/** The query string (with its `?`) of a place in the catalogue; empty parts are left out. */
export function browseHref({
  universityId = null,
  campusId = null,
  q = '',
  page = 1,
}: Partial<BrowseState>): string {
  const params = new URLSearchParams();
  if (campusId !== null) params.set('campus', String(campusId));
  else if (universityId !== null) params.set('universidad', String(universityId));
  if (q.trim()) params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '?';
}
