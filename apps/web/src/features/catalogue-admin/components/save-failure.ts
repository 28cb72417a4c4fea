import { ApiError } from '../../../lib/api-client';
import { refusedField } from '../utils/form-rules';

/**
 * What a failed save shows: the spec §8 message of the failure ("Error al crear el campus") with
 * the reason in Spanish (the API's refusal, or the status's text), and the field the API named,
 * whose own message goes next to it.
 */
export function saveFailure(
  error: unknown,
  headline: string,
): { message: string; reason: string; field: string | undefined } {
  if (error instanceof ApiError) {
    return {
      message: headline,
      reason: error.message,
      field: error.status === 400 ? refusedField(error.details) : undefined,
    };
  }
  return { message: headline, reason: '', field: undefined };
}
