/** Part of the page frame (root-layout.tsx); built in its own change. */
export function SiteFooter() {
  return null;
}
