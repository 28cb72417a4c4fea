import {
  NAME_MAX_LENGTH,
  SURNAME_MAX_LENGTH,
  optionalPhoneField,
  requiredText,
} from '@plataforma/shared';
import { z } from 'zod';
import { FORM_MESSAGES } from '../../../forms/engine/messages';

/** Spec §5 form messages. */
export const INVALID_FORMAT_MESSAGE = FORM_MESSAGES.pattern;

export type PersonalData = { name: string; surname: string; phone: string };

/**
 * The personal data form (the form kit, ADR 0073): name and surname required and no longer than
 * the API keeps; the phone optional but, when given, a phone the platform stores (spec §5
 * pattern, a possible number, E.164: ADR 0034). It sends `PUT /api/user/me`'s body: trimmed
 * text, and null for an emptied phone.
 */
export const personalDataSchema = z.object({
  name: requiredText(NAME_MAX_LENGTH),
  surname: requiredText(SURNAME_MAX_LENGTH),
  phone: optionalPhoneField,
});
