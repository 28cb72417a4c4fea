/** Spec §5 "Form messages", verbatim. */
export const FORM_MESSAGES = {
  required: 'Este campo es obligatorio.',
  requiredCheckbox: 'Aceptar este campo es obligatorio.',
  pattern: 'Formato no válido.',
  maxLength: 'Longitud máxima alcanzada.',
} as const;

/** Spec §5 and §9: the file types an upload accepts unless the item says otherwise. */
export const DEFAULT_ALLOWED_FILE_TYPES = ['pdf', 'png', 'jpg', 'jpeg', 'webp', 'avif', 'svg'];

/** Spec §9: the size hint is 15MB; the engine also enforces it (ADR 0019). */
export const MAX_FILE_SIZE_BYTES = 15 * 1024 * 1024;

/**
 * Spec §5 Phone: an optional international prefix plus up to 15 digits, spaces, dots or hyphens.
 */
export const PHONE_PATTERN = /^(\+\d{1,4})?[\d\s.-]{1,15}$/;

/**
 * Spec §5 Phone in profile forms: an optional +country prefix, an optional parenthesised area
 * code, then 1 to 15 digits, spaces, dots or dashes.
 */
export const PROFILE_PHONE_PATTERN = /^(\+\d{1,4}\s?)?(\(\d{1,4}\)\s?)?[\d\s.-]{1,15}$/;

/** Spec §5 Phone placeholder. */
export const PHONE_PLACEHOLDER = '(+XX) XXXXXXXXX';
