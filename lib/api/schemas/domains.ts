import { z } from 'zod';
import { id, text, webUrl } from './primitives';

export const domainSchema = z.object({
  id,
  /** Includes the scheme, e.g. https://go.example.com. */
  domain: text,
  redirectroot: webUrl,
  redirect404: webUrl,
});
export type Domain = z.infer<typeof domainSchema>;

export const createDomainResponseSchema = z.object({ id });
