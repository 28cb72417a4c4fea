/** What a footer address becomes: a route of this site, a new tab, an e-mail, or nothing. */
export type LinkTarget =
  | { kind: 'route'; to: string }
  | { kind: 'external'; href: string }
  | { kind: 'email'; href: string }
  | { kind: 'phone'; href: string };

/**
 * Classifies a link of the footer content. Paths of this site ("/projects") go through the router;
 * http(s) addresses open in a new tab without giving it access to this one; `mailto:` opens the
 * mail client and `tel:` the phone. Anything else (`javascript:`, `//host`, `data:`) is dropped:
 * the content comes from an editor, and a bad record must never become an active link.
 */
export function linkTarget(url: string | null | undefined): LinkTarget | null {
  const value = url?.trim() ?? '';
  if (/^\/(?![/\\])/.test(value)) return { kind: 'route', to: value };
  if (/^https?:\/\/[^\s]+$/i.test(value)) return { kind: 'external', href: value };
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(value)) return { kind: 'email', href: value };
  if (/^tel:\+?[0-9][0-9 ().-]{2,30}$/i.test(value)) return { kind: 'phone', href: value };
  return null;
}

/** The `mailto:` address of a contact e-mail, or null when it does not look like one. */
export function mailtoOf(email: string | null | undefined): string | null {
  const value = email?.trim() ?? '';
  return /^[^\s@:/]+@[^\s@:/]+$/.test(value) ? `mailto:${value}` : null;
}

/** Two addresses that lead to the same place ("/privacidad" and "/privacidad/", any case). */
export function isSameAddress(a: string, b: string): boolean {
  const normalize = (v: string) => v.trim().toLowerCase().replace(/\/+$/, '');
  return normalize(a) === normalize(b);
}
