import { Alert } from '../../../components/ui/alert';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';

/**
 * A failed call, said in Spanish: the API's own message for a refused request (its business rules
 * answer in Spanish, e.g. "Necesitas una organización para publicar proyectos"), else `fallback`.
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return 'No se pudo conectar con el servidor.';
    if (error.status === 403) return 'No tienes permiso para hacer esto.';
    if (error.isClientError && error.message.trim() !== '') return error.message;
  }
  return fallback;
}

export function ApiErrorAlert({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return <Alert tone="error">{getErrorMessage(error, fallback)}</Alert>;
}
