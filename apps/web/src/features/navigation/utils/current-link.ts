/**
 * Which of the menu's links is the page being shown, for `aria-current="page"`. Router matching is
 * by path only, which would mark "Perfil" and every `/profile?section=...` link at once; here a link
 * matches when its path is the page's path and each of its query values is in the page's query,
 * and the link with the most matching query values wins.
 *
 * @returns the href of the current link, or null when no link is the current page
 */
export function findCurrentHref(
  hrefs: readonly string[],
  location: { pathname: string; search: string },
): string | null {
  const page = new URLSearchParams(location.search);
  const pathname = trimSlash(location.pathname);
  let best: { href: string; score: number } | null = null;
  for (const href of hrefs) {
    const url = new URL(href, 'https://example.invalid');
    if (trimSlash(url.pathname) !== pathname) continue;
    const wanted = [...url.searchParams];
    if (!wanted.every(([key, value]) => page.getAll(key).includes(value))) continue;
    if (!best || wanted.length > best.score) best = { href, score: wanted.length };
  }
  return best?.href ?? null;
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
