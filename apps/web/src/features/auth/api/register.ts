import { useMutation } from '@tanstack/react-query';
import {
  SELF_SERVICE_PROFILE_TYPES,
  type RegisterBody,
  type RegisteredAnswer,
} from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { markWelcomePending } from '../utils/welcome-flag';

/** Profile types a person may choose when signing up (ADR 0008: never admin). */
export { SELF_SERVICE_PROFILE_TYPES };
export type SelfServiceProfileType = (typeof SELF_SERVICE_PROFILE_TYPES)[number];

export interface RegisterInput {
  profileType: SelfServiceProfileType;
  name: string;
  surname: string;
  email: string;
  /** Empty when not given (the API treats '' as absent). */
  phone: string;
  password: string;
  passwordConfirmation: string;
  /** The box "He leído y acepto la política de privacidad". */
  privacyAccepted: boolean;
  /** The version of the privacy text the page offered (ADR 0035). */
  privacyVersion: number;
}

/**
 * `POST /api/users-permissions/register-partialy {data}` (spec §7, ADR 0008): an unconfirmed
 * account; the confirmation email is on its way when this answers.
 */
export function register(input: RegisterInput): Promise<RegisteredAnswer> {
  const data: RegisterBody = {
    profileType: input.profileType,
    name: input.name.trim(),
    surname: input.surname.trim(),
    email: input.email.trim(),
    ...(input.phone.trim() ? { phone: input.phone.trim() } : {}),
    password: input.password,
    passwordConfirmation: input.passwordConfirmation,
    privacyAccepted: input.privacyAccepted,
    privacyVersion: input.privacyVersion,
  };
  return apiRequest<RegisteredAnswer>('/api/users-permissions/register-partialy', {
    method: 'POST',
    body: { data },
    auth: false,
  });
}

/**
 * Signs up; the new user's id is flagged for the welcome modal (spec §4: shown after registration,
 * flagged in local storage for the same user id), which appears at their first sign-in here.
 */
export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (answer) => markWelcomePending(answer.user.id),
  });
}
