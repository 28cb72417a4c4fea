/** Business constants and limits of spec §9, shared by the web forms and the API checks. */

/** Notifications shown at first and added by each "Ver notificaciones antiguas" (spec §4, §9). */
export const NOTIFICATION_PAGE_STEP = 3;

/** Page size of the option fetchers of dynamic comboboxes (spec §7, §9). */
export const OPTION_PAGE_SIZE = 10;

/** Lifetime of the token cookie when "remember me" is ticked (spec §4 Session, §9). */
export const REMEMBER_ME_DAYS = 30;

/** Upload size hint (spec §5, §9 "File size hint 15MB"). */
export const FILE_SIZE_LIMIT_MB = 15;
export const FILE_SIZE_LIMIT_BYTES = FILE_SIZE_LIMIT_MB * 1024 * 1024;

/** File extensions an upload accepts (spec §5, §9). */
export const ALLOWED_FILE_TYPES = ['pdf', 'png', 'jpg', 'jpeg', 'webp', 'avif', 'svg'] as const;
export type AllowedFileType = (typeof ALLOWED_FILE_TYPES)[number];

/** Theme colour and default font (spec §3 Branding, §9). */
export const THEME_COLOR = '#1226AA';
export const DEFAULT_FONT = 'Montserrat';

/** Default country of phone inputs and the most digits after the prefix (spec §5, §9). */
export const DEFAULT_PHONE_COUNTRY = 'ES';
export const PHONE_MAX_DIGITS = 15;

/**
 * Profile primary keys: a letter plus a code of at least 4 digits (spec §3 Student/Teacher, §9).
 * The database CHECKs accept more digits so the numbering never runs out.
 */
export const PRIMARY_KEY_PREFIXES = { student: 'E', teacher: 'P' } as const;
export const PRIMARY_KEY_MIN_DIGITS = 4;

/** Password length bounds, checked by the API and shown by the web forms (ADR 0008). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
/** What a person reads when a new password breaks a length rule, or its repetition differs. */
export const PASSWORD_MESSAGES = {
  tooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  tooLong: `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres.`,
  mismatch: 'Las contraseñas no coinciden.',
} as const;
