import { apiErrorCodeOf, waitTimeText, type ApiErrorCode } from '@plataforma/shared';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { INVALID_FORMAT_MESSAGE, PASSWORDS_DIFFER_MESSAGE, REQUIRED_MESSAGE } from './validation';

/**
 * Turns the API's answers (Strapi users-permissions messages, in English, ADR 0008) into what the
 * person reads, in Spanish. They are told apart by their code (`details.code` and each field's
 * `code`, docs/api.md "Error codes"), never by their English text.
 */

/** Spec §8: login refused because the account's email is not confirmed. */
export const UNCONFIRMED_EMAIL_MESSAGE = 'Es necesario que verifiques tu email';
/** Spec §8: any other login failure. */
export const INVALID_CREDENTIALS_MESSAGE = 'Credenciales incorrectas';
export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Has hecho demasiados intentos seguidos. Espera un minuto y vuelve a intentarlo.';

/** A 429 of a sign-in or account form, with the wait the API gave (Retry-After) when it did. */
export function tooManyAttemptsMessage(error: ApiError): string {
  return error.retryAfterSeconds === undefined
    ? TOO_MANY_ATTEMPTS_MESSAGE
    : `Has hecho demasiados intentos seguidos. Vuelve a intentarlo dentro de ${waitTimeText(error.retryAfterSeconds)}.`;
}
export const CONNECTION_MESSAGE =
  'No se ha podido conectar con el servidor. Comprueba tu conexión y vuelve a intentarlo.';
export const GENERIC_FAILURE_MESSAGE =
  'No se ha podido completar la operación. Vuelve a intentarlo dentro de unos minutos.';
export const EMAIL_TAKEN_MESSAGE =
  'Ya existe una cuenta con este correo. Inicia sesión o recupera tu contraseña.';

/** Registration refused because the privacy text changed while the page was open (ADR 0035). */
export const PRIVACY_CHANGED_MESSAGE =
  'La política de privacidad se ha actualizado mientras te registrabas. Vuelve a leerla y, si estás de acuerdo, acéptala de nuevo.';

/** Whether a registration was refused because the privacy text it accepted is no longer current. */
export function isPrivacyChangedError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    Array.isArray(error.details.errors) &&
    (error.details.errors as DetailError[]).some(
      (entry) => Array.isArray(entry.path) && entry.path.includes('privacyVersion'),
    )
  );
}

/** The Spanish text of each field refusal the API names by its code. */
const FIELD_MESSAGES: Partial<Record<ApiErrorCode, string>> = {
  email_taken: EMAIL_TAKEN_MESSAGE,
  username_taken: 'Ese nombre de usuario ya está en uso.',
  passwords_differ: PASSWORDS_DIFFER_MESSAGE,
  current_password_invalid: 'La contraseña actual no es correcta.',
  same_password: 'La nueva contraseña debe ser distinta de la actual.',
  required: REQUIRED_MESSAGE,
};

function isNetworkOrServerFailure(error: ApiError): boolean {
  return error.status === NETWORK_ERROR_STATUS || error.status >= 500;
}

/** Whether a login failure says the account's email is not confirmed yet. */
export function isUnconfirmedEmailError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'email_not_confirmed';
}

/**
 * Spec §8 for the login form. Two situations are not about the credentials and say so, so a
 * person with the right password does not keep retyping it: too many attempts (429) and no answer
 * from the server (ADR 0013).
 */
export function loginErrorMessage(error: unknown): string {
  if (isUnconfirmedEmailError(error)) return UNCONFIRMED_EMAIL_MESSAGE;
  if (error instanceof ApiError) {
    if (error.status === 429) return tooManyAttemptsMessage(error);
    if (isNetworkOrServerFailure(error)) return CONNECTION_MESSAGE;
  }
  return INVALID_CREDENTIALS_MESSAGE;
}

/** The message of a failure that is about the whole form rather than one field. */
export function formErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return tooManyAttemptsMessage(error);
    if (error.status === NETWORK_ERROR_STATUS) return CONNECTION_MESSAGE;
  }
  return GENERIC_FAILURE_MESSAGE;
}

interface DetailError {
  path: unknown;
  message: unknown;
  code?: unknown;
}

function spanishFieldMessage(entry: DetailError & { message: string }): string {
  const code = apiErrorCodeOf(entry);
  // The password rules are worded in Spanish by the API (lib/password.ts): shown as they come.
  if (code === 'password_rule') return entry.message;
  // Everything else the API says about a field is a format problem (email, phone, name...).
  return (code && FIELD_MESSAGES[code]) ?? INVALID_FORMAT_MESSAGE;
}

/**
 * The per-field errors of a 400 answer (`details.errors[].path`), in Spanish, keyed by the last
 * segment of the path (`['data','email']` and `['email']` are both `email`). Fields not in
 * `fields` are left out: the caller shows a general message for those.
 */
export function fieldErrorsFrom<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const result: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError) || error.status !== 400) return result;
  const errors = error.details.errors;
  if (!Array.isArray(errors)) return result;
  for (const entry of errors as DetailError[]) {
    if (!Array.isArray(entry.path) || typeof entry.message !== 'string') continue;
    const field = String(entry.path[entry.path.length - 1] ?? '');
    if ((fields as readonly string[]).includes(field) && result[field as F] === undefined) {
      result[field as F] = spanishFieldMessage({ ...entry, message: entry.message });
    }
  }
  return result;
}
