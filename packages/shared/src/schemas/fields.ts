import { z } from 'zod';

/** A web address people may open: http or https only (spec §5; never javascript: or data:). */
export const httpUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .max(1000);
