import { z } from 'zod';
import { LINK_MAX_LENGTH } from '../constants/limits';

/** A web address people may open: http or https only (spec §5; never javascript: or data:). */
export const httpUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .max(LINK_MAX_LENGTH);

/** Text that may reach an email header or a one-line field: no line breaks. */
export const NO_LINE_BREAKS = /^[^\r\n]*$/;
export const noLineBreaks = (schema: z.ZodString) =>
  schema.regex(NO_LINE_BREAKS, 'must not contain line breaks');
