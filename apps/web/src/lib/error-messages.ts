import { tooManyRequestsMessage } from '@plataforma/shared';

/**
 * What a person reads when a call fails and the API's message is not meant for them (ADR 0032):
 * the API words Strapi's own errors in English for developers and the clients that match them, so
 * the web says what happened in Spanish from the status alone. The API's refusals worded for
 * people come in Spanish (`Content-Language: es`) and are shown as they are (api-client.ts).
 */

export const SERVER_FAILURE_MESSAGE =
  'No se ha podido completar la operación. Vuelve a intentarlo dentro de unos minutos.';

const BY_STATUS: Record<number, string> = {
  400: 'Los datos enviados no son válidos. Revísalos y vuelve a intentarlo.',
  401: 'Tu sesión ha caducado o no has iniciado sesión. Inicia sesión y vuelve a intentarlo.',
  403: 'No tienes permiso para hacer esto.',
  404: 'No se ha encontrado lo que buscas: puede que se haya borrado.',
  405: 'Esta acción no está disponible.',
  409: 'Otro cambio se ha cruzado con el tuyo. Recarga la página y vuelve a intentarlo.',
  413: 'Lo que has enviado es demasiado grande.',
  415: 'El formato de lo que has enviado no es válido.',
  503: 'El servicio no está disponible en este momento. Vuelve a intentarlo dentro de unos minutos.',
  507: 'No se ha podido guardar el archivo: no hay espacio en el servidor. Vuelve a intentarlo más tarde.',
};

/** The Spanish message of an HTTP answer with this error status. */
export function spanishErrorMessage(status: number, retryAfterSeconds?: number): string {
  if (status === 429) return tooManyRequestsMessage(retryAfterSeconds);
  return (
    BY_STATUS[status] ??
    (status >= 400 && status < 500
      ? 'No se ha podido hacer lo que pedías. Revisa los datos y vuelve a intentarlo.'
      : SERVER_FAILURE_MESSAGE)
  );
}
