/**
 * Media URLs from the API are either absolute (an external storage) or paths on this origin
 * (`/uploads/...`, spec §3 Media file). Anything else (`javascript:`, `data:`, garbage) is refused,
 * so a bad record can never become an active link or a tracking pixel elsewhere.
 *
 * @returns a URL usable in `src`/`href`, or null when the value is missing or not allowed
 */
export function resolveMediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const value = url.trim();
  if (value === '') return null;
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('//')) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  return value.startsWith('/') ? value : `/${value}`;
}
