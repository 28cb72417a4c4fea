import { ApiError } from '../../../lib/api-client';
import { FORM_MESSAGES } from '../../../forms/engine/messages';

/** Spec §5: what a refused field says when the API gives no reason of its own. */
const FORMAT_MESSAGE = FORM_MESSAGES.pattern;

/** A hex colour as the API stores it: #rgb or #rrggbb (apps/api site.content-types.ts). */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** A font family name the API accepts. */
export const FONT_NAME = /^[A-Za-z0-9 ]{1,100}$/;

/** Field errors keyed by a dotted path (`mainColor`, `FooterSection.0.rows.1.columns.0.links.2.url`). */
export type FieldErrors = Record<string, string>;

interface ServerFieldError {
  path?: unknown;
  message?: unknown;
}

/**
 * The field errors of a 400 ValidationError (`details.errors [{path, message}]`), keyed by the
 * dotted path. The API words them in English for developers, so each field shows the spec's
 * "Formato no válido." unless `messageFor` knows better.
 */
export function serverFieldErrors(
  error: unknown,
  messageFor: (path: string) => string = () => FORMAT_MESSAGE,
): FieldErrors {
  if (!(error instanceof ApiError) || error.errorName !== 'ValidationError') return {};
  const list = Array.isArray(error.details.errors)
    ? (error.details.errors as ServerFieldError[])
    : [];
  const errors: FieldErrors = {};
  for (const item of list) {
    if (!Array.isArray(item.path) || item.path.length === 0) continue;
    const path = item.path.map(String).join('.');
    errors[path] ??= messageFor(path);
  }
  return errors;
}

/** The message about a failed save as a whole, in Spanish. */
export function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.errorName === 'ValidationError') {
      return 'No se han guardado los cambios: revisa los campos marcados.';
    }
    if (error.status === 401 || error.status === 403) {
      return 'No tienes permiso para cambiar estos ajustes. Vuelve a iniciar sesión con una cuenta de administración.';
    }
    if (error.status === 0) {
      return 'No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.';
    }
  }
  return 'No se pudieron guardar los cambios. Inténtalo de nuevo dentro de un momento.';
}
