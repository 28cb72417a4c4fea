/**
 * The platform's legal texts (ADR 0035): the privacy policy (RGPD/LOPDGDD), the legal notice
 * (LSSI art. 10) and the cookie policy (LSSI art. 22.2). Each is one entry of `/api/legal-texts`
 * that admins edit; every change makes a new version and the old ones are kept, so what a person
 * accepted when registering can always be shown.
 */
export const LEGAL_TEXT_KINDS = ['privacy', 'legal-notice', 'cookies'] as const;
export type LegalTextKind = (typeof LEGAL_TEXT_KINDS)[number];

/**
 * Where each text is read in the web app, and its name in menus and links. The paths are the
 * footer's (spec §2 Other: the footer is data; the demo footer links them).
 */
export const LEGAL_PAGES = {
  privacy: { path: '/privacidad', label: 'Política de privacidad' },
  'legal-notice': { path: '/aviso-legal', label: 'Aviso legal' },
  cookies: { path: '/cookies', label: 'Política de cookies' },
} as const satisfies Record<LegalTextKind, { path: `/${string}`; label: string }>;

/**
 * Words in a legal text that the web replaces with the branding's values when it shows the text
 * (spec §3 Branding), so the default texts name the university of each installation and stay right
 * when its branding changes.
 */
export const LEGAL_PLACEHOLDERS = {
  '{universidad}': 'el nombre de la universidad (marca: nombre de la universidad)',
  '{plataforma}': 'el nombre de la plataforma (marca: nombre del proyecto)',
  '{correo}': 'el correo de contacto (marca: correo de contacto)',
} as const;
export type LegalPlaceholder = keyof typeof LEGAL_PLACEHOLDERS;

/** Longest title and content (characters of HTML) a legal text may have. */
export const LEGAL_TEXT_LIMITS = { title: 200, content: 200_000 } as const;
