/** Spec §5 "Form messages", verbatim. */
export const FORM_MESSAGES = {
  required: 'Este campo es obligatorio.',
  requiredCheckbox: 'Aceptar este campo es obligatorio.',
  pattern: 'Formato no válido.',
  maxLength: 'Longitud máxima alcanzada.',
} as const;

const SPANISH_NUMBER = new Intl.NumberFormat('es-ES');

/** A number outside its item's range: says which numbers are allowed. */
export function rangeMessage({
  min,
  max,
  integer,
}: {
  min: number;
  max: number;
  integer?: boolean;
}) {
  const kind = integer ? 'un número entero' : 'un número';
  return `Escribe ${kind} entre ${SPANISH_NUMBER.format(min)} y ${SPANISH_NUMBER.format(max)}.`;
}

/** Spec §5 Phone placeholder (one copy, in the shared field rules). */
export { PHONE_PLACEHOLDER } from '@plataforma/shared';
