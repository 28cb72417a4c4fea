import { isPhoneNumber, NAME_MAX_LENGTH, SURNAME_MAX_LENGTH } from '@plataforma/shared';
import { FORM_MESSAGES } from '../../../forms/engine/messages';
/** Spec §5 form messages. */
export const REQUIRED_MESSAGE = FORM_MESSAGES.required;
export const INVALID_FORMAT_MESSAGE = FORM_MESSAGES.pattern;
export const MAX_LENGTH_MESSAGE = FORM_MESSAGES.maxLength;

export interface PersonalData {
  name: string;
  surname: string;
  phone: string;
}

export type PersonalDataErrors = Partial<Record<keyof PersonalData, string>>;

/** Required, and no longer than the API keeps (`PUT /api/user/me`). */
function checkName(value: string, maxLength: number): string | undefined {
  if (value.trim() === '') return REQUIRED_MESSAGE;
  return value.trim().length > maxLength ? MAX_LENGTH_MESSAGE : undefined;
}

/**
 * Name and surname are required; the phone is optional but, when given, a phone the platform
 * stores (spec §5 pattern, a possible number, E.164: ADR 0034).
 */
export function validatePersonalData(values: PersonalData): PersonalDataErrors {
  const errors: PersonalDataErrors = {};
  const name = checkName(values.name, NAME_MAX_LENGTH);
  if (name) errors.name = name;
  const surname = checkName(values.surname, SURNAME_MAX_LENGTH);
  if (surname) errors.surname = surname;
  const phone = values.phone.trim();
  if (phone !== '' && !isPhoneNumber(phone)) errors.phone = INVALID_FORMAT_MESSAGE;
  return errors;
}

/** The body of `PUT /api/user/me`: trimmed text, and null for an emptied phone. */
export function toUpdateMeBody(values: PersonalData) {
  const phone = values.phone.trim();
  return { name: values.name.trim(), surname: values.surname.trim(), phone: phone || null };
}
