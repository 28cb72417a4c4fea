import { PHONE_MAX_DIGITS } from './limits';

/**
 * The patterns of spec §5, one copy for the web's forms (a form item's `pattern`) and the API's
 * zod checks, so that what a form lets through the API accepts.
 */

/**
 * Spec §5 Phone: an optional international prefix plus up to 15 digits, spaces, dots or hyphens
 * (the phone items of the dynamic forms).
 */
export const PHONE_PATTERN = /^(\+\d{1,4})?[\d\s.-]{1,15}$/;

/**
 * Spec §5 Phone in profile forms, and every phone the API stores (accounts, organisation
 * contacts): an optional +country prefix, an optional parenthesised area code, then digits,
 * spaces, dots or dashes, with at most `PHONE_MAX_DIGITS` digits after the prefix (the lookahead
 * counts them, area code included).
 */
export const PROFILE_PHONE_PATTERN = new RegExp(
  `^(\\+\\d{1,4}[\\s.-]?)?(?=(?:\\D*\\d){1,${PHONE_MAX_DIGITS}}\\D*$)(\\(\\d{1,5}\\)[\\s.-]?)?[\\d\\s.-]{1,${PHONE_MAX_DIGITS * 2}}$`,
);
/** Spec §5 Phone placeholder. */
export const PHONE_PLACEHOLDER = '(+XX) XXXXXXXXX';

/** Longest phone text kept, separators included. */
export const PHONE_MAX_LENGTH = 30;

/**
 * An email address as the forms check it: one @, no spaces, a dot in the domain. The API checks
 * the stricter zod email on top.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
export const EMAIL_MAX_LENGTH = 255;

/**
 * A Spanish identity number: a DNI (8 digits and a letter) or a NIE (X, Y or Z, 7 digits and a
 * letter), as an application and a student's profile store it.
 */
export const DNI_NIE_PATTERN = /^[0-9XYZxyz][0-9]{7}[A-Za-z]$/;

/** A web address people may link to: http or https only. */
export const HTTP_URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/**
 * Usernames: 3 to 50 letters, digits, dots, dashes or underscores. Never `@`: sign-in accepts an
 * email or a username, and a username shaped like someone else's email would be ambiguous.
 */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]{3,50}$/u;

/** Names go into greetings and email headers (spec §3 User). */
export const NAME_MAX_LENGTH = 100;
export const SURNAME_MAX_LENGTH = 150;
