import { z } from 'zod';
import { API_ERROR_CODES } from '../constants/error-codes';

/** `details.code` of an error answer, in the OpenAPI document's `Error` schema. */
export const apiErrorCodeSchema = z
  .enum(API_ERROR_CODES)
  .describe('What the refusal is, for clients to match on; the message may change, the code not');
