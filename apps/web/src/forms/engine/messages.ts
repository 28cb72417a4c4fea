/** Spec §5 "Form messages", verbatim. */
export const FORM_MESSAGES = {
  required: 'Este campo es obligatorio.',
  requiredCheckbox: 'Aceptar este campo es obligatorio.',
  pattern: 'Formato no válido.',
  maxLength: 'Longitud máxima alcanzada.',
} as const;

/** Spec §5 Phone placeholder (one copy, in the shared field rules). */
export { PHONE_PLACEHOLDER } from '@plataforma/shared';
