/** Spec §5 form messages. */
export const REQUIRED_MESSAGE = 'Este campo es obligatorio.';
export const INVALID_FORMAT_MESSAGE = 'Formato no válido.';
export const MAX_LENGTH_MESSAGE = 'Longitud máxima alcanzada.';

/** Spec §5 Phone placeholder. */
export const PHONE_PLACEHOLDER = '(+XX) XXXXXXXXX';

/** Names and surnames are stored in 255 characters (`PUT /api/user/me`). */
export const NAME_MAX_LENGTH = 255;

/**
 * Spec §5, the phone of profile forms: an optional +country prefix, an optional parenthesised area
 * code, then 1 to 15 digits, spaces, dots or dashes. The same expression the API checks
 * (apps/api/src/features/users/users.service.ts), so the form never sends what it would refuse.
 */
export const PROFILE_PHONE_PATTERN = /^(\+\d{1,3}[\s.-]?)?(\(\d{1,4}\)[\s.-]?)?[\d\s.-]{1,15}$/;

export interface PersonalData {
  name: string;
  surname: string;
  phone: string;
}

export type PersonalDataErrors = Partial<Record<keyof PersonalData, string>>;

function checkName(value: string): string | undefined {
  if (value.trim() === '') return REQUIRED_MESSAGE;
  return value.trim().length > NAME_MAX_LENGTH ? MAX_LENGTH_MESSAGE : undefined;
}

/** Name and surname are required; the phone is optional but must match the pattern when given. */
export function validatePersonalData(values: PersonalData): PersonalDataErrors {
  const errors: PersonalDataErrors = {};
  const name = checkName(values.name);
  if (name) errors.name = name;
  const surname = checkName(values.surname);
  if (surname) errors.surname = surname;
  const phone = values.phone.trim();
  if (phone !== '' && !PROFILE_PHONE_PATTERN.test(phone)) errors.phone = INVALID_FORMAT_MESSAGE;
  return errors;
}

/** The body of `PUT /api/user/me`: trimmed text, and null for an emptied phone. */
export function toUpdateMeBody(values: PersonalData) {
  const phone = values.phone.trim();
  return { name: values.name.trim(), surname: values.surname.trim(), phone: phone || null };
}
