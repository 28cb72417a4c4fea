/**
 * The verification of teachers (ADR 0051): a self-registered teacher starts `pending` and may
 * not publish until an admin approves them (`verified`) or their email's domain is one the
 * university lists; `rejected` is an admin's refusal, which leaves them unable to publish.
 */
export const TEACHER_VERIFICATIONS = ['pending', 'verified', 'rejected'] as const;
export type TeacherVerification = (typeof TEACHER_VERIFICATIONS)[number];

/**
 * What a teacher who may not publish is told, by the API's 403 and by the web in place of the
 * form and the "Publica tu proyecto" buttons.
 */
export const TEACHER_VERIFICATION_REFUSALS: Readonly<
  Record<Exclude<TeacherVerification, 'verified'>, string>
> = {
  pending:
    'Tu cuenta de profesor está pendiente de verificación. Podrás publicar proyectos cuando un administrador la apruebe.',
  rejected:
    'Tu cuenta de profesor no ha sido aprobada, así que no puedes publicar proyectos. Si crees que es un error, ponte en contacto con el equipo de la plataforma.',
};

/** How many domains the university may list (a guard, not a product limit). */
export const MAX_TEACHER_DOMAINS = 200;

/**
 * An email domain as people write it, normalised: lower case, without spaces and without the
 * "@" some write before it (`@UM.es` → `um.es`).
 */
export const normaliseDomain = (value: string): string =>
  value.trim().replace(/^@+/, '').toLowerCase();

/**
 * A domain name: labels of letters, digits and hyphens (not at either end), at least two of them,
 * the last one alphabetic or punycode (`um.es`, `alu.ucam.edu`, `xn--espaa-rta.es`).
 */
export const DOMAIN_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The domain of an email address, lower case (`Ana@UM.es` → `um.es`); '' without an "@". */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/**
 * The text of the admins' field (one domain per line; commas and spaces also separate) read as
 * the list it means: each domain normalised, empty lines and repeats dropped, in the order
 * written; `invalid` holds what is not a domain, as written, for the field's error.
 */
export function parseTeacherDomains(text: string): { domains: string[]; invalid: string[] } {
  const domains: string[] = [];
  const invalid: string[] = [];
  for (const piece of text.split(/[\s,;]+/)) {
    const domain = normaliseDomain(piece);
    if (!domain) continue;
    if (!DOMAIN_PATTERN.test(domain)) invalid.push(piece.trim());
    else if (!domains.includes(domain)) domains.push(domain);
  }
  return { domains, invalid };
}

/**
 * Why a teacher in this state may not publish, or null when they may. The API refuses anyone not
 * `verified`; the web, which may not know the state yet (null), only hides what the API would
 * refuse for sure.
 */
export function teacherPublishRefusal(
  verification: TeacherVerification | null | undefined,
): string | null {
  return verification === 'pending' || verification === 'rejected'
    ? TEACHER_VERIFICATION_REFUSALS[verification]
    : null;
}
